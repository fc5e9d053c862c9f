/**
 * The bundled demo: a scripted model repairs a small project in the offline workspace, so the
 * whole loop (tools, files changing, final answer) can be seen without any server.
 */
import type { ScriptedReply } from '../model/scripted-model-client';

export const demoFiles: Record<string, string> = {
  'README.md': '# sum\nA tiny library with one bug: `sum()` skips the first item.\n',
  'src/sum.js': 'export function sum(items) {\n  let total = 0;\n  for (let i = 1; i < items.length; i++) total += items[i];\n  return total;\n}\n',
};

export const demoTask = 'sum() in src/sum.js returns the wrong total. Find the bug and fix it.';

export const demoScript: ScriptedReply[] = [
  { text: 'Let me look at the project first.\n<tool>{"name":"list_files","args":{"path":"."}}</tool>' },
  { text: '<tool>{"name":"read_file","args":{"path":"src/sum.js"}}</tool>' },
  { text: 'The loop starts at 1, so the first item is skipped.\n<tool name="patch_file" path="src/sum.js"><old_text>let i = 1;</old_text><new_text>let i = 0;</new_text></tool>' },
  { text: '<tool>{"name":"run_shell","args":{"command":"grep -n \\"let i\\" src/sum.js"}}</tool>' },
  { text: '<final>Fixed `sum()` in src/sum.js: the loop started at index 1 and skipped the first item; it now starts at 0.</final>' },
];
