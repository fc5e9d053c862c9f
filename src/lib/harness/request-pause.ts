/** U3: the pause before a request, where step mode may stop the run or edit the newest message. */
import type { LoopContext } from './loop-context';
import type { RunSetup } from './run-setup';
import type { ChatMessage } from './model-types';

/** U3: the step gate may replace the newest message before it is sent (recorded as an edit). */
export async function pauseBeforeRequest(
  context: LoopContext,
  step: number,
  messages: ChatMessage[],
  setup: RunSetup,
  format: Record<string, unknown> | undefined,
): Promise<'stop' | ChatMessage[]> {
  const gate = context.options.stepGate;
  if (!gate) return messages;
  const last = context.session.history.at(-1);
  const editable =
    last && last.kind !== 'assistant' ? { role: messages.at(-1)!.role, content: messages.at(-1)!.content } : undefined;
  context.recorder.emit({ type: 'step.paused', step, at: 'request' });
  const decision = await gate.pause(
    {
      at: 'request',
      step,
      model: context.session.model,
      messages,
      options: { ...context.session.settings.options, numCtx: setup.budget.contextWindow.numCtx },
      ...(setup.nativeTools ? { tools: setup.nativeTools } : {}),
      ...(format ? { format } : {}),
      ...(editable ? { editable } : {}),
    },
    context.signal,
  );
  if (decision.action === 'stop') return 'stop';
  if (decision.action !== 'edit' || !editable) return messages;
  const before = await context.recorder.editLast(decision.text);
  context.recorder.emit({ type: 'step.edited', step, target: 'request', before, after: decision.text });
  return [setup.system, ...context.renderer.rerenderLast(context.session.history)];
}
