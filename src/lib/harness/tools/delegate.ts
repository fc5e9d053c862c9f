import type { ReadTool } from './tool-definition';
import { integerProperty, objectSchema, stringProperty } from './tool-definition';
import { describeOutcome } from '../outcome';

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
    return args.task.trim() ? null : `'task' must not be empty`;
  },
  async run(args, context) {
    if (!context.delegate) return { ok: false, output: 'error: delegation depth exceeded' };
    const result = await context.delegate({ task: args.task.trim(), maxSteps: args.max_steps, step: context.step });
    const header =
      `delegate_result (child session ${result.childSessionId}, ` +
      `${result.steps} steps, ${describeOutcome(result.outcome)}):`;
    const body = result.outcome.kind === 'final' ? result.outcome.answer : '(the child ended without an answer)';
    return { ok: result.outcome.kind === 'final', output: `${header}\n${body}`, childSessionId: result.childSessionId };
  },
};
