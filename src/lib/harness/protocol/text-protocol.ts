/**
 * T6: the text protocol. `<tool>{"name":…,"args":{…}}</tool>`, the XML form
 * `<tool name="write_file" path="…"><content>…</content></tool>`, and `<final>…</final>`.
 * Also accepted, because small local models emit them unprompted: a `<tool_call>` block in the
 * Hermes style and a bare JSON object with a name. Anything else with tool markup is malformed.
 */
import type { ParsedReply } from './parsed-reply';
import { stripThinking } from './parsed-reply';

function stripFence(text: string): string {
  const fenced = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```$/.exec(text.trim());
  return fenced ? fenced[1] : text.trim();
}

function jsonCall(body: string, form: 'json' | 'tool_call' | 'bare-json'): ParsedReply {
  let payload: unknown;
  try {
    payload = JSON.parse(stripFence(body));
  } catch (error) {
    return { kind: 'malformed', problem: `the tool call is not valid JSON (${(error as Error).message})` };
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return { kind: 'malformed', problem: 'the tool call must be a JSON object' };
  const record = payload as Record<string, unknown>;
  const name = typeof record.name === 'string' ? record.name.trim() : '';
  if (!name) return { kind: 'malformed', problem: 'the tool call has no "name"' };
  const args = record.args ?? record.arguments ?? record.parameters ?? {};
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return { kind: 'malformed', problem: '"args" must be a JSON object' };
  return { kind: 'tool', calls: [{ name, arguments: args }], form };
}

function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(/([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attributes[match[1]] = match[2] ?? match[3];
  return attributes;
}

/** Text arguments in the XML form: for write_file the body itself is the content. */
const bodyArgument: Record<string, string> = { write_file: 'content', delegate: 'task', run_shell: 'command', note: 'text' };

function xmlCall(open: string, body: string): ParsedReply {
  const attributes = parseAttributes(open);
  const name = (attributes.name ?? '').trim();
  if (!name) return { kind: 'malformed', problem: 'the <tool> tag has no name="…" attribute' };
  delete attributes.name;
  const args: Record<string, unknown> = { ...attributes };
  let found = false;
  for (const match of body.matchAll(/<([A-Za-z_][\w-]*)>/g)) {
    const key = match[1];
    const start = match.index + match[0].length;
    const end = body.lastIndexOf(`</${key}>`);
    if (end < start || key in args) continue;
    // Keep the text exactly, except one newline right after the tag (how people write XML).
    args[key] = body.slice(start, end).replace(/^\n/, '');
    found = true;
  }
  const text = body.replace(/^\n/, '');
  if (!found && text.trim() && bodyArgument[name] && !(bodyArgument[name] in args)) args[bodyArgument[name]] = text;
  return { kind: 'tool', calls: [{ name, arguments: args }], form: 'xml' };
}

function toolBlock(raw: string, at: number): ParsedReply {
  const openEnd = raw.indexOf('>', at);
  if (openEnd === -1) return { kind: 'malformed', problem: 'the <tool tag is not closed with ">"' };
  const open = raw.slice(at + '<tool'.length, openEnd);
  const close = raw.indexOf('</tool>', openEnd);
  if (close === -1) return { kind: 'malformed', problem: 'the tool call has no closing </tool> tag' };
  const body = raw.slice(openEnd + 1, close);
  const parsed = open.trim() === '' ? jsonCall(body, 'json') : xmlCall(open, body);
  const rest = raw.slice(close + '</tool>'.length);
  if (parsed.kind === 'tool' && /<tool[\s>]/.test(rest)) parsed.extra = 'only the first tool call was run; send one call per reply';
  return parsed;
}

export function parseTextReply(reply: string): ParsedReply {
  const raw = stripThinking(reply);
  if (!raw) return { kind: 'malformed', problem: 'the reply was empty' };
  const toolAt = raw.search(/<tool[\s>]/);
  const finalAt = raw.indexOf('<final>');
  if (toolAt !== -1 && (finalAt === -1 || toolAt < finalAt)) return toolBlock(raw, toolAt);
  if (finalAt !== -1) {
    const close = raw.indexOf('</final>', finalAt);
    const answer = raw.slice(finalAt + '<final>'.length, close === -1 ? undefined : close).trim();
    return answer ? { kind: 'final', answer } : { kind: 'malformed', problem: 'the <final> answer was empty' };
  }
  const hermes = /<tool_call>([\s\S]*?)(<\/tool_call>|$)/.exec(raw);
  if (hermes) return jsonCall(hermes[1], 'tool_call');
  const bare = stripFence(raw);
  if (bare.startsWith('{') && /"name"\s*:/.test(bare)) return jsonCall(bare, 'bare-json');
  if (/<\/?(tool|final)\b/.test(raw)) return { kind: 'malformed', problem: 'the reply has broken <tool> or <final> markup' };
  // Plain prose with no markup is how most models say they are done (as in the reference agent).
  return { kind: 'final', answer: raw };
}
