/**
 * A task that names files that are there and a file to make says what to read and what to write:
 * while the file to make has not been written, a change to a file the task names is refused,
 * saying which file comes first. Once it is written the rule steps aside, so a task that also
 * asks to change a named file only meets an order. A task naming no new file, or no file that is
 * there, meets nothing.
 */
import type { Rule } from '../rules/rule';
import { calledPath } from '../facts/called-path';

const changing = ['write_file', 'patch_file'];

export const outputFirst: Rule = {
  id: 'output-first',
  principle: 'While the file a task asks for is not written, the files it names to read are not changed.',
  layer: 'pack',
  decides: true,
  reads: ['start', 'calls'],
  priority: 250,
  async beforeTool(call, { facts }) {
    const { named, asked } = facts.start;
    const path = calledPath(call);
    if (!asked.length || !changing.includes(call.name) || path === undefined || !named.includes(path)) return undefined;
    // Written: the order is kept, the rule steps aside.
    if (facts.calls.some((each) => each.ok && changing.includes(each.name) && asked.includes(each.path ?? '')))
      return undefined;
    const names = asked.join(' and ');
    return (
      `error: ${path} was not changed. The task names it as it is now and asks for ${names}, ` +
      `which is not written yet: read what you need from ${path} and write ${names} first.`
    );
  },
};
