/**
 * U3: the pause before a request, where step mode may stop the run, edit the newest message, or
 * edit the whole request — the system prompt's sections, the sampling options, the native tools
 * declared — for this request and the rest of the run. Every edit is recorded as an event.
 */
import type { LoopContext } from './loop-context';
import type { RunSetup } from './run-setup';
import type { ChatMessage } from './model-types';
import type { RequestEdit } from './step-gate';
import { stableJson } from './stable-json';

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
  context.recorder.emit({ type: 'step.paused', step, point: 'request' });
  const decision = await gate.pause(
    {
      at: 'request',
      step,
      model: context.session.model,
      messages,
      options: { ...context.session.settings.options, contextWindow: setup.budget.contextWindow.tokens },
      sections: setup.prefix.sections.map(({ name, text }) => ({ name, text })),
      ...(setup.nativeTools ? { tools: setup.nativeTools } : {}),
      ...(format ? { format } : {}),
      ...(editable ? { editable } : {}),
    },
    context.signal,
  );
  if (decision.action === 'stop') return 'stop';
  if (decision.action === 'edit-request')
    return [...editRequest(context, step, setup, decision.request), ...messages.slice(1)];
  if (decision.action !== 'edit' || !editable) return messages;
  const before = await context.recorder.editLast(decision.text);
  const seq = context.session.history.at(-1)?.seq;
  context.recorder.emit({
    type: 'step.edited',
    step,
    target: 'request',
    before,
    after: decision.text,
    ...(seq !== undefined ? { seq } : {}),
  });
  return [setup.system, ...context.renderer.rerenderLast(context.session.history)];
}

/** Applies a whole-request edit to the run's setup; returns the system message to send. */
function editRequest(context: LoopContext, step: number, setup: RunSetup, edit: RequestEdit): [ChatMessage] {
  const emit = context.recorder.emit.bind(context.recorder);
  if (edit.sections) {
    const known = new Map(setup.prefix.sections.map((section) => [section.name as string, section]));
    const sections = edit.sections
      .filter((section) => known.has(section.name))
      .map(({ name, text }) => {
        const was = known.get(name)!;
        return was.text === text ? was : { ...was, template: text, text, edited: true };
      });
    const text = sections.map((section) => section.text).join('\n\n');
    if (text !== setup.system.content) {
      emit({ type: 'step.edited', step, target: 'system', before: setup.system.content, after: text });
      setup.prefix = { text, sections };
      setup.system = { role: 'system', content: text };
      setup.sections = sections.map((section) => ({ name: section.name, chars: section.text.length }));
    }
  }
  if (edit.options) {
    const before = context.session.settings.options;
    const after = { ...before, ...edit.options };
    if (stableJson(after) !== stableJson(before)) {
      emit({ type: 'step.edited', step, target: 'options', before: stableJson(before), after: stableJson(after) });
      context.session.settings = { ...context.session.settings, options: after };
    }
  }
  if (edit.tools && setup.nativeTools) {
    const kept = setup.nativeTools.filter((tool) => edit.tools!.includes(tool.name));
    if (kept.length !== setup.nativeTools.length) {
      const names = (tools: typeof kept) => tools.map((tool) => tool.name).join(', ');
      emit({ type: 'step.edited', step, target: 'tools', before: names(setup.nativeTools), after: names(kept) });
      setup.nativeTools = kept;
      setup.toolChars = JSON.stringify(kept).length;
    }
  }
  return [setup.system];
}
