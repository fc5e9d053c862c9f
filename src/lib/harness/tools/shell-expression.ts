/**
 * T3: a data file's whole content written as a shell expression (`$(…)`, `<(…)`, a command in
 * backticks) instead of the text it would give. write_file writes text as given: nothing runs it.
 * Only in files that hold data (a script, a Makefile or a README may rightly begin so), and only
 * when the expression begins the content.
 */

/** Files whose content is data or prose, never run: by extension. */
const dataFile = /\.(txt|json|csv|tsv|log|out|ini|env)$/i;
const expression = /^(?:\$\(|<\(|`[^`\n]+`$)/;

/** Why `content` is not written to `path` as it stands, or undefined. */
export function shellExpression(path: string, content: string): string | undefined {
  const first = content.trim().split('\n', 1)[0] ?? '';
  if (!dataFile.test(path) || !expression.test(first)) return undefined;
  const shown = JSON.stringify(first.length > 60 ? `${first.slice(0, 60)}…` : first);
  return (
    `content begins with a shell expression (${shown}), ` +
    `and write_file writes text as given: nothing would run it, and ${path} would hold the expression. ` +
    'Find the value first (read the files it comes from, or run a command with run_shell and read its output), ' +
    'then write the value itself'
  );
}
