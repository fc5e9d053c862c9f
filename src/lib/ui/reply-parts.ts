/**
 * U1, U4: a model reply shown as it was said (verbatim, monospace), with the part the harness
 * read as a tool call marked, so "what the model said" and "what the harness did" line up.
 */
export interface ReplyPart {
  text: string;
  call: boolean;
}

/** The first tool-call block of a text reply (`<tool …>…</tool>`, `<tool_call>`, a JSON envelope). */
export function replyParts(text: string): ReplyPart[] {
  const xml = /<tool[\s>][\s\S]*?<\/tool>|<tool_call>[\s\S]*?(<\/tool_call>|$)/.exec(text);
  const match = xml ?? /^\s*\{[\s\S]*"(action|name)"\s*:[\s\S]*\}\s*$/.exec(text);
  if (!match) return [{ text, call: false }];
  const start = match.index;
  const end = start + match[0].length;
  return [
    { text: text.slice(0, start), call: false },
    { text: text.slice(start, end), call: true },
    { text: text.slice(end), call: false },
  ].filter((part) => part.text);
}
