import type { ReadonlyWorkspace } from '../workspace-types';
import type { WriteTool } from './tool-definition';
import { objectSchema, stringProperty, textProperty } from './tool-definition';
import { expectWritableFile } from './path-checks';
import { unifiedDiff } from './unified-diff';

async function currentText(workspace: ReadonlyWorkspace, path: string): Promise<string> {
  const stat = await workspace.stat(path);
  return stat?.kind === 'file' ? workspace.readFile(path) : '';
}

export const writeFile: WriteTool<{ path: string; content: string }> = {
  name: 'write_file',
  access: 'write',
  risky: true,
  description: 'Write a whole text file (creates folders as needed).',
  parameters: objectSchema(
    {
      path: stringProperty('File relative to the workspace root.', { minLength: 1 }),
      content: textProperty('The complete new content.'),
    },
    ['path', 'content'],
  ),
  example: { path: 'binary_search.js', content: 'export function binarySearch(items, target) {\n  return -1;\n}\n' },
  check: (args, context) => expectWritableFile(context.workspace, args.path),
  async preview(args, context) {
    return unifiedDiff(args.path, await currentText(context.workspace, args.path), args.content);
  },
  async run(args, context) {
    const slash = args.path.lastIndexOf('/');
    if (slash > 0) await context.workspace.mkdir(args.path.slice(0, slash));
    await context.workspace.writeFile(args.path, args.content);
    // Counted as `wc -l` counts a file that ends with a newline.
    const lines = args.content === '' ? 0 : args.content.split('\n').length - (args.content.endsWith('\n') ? 1 : 0);
    return {
      ok: true,
      output: `wrote ${args.path} (${args.content.length} chars, ${lines} lines)`,
      touched: [args.path],
      changed: [args.path],
    };
  },
};
