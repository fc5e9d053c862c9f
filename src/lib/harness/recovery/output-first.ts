/**
 * O4 (issue 32): a task that names a file to make and files that are there says what to read and
 * what to write. Asked to write the port config/server.json sets into ANSWER.txt,
 * Qwen2.5-Coder-1.5B first patched config/server.json to another port (9000, 8080, 8080 in three
 * seeds) and then wrote that one: 0 of 3, where it passed 2 of 3 before patch_file was offered.
 * While a file the task names and that was not there at the start has not been written, a change
 * to another file the task names is refused, saying which file comes first. Every profile since
 * the default one, asked to "Read src/discount.js and explain its discount codes: in ANSWER.md,
 * list …", rewrote the codes in src/discount.js to the task's example (WINTER: 15) and then listed
 * those (explain-code, 0 of 45 over the 1.5B sweeps). Once it is written the rule steps aside,
 * so a task that also asks to change the file it names ("write test/b.test.js, then fix
 * src/b.js") only meets an order. A task naming no new file, or no file that is there, meets
 * nothing.
 */
import type { LoopExtension } from '../loop-extension';
import { calledPath } from '../small-model/step-envelope';
import { asksToMake, taskFiles } from '../task-files';

export function outputFirst(): LoopExtension {
  let sources = new Set<string>();
  let outputs: string[] = [];
  return {
    name: 'output-first',
    async onStart(scope) {
      const task = scope.context.task.trim();
      if (!task) return;
      if (!asksToMake(task)) return;
      const { there, missing } = await taskFiles(task, scope.context.options.workspace);
      if (there.length && missing.length) [sources, outputs] = [new Set(there), missing];
    },
    async beforeTool(call) {
      const path = calledPath(call);
      if (!['write_file', 'patch_file'].includes(call.name) || path === undefined || !sources.has(path))
        return undefined;
      const names = outputs.join(' and ');
      return (
        `error: ${path} was not changed. The task names it as it is now and asks for ${names}, ` +
        `which is not written yet: read what you need from ${path} and write ${names} first.`
      );
    },
    afterToolResult({ call, ok }) {
      const path = calledPath(call);
      // Written: the order is kept, the rule steps aside.
      if (ok && path !== undefined && ['write_file', 'patch_file'].includes(call.name) && outputs.includes(path))
        sources = new Set();
      return undefined;
    },
  };
}
