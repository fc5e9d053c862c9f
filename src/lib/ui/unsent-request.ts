/**
 * C3 U1: the newest step's request when it did not fit the context window and so was never sent (the inspector
 * shows it instead of "No request yet"); undefined once a later request was sent.
 */
import type { EventOf, HarnessEvent } from '../harness/events';

export function unsentRequest(
  events: readonly HarnessEvent[],
  sessionId: string | undefined,
): EventOf<'request.unsent'> | undefined {
  const own = events.filter((event) => event.sessionId === sessionId);
  const index = own.findLastIndex((event) => event.type === 'request.unsent');
  if (index === -1 || own.slice(index + 1).some((event) => event.type === 'request.messages')) return undefined;
  return own[index] as EventOf<'request.unsent'>;
}
