/**
 * D1, T1: the `delegate` tool: a bounded read-only child agent investigates and reports back; a
 * task that asks it to change or run something is refused with what to do instead.
 */
import type { ReadTool } from './tool-definition';
import { integerProperty, objectSchema, stringProperty } from './tool-definition';
import { describeOutcome } from '../outcome';
import { claimsChange } from '../recovery/change-claim';

/**
 * A task that starts by asking for a change or a command, which a read-only child cannot make.
 * Issue 32: Qwen2.5-Coder-1.5B delegated "Fix the failing tests in test/clamp.test.js" and "Run
 * 'node --test' …"; the child answered "Done: Fixed the failing tests" at its first step, having
 * changed nothing, and the parent took it for done (done-check, add-default,
 * qwen-1.5b-old-text-line). The first word decides, or a word after "and"/"then": "Find where x
 * is changed" is a question, "Find and correct the formula" (fix-formula, held out) is not.
 */
const verbs = [
  ...['fix', 'correct', 'change', 'edit', 'write', 'update', 'add', 'remove', 'delete', 'create', 'implement'],
  ...['patch', 'rename', 'refactor', 'replace', 'modify', 'run', 'execute', 'install', 'apply', 'make'],
];
// At the start of the task or of one of its sentences (the 1.5B model delegated its own task,
// "The tests … fail. Change src/slugify.js so that they pass", failing-test-pass), or after and/then.
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
    const header =
      `delegate_result (child session ${result.childSessionId}, ` +
      `${result.steps} steps, ${describeOutcome(result.outcome)}):`;
    const answer = result.outcome.kind === 'final' ? result.outcome.answer : '(the child ended without an answer)';
    // A read-only child that says it fixed or changed something did not (fix-formula, held out):
    // the parent took "Done: Fixed the formula" for done.
    // An answer given without any tool call that worked (a `class Square` src/shapes.js never held,
    // add-missing-export, qwen-1.5b-file-shown) is said to be that.
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
