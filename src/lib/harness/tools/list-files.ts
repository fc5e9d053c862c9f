/** T1: the `list_files` tool: one level of a workspace folder (a file is listed as itself), bounded. */
import type { ReadTool } from './tool-definition';
import { objectSchema, stringProperty } from './tool-definition';
import { expectKind, ignoredNames, joinPath } from './path-checks';

const maxEntries = 200;

export const listFiles: ReadTool<{ path: string }> = {
  name: 'list_files',
  access: 'read',
  risky: false,
  description: 'List the files and folders in a workspace folder (one level).',
  parameters: objectSchema({ path: stringProperty('Folder relative to the workspace root.', { default: '.' }) }, []),
  example: { path: '.' },
  // As `ls FILE` does, a file is listed as itself (Qwen2.5-Coder-1.5B listed the file
  // the task named, was told "is a file, not a directory", and answered that error or listed "."
  // until a repeat limit — in three tuning runs of qwen-1.5b-no-delegate).
  check: async (args, context) =>
    (await context.workspace.stat(args.path).catch(() => null))?.kind === 'file'
      ? null
      : expectKind(context.workspace, args.path, 'directory'),
  async run(args, context) {
    const stat = await context.workspace.stat(args.path).catch(() => null);
    if (stat?.kind === 'file')
      return { ok: true, output: `[F] ${args.path} (a file, not a folder: read_file shows what is in it)` };
    const entries = await context.workspace.readdir(args.path);
    entries.sort(
      (a, b) => Number(a.kind !== 'directory') - Number(b.kind !== 'directory') || a.name.localeCompare(b.name),
    );
    const lines: string[] = [];
    for (const entry of entries.slice(0, maxEntries)) {
      const path = joinPath(args.path, entry.name);
      if (entry.kind === 'directory')
        lines.push(ignoredNames.has(entry.name) ? `[D] ${path} (not listed)` : `[D] ${path}`);
      else lines.push(`${entry.kind === 'symlink' ? '[L]' : '[F]'} ${path}`);
    }
    if (entries.length > maxEntries) lines.push(`… ${entries.length - maxEntries} more entries`);
    return { ok: true, output: lines.join('\n') || '(empty folder)' };
  },
};
