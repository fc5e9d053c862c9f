import type { WriteTool } from './tool-definition';
import { objectSchema, stringProperty, textProperty } from './tool-definition';
import { expectKind } from './path-checks';
import { unifiedDiff } from './unified-diff';

function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + needle.length)) count++;
  return count;
}

export const patchFile: WriteTool<{ path: string; old_text: string; new_text: string }> = {
  name: 'patch_file',
  access: 'write',
  risky: true,
  description: 'Replace one exact block of text in a file; old_text must occur exactly once.',
  parameters: objectSchema(
    {
      path: stringProperty('File relative to the workspace root.', { minLength: 1 }),
      old_text: textProperty('The exact text to replace (must occur once).', { minLength: 1 }),
      new_text: textProperty('The replacement text.'),
    },
    ['path', 'old_text', 'new_text'],
  ),
  example: { path: 'binary_search.js', old_text: 'return -1;', new_text: 'return middle;' },
  async check(args, context) {
    const kind = await expectKind(context.workspace, args.path, 'file');
    if (kind) return kind;
    const count = occurrences(await context.workspace.readFile(args.path), args.old_text);
    if (count === 0) return `old_text was not found in ${args.path}; read the file and copy the text exactly`;
    if (count > 1)
      return `old_text occurs ${count} times in ${args.path}; include more surrounding lines so it occurs once`;
    return null;
  },
  async preview(args, context) {
    const before = await context.workspace.readFile(args.path);
    return unifiedDiff(
      args.path,
      before,
      before.replace(args.old_text, () => args.new_text),
    );
  },
  async run(args, context) {
    const before = await context.workspace.readFile(args.path);
    // Checked again here: the file may have changed between validation and approval.
    if (occurrences(before, args.old_text) !== 1)
      return { ok: false, output: `error: ${args.path} changed; old_text no longer occurs exactly once` };
    await context.workspace.writeFile(
      args.path,
      before.replace(args.old_text, () => args.new_text),
    );
    const removed = args.old_text.split('\n').length;
    const added = args.new_text === '' ? 0 : args.new_text.split('\n').length;
    return {
      ok: true,
      output: `patched ${args.path} (-${removed} +${added} lines)`,
      touched: [args.path],
      changed: [args.path],
    };
  },
};
