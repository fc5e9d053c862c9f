/**
 * T1 (issue 32): what a patch left, said in its result. Qwen2.5-Coder-1.5B fixed `i < end` by
 * adding the fixed loop under `const out = [];` and kept the old loop below it (fix-off-by-one,
 * qwen-1.5b-workspace-examples), and appended `export function square` to a file whose
 * `function square` stayed (add-missing-export, 0 of 36 runs over the sweeps); each was told only
 * "patched (-2 +4 lines)". The lines around the change, as the file now reads, show a line left
 * behind; a name a JavaScript file now declares twice at its top level is said outright (the
 * module will not load).
 */

/** Lines shown each side of the change, and the most shown at all (a longer change is not shown). */
const around = 2;
const shownLines = 16;
const scannedLines = 2000;
const lineChars = 200;

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length - 1;

/** `after`'s lines around the span [start, end), or '' when the span is too long to show. */
export function patchedRegion(after: string, start: number, end: number): string {
  const lines = after.split('\n');
  const first = Math.max(0, lineOf(after, start) - around);
  const last = Math.min(lines.length - 1, lineOf(after, Math.max(start, end - 1)) + around);
  if (last - first + 1 > shownLines) return '';
  // A minified line is cut: the result is read, not copied back.
  const shown = lines
    .slice(first, last + 1)
    .map((line) => (line.length > lineChars ? `${line.slice(0, lineChars)}…` : line));
  while (shown.length > 1 && shown[shown.length - 1] === '') shown.pop();
  const range =
    shown.length === 1 ? `line ${first + 1} now reads` : `lines ${first + 1}-${first + shown.length} now read`;
  return `\n${range}:\n${shown.join('\n')}`;
}

const scriptFile = /\.(?:[cm]?[jt]sx?)$/i;
const declaration =
  /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/;

/** Top-level declarations by name: the 1-based lines declaring it. Bounded by `scannedLines`. */
function declarations(text: string): Map<string, number[]> {
  const found = new Map<string, number[]>();
  text.split('\n', scannedLines).forEach((line, index) => {
    const name = declaration.exec(line)?.[1];
    if (name) found.set(name, [...(found.get(name) ?? []), index + 1]);
  });
  return found;
}

/** "; src/a.js now declares square twice (lines 1 and 9) …" for a name new_text declares again. */
export function declaredTwice(path: string, after: string, newText: string): string {
  if (!scriptFile.test(path)) return '';
  const added = new Set(declarations(newText).keys());
  for (const [name, lines] of declarations(after)) {
    if (!added.has(name) || lines.length < 2) continue;
    return (
      `; ${path} now declares ${name} ${lines.length === 2 ? 'twice' : `${lines.length} times`} ` +
      `(lines ${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}), which JavaScript refuses: keep one`
    );
  }
  return '';
}

/**
 * Why a patch is refused when it would make a JavaScript file declare a name at its top level
 * once more (the module would not load), or undefined. Refusing costs the model nothing to undo:
 * told after the fact ("declares square twice … keep one"), Qwen2.5-Coder-1.5B appended its
 * `export const square` again, refused three times as a repeat (add-missing-export, 0 of every run).
 * When the new declaration exports a name the file declares unexported, the refusal gives the
 * in-place change — the line with `export ` before it — which is what TypeScript's "add export"
 * fix does; otherwise it points at the line to change.
 */
export function declaredAgain(path: string, before: string, after: string, newText: string): string | undefined {
  if (!scriptFile.test(path)) return undefined;
  const had = declarations(before);
  const now = declarations(after);
  for (const name of declarations(newText).keys()) {
    const was = had.get(name) ?? [];
    if (was.length === 0 || (now.get(name)?.length ?? 0) <= was.length) continue;
    const line = before.split('\n')[was[0] - 1];
    const shown = line.length > lineChars ? `${line.slice(0, lineChars)}…` : line;
    const exported = newText.split('\n').some((each) => /^export\s/.test(each) && declaration.exec(each)?.[1] === name);
    const fix =
      exported && !/^export\s/.test(line)
        ? `to export it, change that line in place: old_text ${JSON.stringify(shown)}, ` +
          `new_text ${JSON.stringify(`export ${shown}`)}`
        : 'change that declaration in place (old_text copied from it) instead of adding another';
    return (
      `${path} already declares ${name} at line ${was[0]} (${JSON.stringify(shown)}); with this patch it ` +
      `would declare it twice, which JavaScript refuses, so nothing was changed: ${fix}`
    );
  }
  return undefined;
}
