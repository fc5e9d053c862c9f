/**
 * L3 (issue 32): after a final answer is sent back, the next constrained reply must be a tool call,
 * as an API's `tool_choice: "required"` would have it. Qwen2.5-Coder-1.5B, told its answer was not
 * accepted because the tests still failed (failing-test-pass, seeds 1–3 of qwen-1.5b-asked-written),
 * gave the same answer again, word for word, each of the three times it was sent back, and the
 * run ended on it: under the grammar, `{"action":"final"` was as open to it as any call. Here the
 * reply after a rejection has the final answer's alternative taken out of its schema, so the
 * next step acts (reads the test, patches, runs it); the reply after that may answer again.
 *
 * Only where the reply is constrained (the constrained protocol, or a text run switched to it);
 * the text and native protocols cannot be made to call. This extension comes first in the list:
 * it must see every final answer before another extension sends it back, and the small profile,
 * which chooses its own schema for every reply after this one's point, keeps its own.
 */
import type { LoopExtension } from '../loop-extension';

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

export function toolAfterRejection(): LoopExtension {
  let answeredAt: number | undefined;
  return {
    name: 'tool-after-rejection',
    // Every final answer passes here first; if the run goes on, one after this sent it back.
    async beforeFinal(_answer, { step }) {
      answeredAt = step;
      return { kind: 'accept' };
    },
    async beforeRequest({ format }, { step, context }) {
      if (!format || answeredAt !== step - 1) return { kind: 'go' };
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
}
