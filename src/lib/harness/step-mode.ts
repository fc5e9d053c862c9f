/**
 * U3 step mode as a rule: before each request the person may stop, edit the newest message or
 * the whole request (`request-pause.ts`); after each reply, before it is parsed, they may stop or
 * edit what the model "said" (the item keeps the original). The pause before each tool call is
 * the executor's (`tool-executor.ts`), where the call's validation and approval are known.
 */
import type { Rule } from './rules/rule';
import { pauseBeforeRequest } from './request-pause';
import { stepModeStop } from './step-scope';

export const stepMode: Rule = {
  id: 'step-mode',
  principle: 'In step mode the person sees each request and reply first, and may edit or stop it.',
  layer: 'core',
  decides: true,
  reads: ['settings'],
  priority: 140,
  appliesTo: (run) => run.stepMode,
  async beforeRequest({ messages, format }, { context, step, setup }) {
    const paused = await pauseBeforeRequest(context, step, messages, setup, format);
    return paused === 'stop' ? { kind: 'stop', outcome: stepModeStop } : { kind: 'go', messages: paused };
  },
  async afterReply({ reply, content, stoppedBy }, { context, step }) {
    const gate = context.options.stepGate;
    if (stoppedBy || !gate) return { kind: 'go' };
    const { recorder, signal } = context;
    recorder.emit({ type: 'step.paused', step, point: 'reply' });
    const decision = await gate.pause({ at: 'reply', step, content, toolCalls: reply.toolCalls }, signal);
    if (decision.action === 'stop') return { kind: 'stop', outcome: stepModeStop };
    if (decision.action !== 'edit' || decision.text === content) return { kind: 'go' };
    recorder.emit({ type: 'step.edited', step, target: 'reply', before: content, after: decision.text });
    return { kind: 'go', content: decision.text };
  },
};
