import type { ReadonlyWorkspace } from '../ports';
import type { ReadTool } from './tool-definition';
import { objectSchema, stringProperty } from './tool-definition';
import { ignoredNames, joinPath } from './path-checks';

const maxMatches = 200;
const maxFileBytes = 512 * 1024;

/** Regex when the pattern is one, literal otherwise; smart case as in ripgrep. */
function matcher(pattern: string): (line: string) => boolean {
  const flags = pattern === pattern.toLowerCase() ? 'i' : '';
  try {
    const regex = new RegExp(pattern, flags);
    return (line) => regex.test(line);
  } catch {
    const needle = flags ? pattern.toLowerCase() : pattern;
    return (line) => (flags ? line.toLowerCase() : line).includes(needle);
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
  example: { pattern: 'binary_search', path: '.' },
  async check(args, context) {
    if (!args.pattern.trim()) return `'pattern' must not be empty`;
    const stat = await context.workspace.stat(args.path);
    return stat ? null : `'${args.path}' does not exist`;
  },
  async run(args, context) {
    const test = matcher(args.pattern);
    const matches: string[] = [];
    let skipped = 0;
    for await (const file of walk(context.workspace, args.path)) {
      if (context.signal.aborted) break;
      const stat = await context.workspace.stat(file);
      if (!stat || stat.size > maxFileBytes) {
        skipped++;
        continue;
      }
      const text = await context.workspace.readFile(file);
      if (text.includes('\u0000')) continue;
      const lines = text.split('\n');
      for (let index = 0; index < lines.length; index++) {
        if (!test(lines[index])) continue;
        matches.push(`${file}:${index + 1}:${lines[index].slice(0, 200)}`);
        if (matches.length >= maxMatches) {
          return { ok: true, output: `${matches.join('\n')}\n… stopped at ${maxMatches} matches; narrow the pattern or path` };
        }
      }
    }
    const note = skipped > 0 ? `\n(${skipped} files over ${maxFileBytes / 1024} KiB not searched)` : '';
    return { ok: true, output: (matches.join('\n') || '(no matches)') + note };
  },
};
