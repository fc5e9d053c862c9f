import type { ReadTool } from './tool-definition';
import { integerProperty, objectSchema, stringProperty } from './tool-definition';
import { expectKind } from './path-checks';
import { pathKey } from '../context/path-key';

export const readFile: ReadTool<{ path: string; start: number; end: number }> = {
  name: 'read_file',
  access: 'read',
  risky: false,
  description: 'Read a UTF-8 text file by line range (numbered lines).',
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
      .map((line, index) => `${String(args.start + index).padStart(width, ' ')}: ${line}`)
      .join('\n');
    const range =
      args.start > lines.length
        ? `past the end: the file has ${lines.length} lines`
        : `lines ${args.start}-${last} of ${lines.length}`;
    // The header names the file one way however it was asked for, so equal reads are equal (C2).
    const name = pathKey(args.path);
    return { ok: true, output: `# ${name} (${range})\n${body}`, touched: [name] };
  },
};
