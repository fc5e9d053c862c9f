/**
 * U3 step mode as a loop extension: before each request the person may stop, edit the newest
 * message or the whole request (`request-pause.ts`); after each reply, before it is parsed, they
 * may stop or edit what the model "said" (the item keeps the original). The pause before each
 * tool call is the executor's (`tool-executor.ts`), where the call's validation and approval are
 * known.
 */
import type { LoopExtension } from './loop-extension';
import type { StepGate } from './step-gate';
import { pauseBeforeRequest } from './request-pause';
import { stepModeStop } from './step-scope';

export function stepMode(gate: StepGate): LoopExtension {
  return {
    name: 'step-mode',
    async beforeRequest({ messages, format }, { context, step, setup }) {
      const paused = await pauseBeforeRequest(context, step, messages, setup, format);
      return paused === 'stop' ? { kind: 'stop', outcome: stepModeStop } : { kind: 'go', messages: paused };
    },
    async afterReply({ reply, content, stoppedBy }, { context, step }) {
      if (stoppedBy) return { kind: 'go' };
      const { recorder, signal } = context;
      recorder.emit({ type: 'step.paused', step, at: 'reply' });
      const decision = await gate.pause({ at: 'reply', step, content, toolCalls: reply.toolCalls }, signal);
      if (decision.action === 'stop') return { kind: 'stop', outcome: stepModeStop };
      if (decision.action !== 'edit' || decision.text === content) return { kind: 'go' };
      recorder.emit({ type: 'step.edited', step, target: 'reply', before: content, after: decision.text });
      return { kind: 'go', content: decision.text };
    },
  };
}
