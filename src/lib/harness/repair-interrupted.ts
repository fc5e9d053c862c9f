/**
 * S2: a run cut off between an assistant's tool calls and their results leaves calls without
 * answers. Before resuming, each is answered with an error so the model (and the native
 * protocol's message pairing) sees a consistent history.
 */
import type { HistoryItem, NewHistoryItem } from './session';

export function repairInterrupted(history: readonly HistoryItem[]): NewHistoryItem[] {
  let lastAssistant = -1;
  for (let index = history.length - 1; index >= 0; index--) {
    if (history[index].kind === 'assistant') {
      lastAssistant = index;
      break;
    }
  }
  if (lastAssistant === -1) return [];
  const assistant = history[lastAssistant] as Extract<HistoryItem, { kind: 'assistant' }>;
  const calls = assistant.toolCalls ?? [];
  const answered = history.slice(lastAssistant + 1).filter((item) => item.kind === 'tool').length;
  return calls.slice(answered).map((call) => ({
    kind: 'tool' as const,
    name: call.name,
    args: call.arguments && typeof call.arguments === 'object' ? (call.arguments as Record<string, unknown>) : {},
    content: 'error: the run was interrupted before this call ran; call it again if it is still needed',
    ok: false,
  }));
}
