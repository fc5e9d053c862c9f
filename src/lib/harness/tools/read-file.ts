/** T1: the `read_file` tool: a file's lines by range, numbered or plain. */
import type { ReadTool } from './tool-definition';
import { integerProperty, objectSchema, stringProperty } from './tool-definition';
import { expectKind } from './path-checks';
import { pathKey } from '../context/path-key';
import { readHeader } from './read-header';

type ReadArgs = { path: string; start: number; end: number };

/**
 * read_file, with its lines numbered (`12: text`, what patch_file and a reviewer point at) or as
 * they are. The small profile reads them plain: Qwen2.5-Coder-1.5B copied the numbers into the
 * file it wrote back (`2: import assert …`), and the test file no longer parsed (rung 2).
 */
export function readFileTool(numbered: boolean): ReadTool<ReadArgs> {
  return {
    name: 'read_file',
    access: 'read',
    risky: false,
    description: numbered
      ? 'Read a UTF-8 text file by line range (numbered lines).'
      : 'Read a UTF-8 text file by line range.',
    parameters: objectSchema(
      {
        path: stringProperty('File relative to the workspace root.', { minLength: 1 }),
        start: integerProperty('First line, from 1.', { default: 1, minimum: 1 }),
        end: integerProperty('Last line (inclusive).', { default: 200, minimum: 1 }),
      },
      ['path'],
    ),
    example: { path: 'README.md', start: 1, end: 80 },
    async check(args, context) {
      if (args.end < args.start) return `'end' (${args.end}) must not be before 'start' (${args.start})`;
      return expectKind(context.workspace, args.path, 'file');
    },
    async run(args, context) {
      const lines = (await context.workspace.readFile(args.path)).split('\n');
      if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
      const last = Math.min(args.end, lines.length);
      const width = String(last).length;
      const body = lines
        .slice(args.start - 1, last)
        .map((line, index) => (numbered ? `${String(args.start + index).padStart(width, ' ')}: ${line}` : line))
        .join('\n');
      const range =
        args.start > lines.length
          ? `past the end: the file has ${lines.length} lines`
          : `lines ${args.start}-${last} of ${lines.length}`;
      // The header names the file one way however it was asked for, so equal reads are equal (C2).
      const name = pathKey(args.path);
      return { ok: true, output: `${readHeader(name, range)}\n${body}`, touched: [name] };
    },
  };
}

export const readFile = readFileTool(true);
