/**
 * T1: the `search` tool: a pattern (a regular expression when it is one, literal otherwise) over
 * the workspace's text files, bounded in matches, files and time.
 */
import type { ReadonlyWorkspace } from '../workspace-types';
import type { ReadTool } from './tool-definition';
import { objectSchema, stringProperty } from './tool-definition';
import { ignoredNames, joinPath } from './path-checks';

const maxMatches = 200;
const maxFileBytes = 512 * 1024;

/** What a search may cost, whatever the pattern and the tree (everything the model controls is bounded). */
const maxFiles = 5000;
const maxSeconds = 10;

/**
 * Regex when the pattern is one, literal otherwise; smart case as in ripgrep. Regexes run on
 * RE2 (linear time, loaded on first use): `(a+)+$` cannot backtrack for minutes.
 */
async function matcher(pattern: string): Promise<{ test: (line: string) => boolean; note?: string }> {
  const insensitive = pattern === pattern.toLowerCase();
  const literal = () => {
    const needle = insensitive ? pattern.toLowerCase() : pattern;
    return (line: string) => (insensitive ? line.toLowerCase() : line).includes(needle);
  };
  if (!/[.*+?^${}()|[\]\\]/.test(pattern)) return { test: literal() };
  const { RE2JS } = await import('re2js');
  try {
    const regex = RE2JS.compile(pattern, insensitive ? RE2JS.CASE_INSENSITIVE : 0);
    return { test: (line) => regex.matcher(line).find() };
  } catch (error) {
    return {
      test: literal(),
      note:
        `(not a regular expression RE2 accepts — ` +
        `${(error as Error).message.split('\n')[0]} — so it was searched as ` +
        `plain text)`,
    };
  }
}

async function* walk(workspace: ReadonlyWorkspace, path: string): AsyncGenerator<string> {
  const stat = await workspace.stat(path);
  if (!stat) return;
  if (stat.kind === 'file') {
    yield path;
    return;
  }
  if (stat.kind !== 'directory') return;
  const entries = await workspace.readdir(path);
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (ignoredNames.has(entry.name)) continue;
    const child = joinPath(path, entry.name);
    if (entry.kind === 'directory') yield* walk(workspace, child);
    else if (entry.kind === 'file') yield child;
  }
}

export const search: ReadTool<{ pattern: string; path: string }> = {
  name: 'search',
  access: 'read',
  risky: false,
  description: 'Search file contents for a pattern (regex or text; case-insensitive when all lowercase).',
  parameters: objectSchema(
    {
      pattern: stringProperty('Text or regular expression to look for.', { minLength: 1 }),
      path: stringProperty('File or folder to search in.', { default: '.' }),
    },
    ['pattern'],
  ),
  example: { pattern: 'TODO', path: '.' },
  async check(args, context) {
    if (!args.pattern.trim()) return `'pattern' must not be empty`;
    const stat = await context.workspace.stat(args.path);
    return stat ? null : `'${args.path}' does not exist`;
  },
  async run(args, context) {
    const { test, note: patternNote } = await matcher(args.pattern);
    const matches: string[] = [];
    let skipped = 0;
    let files = 0;
    const deadline = Date.now() + maxSeconds * 1000;
    const stoppedEarly = (why: string) => ({
      ok: true,
      output: `${matches.join('\n') || '(no matches so far)'}\n… ${why}; narrow the pattern or path`,
    });
    for await (const file of walk(context.workspace, args.path)) {
      if (context.signal.aborted) return stoppedEarly('the search was stopped');
      if (++files > maxFiles) return stoppedEarly(`stopped after ${maxFiles} files`);
      if (Date.now() > deadline) return stoppedEarly(`stopped after ${maxSeconds} s`);
      const stat = await context.workspace.stat(file);
      if (!stat || stat.size > maxFileBytes) {
        skipped++;
        continue;
      }
      const text = await context.workspace.readFile(file);
      if (text.includes('\u0000')) continue;
      const lines = text.split('\n');
      for (let index = 0; index < lines.length; index++) {
        if (index % 1000 === 999 && (context.signal.aborted || Date.now() > deadline))
          return stoppedEarly(context.signal.aborted ? 'the search was stopped' : `stopped after ${maxSeconds} s`);
        if (!test(lines[index])) continue;
        matches.push(`${file}:${index + 1}:${lines[index].slice(0, 200)}`);
        if (matches.length >= maxMatches) {
          return {
            ok: true,
            output: `${matches.join('\n')}\n… stopped at ${maxMatches} matches; narrow the pattern or path`,
          };
        }
      }
    }
    const note =
      (skipped > 0 ? `\n(${skipped} files over ${maxFileBytes / 1024} KiB not searched)` : '') +
      (patternNote ? `\n${patternNote}` : '');
    return { ok: true, output: (matches.join('\n') || '(no matches)') + note };
  },
};
