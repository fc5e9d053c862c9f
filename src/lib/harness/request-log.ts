/**
 * The requests of a session as they were sent, rebuilt from its `request.messages` events
 * (O1, U1, U3): what the model saw at any step, for the inspector, the slot view and replay.
 */
import type { HarnessEvent } from './events';
import type { ChatMessage, ToolDeclaration } from './model-types';

export interface SentRequest {
  /** Counted over the whole session from 1 (a resumed run continues the count). */
  step: number;
  /** The step number within its run, as the events say. */
  runStep: number;
  messages: ChatMessage[];
  /** How many messages were the same objects as in the previous request. */
  kept: number;
  tools?: ToolDeclaration[];
  format?: Record<string, unknown>;
}

/** Every request of one session in order (a new run starts from the messages of the last one). */
export function sentRequests(events: readonly HarnessEvent[], sessionId?: string): SentRequest[] {
  const requests: SentRequest[] = [];
  let current: ChatMessage[] = [];
  let tools: ToolDeclaration[] | undefined;
  let format: Record<string, unknown> | undefined;
  for (const event of events) {
    if (sessionId && event.sessionId !== sessionId) continue;
    if (event.type === 'run.started') {
      format = undefined;
      continue;
    }
    if (event.type !== 'request.messages') continue;
    current = [...current.slice(0, event.keep), ...event.added];
    if (event.tools) tools = event.tools;
    if (event.format) format = event.format;
    requests.push({
      step: requests.length + 1,
      runStep: event.step,
      messages: current,
      kept: event.keep,
      ...(tools ? { tools } : {}),
      ...(format ? { format } : {}),
    });
  }
  return requests;
}
