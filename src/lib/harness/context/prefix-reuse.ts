/** P2: how much of a request repeats the start of the previous one, by byte comparison. */
import type { ChatMessage } from '../model-types';

/** A request as flat text: what "starts with" means for prefix reuse. */
export function messageText(message: ChatMessage): string {
  const calls = message.toolCalls?.length ? `\n${JSON.stringify(message.toolCalls)}` : '';
  return `<${message.role}${message.toolName ? `:${message.toolName}` : ''}>\n${message.content}${calls}\n`;
}

const textLengths = new WeakMap<ChatMessage, number>();

function messageLength(message: ChatMessage): number {
  let length = textLengths.get(message);
  if (length === undefined) {
    length = messageText(message).length;
    textLengths.set(message, length);
  }
  return length;
}

export function requestChars(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, message) => sum + messageLength(message), 0);
}

export function requestText(messages: readonly ChatMessage[]): string {
  return messages.map(messageText).join('');
}

function commonPrefixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  return index;
}

/**
 * Characters at the start of `current` equal to the start of `previous` (the previous request
 * and the reply the model generated to it: what the server's KV cache holds). Whole messages are
 * compared first (cheap: unchanged messages are the same strings), so this stays linear in
 * the number of messages, not in the characters of the history.
 */
export function reusedPrefixChars(previous: readonly ChatMessage[], current: readonly ChatMessage[]): number {
  let reused = 0;
  for (let index = 0; index < current.length && index < previous.length; index++) {
    const a = previous[index];
    const b = current[index];
    if (
      a === b ||
      (a.role === b.role && a.content === b.content && a.toolName === b.toolName && a.toolCalls === b.toolCalls)
    ) {
      reused += messageLength(b);
      continue;
    }
    // Equal text from different objects (a reply as generated and as rendered back) still counts.
    const [before, now] = [messageText(a), messageText(b)];
    if (before === now) {
      reused += now.length;
      continue;
    }
    return reused + commonPrefixLength(before, now);
  }
  return reused;
}
