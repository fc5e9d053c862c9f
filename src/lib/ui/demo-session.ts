/**
 * The bundled demo: a scripted model repairs a small project in the offline workspace, so the
 * whole loop (tools, files changing, final answer) can be seen without any server. It reads what
 * the harness sent back, so a denied or failed step changes what it says — it never claims a fix
 * that did not happen.
 */
import type { ModelRequest } from '../harness/model-types';
import type { ScriptedReply } from '../model/scripted-model-client';

import { demoFiles, demoTask } from '../workspace/samples/demo-project';

export { demoFiles, demoTask };

const lastResult = (request: ModelRequest) => request.messages.at(-1)?.content ?? '';
const refused = (request: ModelRequest) => /approval denied|error:|not run/i.test(lastResult(request));

export const demoScript: ScriptedReply[] = [
  { text: 'Let me look at the project first.\n<tool>{"name":"list_files","args":{"path":"."}}</tool>' },
  { text: '<tool>{"name":"read_file","args":{"path":"src/sum.js"}}</tool>' },
  {
    text:
      'The loop starts at 1, so the first item is skipped.\n<tool ' +
      'name="patch_file" path="src/sum.js"><old_text>let i = ' +
      '1;</old_text><new_text>let i = 0;</new_text></tool>',
  },
  {
    respond: (request) =>
      refused(request)
        ? {
            text:
              '<final>I did not change anything: the patch to src/sum.js was not ' +
              'applied (it was denied or failed). The bug is still there — the loop ' +
              'in sum() starts at index 1 and skips the first item; changing `let i ' +
              '= 1` to `let i = 0` fixes it.</final>',
          }
        : { text: '<tool>{"name":"run_shell","args":{"command":"grep -n \\"let i\\" src/sum.js"}}</tool>' },
  },
  {
    respond: (request) =>
      refused(request)
        ? {
            text:
              '<final>I fixed `sum()` in src/sum.js (the loop now starts at 0), but ' +
              'I could not check it: the command was not run.</final>',
          }
        : {
            text:
              '<final>Fixed `sum()` in src/sum.js: the loop started at index 1 and ' +
              'skipped the first item; it now starts at 0, and grep shows the ' +
              'changed line.</final>',
          },
  },
];
