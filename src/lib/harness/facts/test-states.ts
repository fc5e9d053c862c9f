/**
 * L3: a check's tests that passed the last time and fail now, said beside its output. Each check's
 * output alone shows the failing test, never that the last change traded one test for another (a
 * fix of one case that breaks the other, put back, and round again). Read from the test reporter's
 * lines (`✔ name`, `✖ name`: node's, and `✓`/`×` for others); a check whose output has none says
 * nothing more.
 */

export interface TestStates {
  passed: ReadonlySet<string>;
  failed: ReadonlySet<string>;
}

/** The tests an output names as passed or failed; undefined when it names none. Bounded. */
export function testStates(output: string): TestStates | undefined {
  const passed = new Set<string>();
  const failed = new Set<string>();
  for (const line of output.split('\n', 4000)) {
    const match = /^\s*([✔✓✖×✗])\s+(.{1,200}?)(?:\s+\(\d+(?:\.\d+)?m?s\))?\s*$/.exec(line);
    // node's "✖ failing tests:" heads the repeat of the failures: a heading, not a test.
    if (!match || match[2]!.endsWith(':')) continue;
    (['✔', '✓'].includes(match[1]!) ? passed : failed).add(match[2]!);
  }
  // node's reporter lists the failing tests again at the end: a name stays failed.
  for (const name of failed) passed.delete(name);
  return passed.size || failed.size ? { passed, failed } : undefined;
}

const named = (names: string[]) =>
  names
    .slice(0, 5)
    .map((name) => `\`${name}\``)
    .join(', ');

/** What the last change traded, or undefined: tests passing before that fail now. */
export function regressionNote(before: TestStates | undefined, now: TestStates | undefined): string | undefined {
  if (!before || !now) return undefined;
  const broken = [...before.passed].filter((name) => now.failed.has(name));
  if (!broken.length) return undefined;
  const mended = [...before.failed].filter((name) => now.passed.has(name));
  return (
    `Since the last check, ${named(broken)} ${broken.length > 1 ? 'fail' : 'fails'} and passed before` +
    (mended.length ? `, while ${named(mended)} now ${mended.length > 1 ? 'pass' : 'passes'}` : '') +
    ': the last change traded one test for another. The code must pass all of them at once: read what each ' +
    'failing and passing test expects, and change the code so it keeps both.'
  );
}
