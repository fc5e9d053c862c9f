/** An eval run's session title, and how the sidebar tells those sessions from a person's own. */
const prefix = 'eval: ';

export function evalTitle(run: string): string {
  return `${prefix}${run}`;
}

export function isEvalSession(title: string): boolean {
  return title.startsWith(prefix);
}
