/**
 * The pool's checks. Every generated task ships one checker (`check/verify.cjs`, hidden: written
 * only for the check) and passes it the expected state on its command line as JSON in single
 * quotes, so the expected values are never in a file the model's code could read. Code tasks add
 * their own commands (tests, probes, a swapped-in module) to the same `&&` chain.
 */
import { readFileSync } from 'node:fs';

export type Assertion =
  /** The file's lines, trailing spaces and final blank lines aside. */
  | { file: string; text: string }
  /** The same lines in any order (blank lines aside): a setting added anywhere in a flat file. */
  | { file: string; sameLines: string }
  /** Parses as JSON to this value (key order free). */
  | { file: string; json: unknown }
  /** Its trimmed content is one of these. */
  | { file: string; answer: string[] }
  /** Every string of `contains` is in it, none of `lacks`. */
  | { file: string; contains: string[]; lacks?: string[] }
  /** Its Markdown table's rows, cell by cell (padding free), separator row aside. */
  | { file: string; table: string[][] }
  /** Its lines, each `KEY: VALUE` (or `KEY = VALUE`), read as a map: these pairs and no others. */
  | { file: string; pairs: Record<string, string> }
  | { absent: string };

export const checkerPath = 'check/verify.cjs';
export const checkerSource = readFileSync(new URL('./verify.cjs', import.meta.url), 'utf8');

export function verify(assertions: Assertion[]): string {
  return `node ${checkerPath} ${quote(JSON.stringify(assertions))}`;
}

/** A shell word in single quotes (the expected output of a command). */
export function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The command prints exactly `expected` (trailing newline aside). */
export function prints(command: string, expected: string): string {
  return `test "$(${command})" = ${quote(expected)}`;
}

export function checkCommand(...parts: string[]): string {
  return parts.join(' && ');
}
