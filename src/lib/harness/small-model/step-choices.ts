/**
 * O4: what the small profile's per-reply grammar is made from, read from the run's facts: whether
 * a tool call has worked yet, the last call, the files read and folders listed since the files
 * last changed (or a command worked), and the workspace's paths (listed again only after a change).
 */
import type { StepScope } from '../step-scope';
import type { CallFact } from '../facts/run-facts';
import type { StepChoices } from './step-envelope';
import { commonPrograms } from './step-envelope';
import { namedPaths } from '../facts/task-files';

/** A call after which the files may differ: a change, or a command that worked (a failed one changed nothing). */
const mayHaveChanged = (call: CallFact) => call.changed || (call.name === 'run_shell' && call.ok);

export async function stepChoices({ context, facts }: StepScope): Promise<StepChoices> {
  const workspace = context.options.workspace;
  const paths = await facts.paths(workspace);
  const since = facts.calls.slice(facts.calls.findLastIndex(mayHaveChanged) + 1);
  const seen = { read: new Set<string>(), listed: new Set<string>() };
  for (const call of since) {
    if (call.path && call.name === 'read_file') seen.read.add(call.path);
    if (call.path && call.name === 'list_files') seen.listed.add(call.path);
  }
  const last = facts.calls.at(-1);
  return {
    ...(paths ? { paths } : {}),
    ...(last ? { last: { name: last.name, arguments: last.args } } : {}),
    seen,
    named: namedPaths(facts.task),
    programs: commonPrograms(workspace.describe().has),
    allowFinal: facts.anyToolWorked,
  };
}
