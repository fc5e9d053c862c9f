/**
 * O5: a task family is a generator. It writes variants of one kind of request — the same work
 * with other file names and folders, formats, positions, values and words — each with a
 * reference solution that passes its check and wrong solutions (shortcuts) that fail it. A family
 * belongs to one split (tuning, dev or test); its variants never straddle two.
 */
import type { Random } from './random';

export type Split = 'tuning' | 'dev' | 'test';
export type Rung = 1 | 2 | 3;
/** How a request is put: an order, a question, or a user's story around it. */
export type Style = 'imperative' | 'question' | 'story';

export interface Phrasing<P> {
  style: Style;
  /** The request names the files the work is on (false: the model has to find them). */
  names: boolean;
  text(parameters: P): string;
}

export interface Shortcut {
  /** What is wrong with it, in a line. */
  about: string;
  replies: string[];
}

export interface Variant {
  title: string;
  task: string;
  style: Style;
  names: boolean;
  check: string;
  tags: string[];
  files: Record<string, string>;
  hidden?: Record<string, string>;
  protect?: string[];
  limits?: { maxSteps?: number };
  settings?: { skillsFolder?: string; shellRules?: { allow: string[]; deny: string[] }; verifyCommand?: string };
  /** Replies (text protocol) that solve it through the harness. */
  reference: string[];
  shortcuts: Record<string, Shortcut>;
}

export interface Family {
  id: string;
  rung: Rung;
  split: Split;
  /** One sentence: what every variant asks, whatever its names, formats and words. */
  about: string;
  /** How many variants it writes. */
  count: number;
  variant(random: Random, index: number): Variant;
}

/** A tool call as a reply in the text protocol. */
export function call(name: string, args: Record<string, unknown>): string {
  return `<tool>${JSON.stringify({ name, args })}</tool>`;
}

export function final(text: string): string {
  return `<final>${text}</final>`;
}

export const read = (path: string) => call('read_file', { path });
export const write = (path: string, content: string) => call('write_file', { path, content });
export const patch = (path: string, oldText: string, newText: string) =>
  call('patch_file', { path, old_text: oldText, new_text: newText });
export const shell = (command: string) => call('run_shell', { command });

/**
 * The phrasing of variant `index`: the phrasings are taken in turn (so every style shows up in a
 * family's first few variants) and the words filled from the variant's own parameters.
 */
export function phrase<P>(phrasings: readonly Phrasing<P>[], index: number, parameters: P) {
  const chosen = phrasings[index % phrasings.length];
  return { task: chosen.text(parameters), style: chosen.style, names: chosen.names };
}

/** Lines joined with a final newline, as files are written. */
export const lines = (...rows: string[]) => rows.join('\n') + '\n';
