/**
 * T1: a JavaScript name declared twice in one block, which the module refuses to load (an exported
 * copy appended below the unexported function, a second `const` under the first); told after the
 * fact, a model appends again. A patch that would do it is refused (`declaredAgain`), with the
 * in-place change when the new declaration exports a name the file declares unexported — what
 * TypeScript's "add export" fix does. Read line by line, not parsed: a declaration is a line that
 * begins (after its indent) with function, class, const or let; two are in one block when they
 * share an indent and no line between them is indented less. `var` may be declared again, so it is
 * not counted.
 */
import { shownLine } from './patched-region';

export const scriptFile = /\.(?:[cm]?[jt]sx?)$/i;
const declaration =
  /^(\s*)(export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|class|const|let)\s+([A-Za-z_$][\w$]*)/;
const scannedLines = 2000;

export interface Declared {
  name: string;
  /** 1-based. */
  line: number;
  indent: number;
  exported: boolean;
}

/** The name a line declares (its indent, and whether it exports it), or undefined. */
export function declarationLine(line: string): Omit<Declared, 'line'> | undefined {
  const match = declaration.exec(line);
  return match ? { name: match[3]!, indent: match[1]!.length, exported: Boolean(match[2]) } : undefined;
}

/** Every declaration of the text's first `scannedLines` lines, in order. */
export function declared(text: string): Declared[] {
  return text.split('\n', scannedLines).flatMap((line, index) => {
    const found = declarationLine(line);
    return found ? [{ ...found, line: index + 1 }] : [];
  });
}

/** Pairs of declarations of one name in one block, the earlier first. */
function twice(text: string): [Declared, Declared][] {
  const lines = text.split('\n', scannedLines);
  const indentOf = (line: string) => (line.trim() === '' ? Infinity : line.length - line.trimStart().length);
  const all = declared(text);
  const pairs: [Declared, Declared][] = [];
  for (const [index, later] of all.entries()) {
    const earlier = all
      .slice(0, index)
      .reverse()
      .find((each) => each.name === later.name && each.indent === later.indent);
    if (!earlier) continue;
    const between = lines.slice(earlier.line, later.line - 1);
    if (between.every((line) => indentOf(line) >= later.indent)) pairs.push([earlier, later]);
  }
  return pairs;
}

/** "; src/a.js now declares f twice (lines 1 and 9) …" for a name new_text declares again. */
export function declaredTwice(path: string, after: string, newText: string): string {
  if (!scriptFile.test(path)) return '';
  const added = new Set(declared(newText).map((each) => each.name));
  const pair = twice(after).find(([, later]) => added.has(later.name));
  if (!pair) return '';
  const [earlier, later] = pair;
  return (
    `; ${path} now declares ${later.name} twice (lines ${earlier.line} and ${later.line}), ` +
    'which JavaScript refuses: keep one'
  );
}

/**
 * Why a patch is refused when it would make a JavaScript file declare a name once more in one
 * block (the module would not load), or undefined.
 */
export function declaredAgain(path: string, before: string, after: string, newText: string): string | undefined {
  if (!scriptFile.test(path)) return undefined;
  const added = declared(newText);
  const had = twice(before).length;
  const pairs = twice(after);
  if (pairs.length <= had) return undefined;
  const pair = pairs.find(([, later]) => added.some((each) => each.name === later.name));
  if (!pair) return undefined;
  const [earlier, later] = pair;
  const line = shownLine(after.split('\n')[earlier.line - 1]!);
  const exported = added.some((each) => each.name === later.name && each.exported) && !earlier.exported;
  const fix = exported
    ? `to export it, change that line in place: old_text ${JSON.stringify(line.trim())}, ` +
      `new_text ${JSON.stringify(`export ${line.trim()}`)}`
    : 'change that declaration in place (old_text copied from it) instead of adding another';
  const where = earlier.indent === 0 ? '' : ' in the same block';
  return (
    `${path} already declares ${later.name} at line ${earlier.line} (${JSON.stringify(line)}); with this patch ` +
    `it would declare it twice${where}, which JavaScript refuses, so nothing was changed: ${fix}`
  );
}
