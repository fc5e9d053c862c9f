/**
 * After a final answer is sent back, the next constrained reply must be a tool call, as an API's
 * `tool_choice: "required"` would have it: the reply's schema loses its final-answer alternative
 * for that one reply, so the step after a rejection acts instead of answering again. Only where
 * the reply is constrained; the text and native protocols cannot be made to call.
 */
import type { Rule } from '../rules/rule';

/** `schema` without its final-answer alternative, or undefined when it has none or nothing else. */
export function withoutFinal(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  const alternatives = schema.anyOf;
  if (!Array.isArray(alternatives)) return undefined;
  const isFinal = (each: unknown): boolean => {
    const action = (each as { properties?: { action?: { enum?: unknown } } })?.properties?.action?.enum;
    return Array.isArray(action) && action.length === 1 && action[0] === 'final';
  };
  const calls = alternatives.filter((each) => !isFinal(each));
  return calls.length > 0 && calls.length < alternatives.length ? { ...schema, anyOf: calls } : undefined;
}

export const toolAfterRejection: Rule = {
  id: 'tool-after-rejection',
  principle: 'The reply after an answer was sent back must call a tool, where the reply is constrained.',
  layer: 'pack',
  decides: true,
  reads: ['answers'],
  priority: 10,
  async beforeRequest({ format }, { step, context, facts }) {
    const sentBack = facts.answers.at(-1);
    if (!format || !sentBack?.sentBackBy || sentBack.step !== step - 1) return { kind: 'go' };
    const calls = withoutFinal(format);
    if (!calls) return { kind: 'go' };
    // An event only (the model reads the rejection's notice already): the transcript says why
    // this request's schema has no final answer, and a sweep can count it.
    context.recorder.emit({
      type: 'notice',
      step,
      reason: 'tool-after-rejection',
      text: 'the answer was sent back, so this reply must call a tool: its schema has no final answer',
    });
    return { kind: 'go', format: calls };
  },
};
