/**
 * D1, T1: the `delegate` tool: a bounded read-only child agent investigates and reports back; a
 * task that asks it to change or run something is refused with what to do instead.
 */
import type { ReadTool } from './tool-definition';
import { integerProperty, objectSchema, stringProperty } from './tool-definition';
import { describeOutcome } from '../outcome';
import { claimsChange } from '../change-claim';

/**
 * A task that asks for a change or a command, which a read-only child cannot make: refused, so a
 * child never answers "done" for work it could not do. The first word of the task or of one of its
 * sentences decides, or a word after "and"/"then": "Find where x is changed" is a question, "Find
 * and correct the formula" is not.
 */
const verbs = [
  ...['fix', 'correct', 'change', 'edit', 'write', 'update', 'add', 'remove', 'delete', 'create', 'implement'],
  ...['patch', 'rename', 'refactor', 'replace', 'modify', 'run', 'execute', 'install', 'apply', 'make'],
];
// At the start of the task or of one of its sentences (a model may delegate its whole task, whose
// second sentence asks for the change), or after and/then.
const changeVerbs = new RegExp(
  `(?:^(?:please\\s+)?|[.!?;:]\\s+(?:please\\s+)?|\\b(?:and|then)\\s+)(${verbs.join('|')})\\b`,
  'i',
);
export const changeVerb = (task: string): string | undefined => changeVerbs.exec(task.trim())?.[1]?.toLowerCase();

/** D1: the tool side of delegation; the child agent itself is built by the loop. */
export const delegate: ReadTool<{ task: string; max_steps: number }> = {
  name: 'delegate',
  access: 'read',
  risky: false,
  description: 'Ask a bounded read-only child agent to investigate and report back.',
  parameters: objectSchema(
    {
      task: stringProperty('What the child should find out.', { minLength: 1 }),
      max_steps: integerProperty('Step limit for the child (1-8).', { default: 3, minimum: 1, maximum: 8 }),
    },
    ['task'],
  ),
  example: { task: '<a question a read-only helper can answer by reading files>', max_steps: 3 },
  async check(args, context) {
    if (!context.delegate) return 'delegation depth exceeded: a child agent cannot delegate again';
    if (!args.task.trim()) return `'task' must not be empty`;
    const verb = changeVerb(args.task);
    return verb
      ? `the child is read-only: it can read, list and search, not ${verb} anything. ` +
          'Make the change yourself (patch_file, write_file, run_shell), or ask the child a question'
      : null;
  },
  async run(args, context) {
    if (!context.delegate) return { ok: false, output: 'error: delegation depth exceeded' };
    const result = await context.delegate({ task: args.task.trim(), maxSteps: args.max_steps, step: context.step });
    // The outcome's kind only: the child's own flags are in its transcript; the parent is told below
    // what matters to it (an answer read from nothing, a change a read-only child cannot have made).
    const { outcome } = result;
    const kind = outcome.kind === 'final' ? { kind: outcome.kind, answer: outcome.answer } : outcome;
    const header =
      `delegate_result (child session ${result.childSessionId}, ` + `${result.steps} steps, ${describeOutcome(kind)}):`;
    const answer = result.outcome.kind === 'final' ? result.outcome.answer : '(the child ended without an answer)';
    // A read-only child that says it fixed or changed something did not, and an answer given without
    // any tool call that worked is not from the workspace: the parent is told both, plainly.
    const marks = [
      ...(claimsChange(answer)
        ? ['[harness] The child is read-only: it changed no file, whatever it says. Make the change yourself.']
        : []),
      ...(result.read === false && result.outcome.kind === 'final'
        ? ['[harness] The child read nothing before answering: this is not from the workspace. Read the file yourself.']
        : []),
    ];
    const body = [answer, ...marks].join('\n');
    return { ok: result.outcome.kind === 'final', output: `${header}\n${body}`, childSessionId: result.childSessionId };
  },
};
