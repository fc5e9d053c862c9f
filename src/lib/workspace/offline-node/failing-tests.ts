/**
 * W2: the "✖ failing tests:" section Node 20's report ends with, each failure under the place its
 * test was declared ("test at test/clamp.test.js:6:1"). The offline node printed only the test's
 * name, so a model told "✖ high … 9 !== 5" by a done-check had no file to open (Qwen2.5-Coder-1.5B,
 * done-check, qwen-1.5b-default-v3: it never found src/clamp.js). Bounded: the guest fills the list.
 */
export interface TestFailure {
  name: string;
  ms: number;
  message: string;
  where?: { file: string; line: number; column: number };
}

const shownFailures = 20;
/** Failures kept from the guest's list, over every test file of a run. */
export const keptFailures = 100;
const messageChars = 1000;

/**
 * QuickJS places a call at its `(`, Node at the start of the callee (`test`, `it`, `t.test`):
 * step back over the callee's name when the source line is at hand.
 */
function calleeColumn(line: string | undefined, column: number): number {
  if (line?.[column - 1] !== '(') return column;
  let start = column - 1;
  while (start > 0 && /[\w$.]/.test(line[start - 1]!)) start--;
  return start + 1;
}

function relativeTo(cwd: string, file: string): string {
  return file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file;
}

/** The section, or '' when nothing failed; `failures` come from the guest and are checked here. */
export function failingTestsReport(
  failures: unknown[],
  cwd: string,
  source: (file: string) => string | undefined = () => undefined,
  /** How many failed in all (the guest keeps at most `keptFailures` of them). */
  total = 0,
): string {
  const valid = failures.filter(
    (failure): failure is TestFailure =>
      typeof (failure as TestFailure)?.name === 'string' && typeof (failure as TestFailure).message === 'string',
  );
  if (valid.length === 0) return '';
  const shown = valid.slice(0, shownFailures).map((failure) => {
    const where = failure.where;
    const at =
      where && typeof where.file === 'string' && Number.isInteger(where.line) && Number.isInteger(where.column)
        ? `test at ${relativeTo(cwd, where.file).slice(0, 300)}:${where.line}:` +
          `${calleeColumn(source(where.file)?.split('\n', where.line)[where.line - 1], where.column)}\n`
        : '';
    const message = failure.message.slice(0, messageChars).split('\n').join('\n  ');
    return `${at}✖ ${failure.name.slice(0, 300)} (${Number(failure.ms) || 0}ms)\n  ${message}\n`;
  });
  const left = Math.max(Number(total) || 0, valid.length) - shown.length;
  const more = left > 0 ? `… and ${left} more failing tests\n` : '';
  return `\n✖ failing tests:\n\n${shown.join('\n')}${more}`;
}
