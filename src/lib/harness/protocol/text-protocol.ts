/**
 * T6: the text protocol. `<tool>{"name":…,"args":{…}}</tool>`, the XML form
 * `<tool name="write_file" path="…"><content>…</content></tool>`, and `<final>…</final>`.
 * Also accepted, because small local models emit them unprompted (recover-call.ts): a
 * `<tool_call>` block in the Hermes style, a fenced or bare JSON object (or list) naming a declared
 * tool, and arguments written beside the name. Anything else with tool markup is malformed.
 *
 * The XML form carries markup (HTML, JSX, SVG, XML): only the tool's declared argument tags are
 * read, each to its matching close (nested tags of the same name counted, CDATA skipped), and
 * the text inside is kept byte for byte.
 */
import type { ParsedReply } from './parsed-reply';
import { stripThinking } from './parsed-reply';
import { baseTools } from '../tools/tool-registry';
import { lenientJson, quotedCall, recoveredReply } from './recover-call';

const baseArguments = new Map(baseTools.map((tool) => [tool.name, Object.keys(tool.parameters.properties)]));

export interface TextProtocolOptions {
  /** The declared argument names of a tool, when it is known (XML form). */
  argumentNames?: (tool: string) => readonly string[] | undefined;
  /** T6: recover calls written the way small models write them (default true). */
  recover?: boolean;
}

function stripFence(text: string): string {
  const fenced = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```$/.exec(text.trim());
  return fenced ? fenced[1] : text.trim();
}

function jsonCall(body: string, form: 'json'): ParsedReply {
  let payload: unknown;
  try {
    payload = JSON.parse(stripFence(body));
  } catch (error) {
    // Raw newlines in a string, a brace too many: how small models get JSON almost right.
    payload = lenientJson(stripFence(body));
    if (payload === undefined)
      return { kind: 'malformed', problem: `the tool call is not valid JSON (${(error as Error).message})` };
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload))
    return { kind: 'malformed', problem: 'the tool call must be a JSON object' };
  const record = payload as Record<string, unknown>;
  const name = typeof record.name === 'string' ? record.name.trim() : '';
  if (!name) return { kind: 'malformed', problem: 'the tool call has no "name"' };
  const key = ['args', 'arguments', 'parameters'].find((candidate) => candidate in record);
  // Arguments written beside the name, not under "args", are taken as the arguments.
  const args = key ? record[key] : Object.fromEntries(Object.entries(record).filter(([entry]) => entry !== 'name'));
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return { kind: 'malformed', problem: '"args" must be a JSON object' };
  const beside = !key && Object.keys(args).length > 0;
  return {
    kind: 'tool',
    calls: [{ name, arguments: args }],
    form,
    ...(beside ? { recovered: { besideName: true } } : {}),
  };
}

function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(/([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    attributes[match[1]] = match[2] ?? match[3];
  return attributes;
}

/** Text arguments in the XML form: with no argument tags, the body itself is this one. */
const bodyArgument: Record<string, string> = {
  write_file: 'content',
  delegate: 'task',
  run_shell: 'command',
  note: 'text',
};

/** Where `</name>` closes the tag opened just before `from`; -1 when it never does. */
function matchingClose(raw: string, name: string, from: number): number {
  const open = `<${name}>`;
  const close = `</${name}>`;
  let depth = 1;
  for (let at = from; at < raw.length;) {
    const candidates = [raw.indexOf('<![CDATA[', at), raw.indexOf(open, at), raw.indexOf(close, at)].map((index) =>
      index === -1 ? Infinity : index,
    );
    const next = Math.min(...candidates);
    if (next === Infinity) break;
    if (next === candidates[0]) {
      const end = raw.indexOf(']]>', next);
      if (end === -1) break;
      at = end + 3;
    } else if (next === candidates[1]) {
      depth++;
      at = next + open.length;
    } else {
      if (--depth === 0) return next;
      at = next + close.length;
    }
  }
  // Unbalanced markup inside the value: the outermost close wins.
  const last = raw.lastIndexOf(close);
  return last >= from ? last : -1;
}

/** One newline right after the opening tag is how people write XML; a whole-CDATA value is unwrapped. */
function cleanValue(text: string): string {
  const value = text.startsWith('\r\n') ? text.slice(2) : text.startsWith('\n') ? text.slice(1) : text;
  if (/^\s*(<!\[CDATA\[[\s\S]*?\]\]>\s*)+$/.test(value))
    return [...value.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)].map((match) => match[1]).join('');
  return value;
}

function xmlCall(
  raw: string,
  open: string,
  bodyStart: number,
  options: TextProtocolOptions,
): ParsedReply & { end?: number } {
  const attributes = parseAttributes(open);
  const name = (attributes.name ?? '').trim();
  if (!name) return { kind: 'malformed', problem: 'the <tool> tag has no name="…" attribute' };
  delete attributes.name;
  const declared = options.argumentNames?.(name) ?? baseArguments.get(name) ?? [];
  const args: Record<string, unknown> = { ...attributes };
  let found = false;
  let at = bodyStart;
  for (;;) {
    const closeAt = raw.indexOf('</tool>', at);
    let next: { name: string; index: number } | undefined;
    for (const argument of declared) {
      const index = raw.indexOf(`<${argument}>`, at);
      if (index !== -1 && (!next || index < next.index)) next = { name: argument, index };
    }
    if (!next || (closeAt !== -1 && closeAt < next.index)) break;
    const valueStart = next.index + next.name.length + 2;
    const valueEnd = matchingClose(raw, next.name, valueStart);
    if (valueEnd === -1)
      return {
        kind: 'malformed',
        problem: `the <${next.name}> argument of ${name} is not closed with </${next.name}>`,
      };
    if (!(next.name in args)) args[next.name] = cleanValue(raw.slice(valueStart, valueEnd));
    found = true;
    at = valueEnd + next.name.length + 3;
  }
  const end = raw.indexOf('</tool>', at);
  if (end === -1) return { kind: 'malformed', problem: 'the tool call has no closing </tool> tag' };
  const body = raw.slice(bodyStart, end);
  const bodyName = bodyArgument[name];
  if (!found && bodyName && !(bodyName in args) && body.trim()) args[bodyName] = cleanValue(body);
  return { kind: 'tool', calls: [{ name, arguments: args }], form: 'xml', end };
}

/** The JSON form may carry "</tool>" inside a string: the first close after which the JSON parses wins. */
function jsonBlock(raw: string, bodyStart: number): ParsedReply & { end?: number } {
  let close = raw.indexOf('</tool>', bodyStart);
  if (close === -1) return { kind: 'malformed', problem: 'the tool call has no closing </tool> tag' };
  let first: ParsedReply | undefined;
  for (; close !== -1; close = raw.indexOf('</tool>', close + 1)) {
    const parsed = jsonCall(raw.slice(bodyStart, close), 'json');
    if (parsed.kind === 'tool') return { ...parsed, end: close };
    first ??= parsed;
  }
  return first!;
}

/**
 * T6: `<tool>{"name":"write_file","path":"a.txt"><content>…</content></tool>` — JSON begun, XML
 * finished (Qwen2.5-Coder-0.5B, three replies of a hundred): read as the XML form it becomes.
 */
function hybridOpen(raw: string, bodyStart: number): { open: string; bodyStart: number } | undefined {
  const match = /^\s*\{\s*"name"\s*:\s*"([\w-]+)"((?:\s*,\s*"[\w-]+"\s*:\s*"[^"<>]*")*)\s*>/.exec(raw.slice(bodyStart));
  if (!match) return undefined;
  const attributes = [...match[2].matchAll(/"([\w-]+)"\s*:\s*"([^"]*)"/g)].map(
    ([, key, value]) => ` ${key}="${value}"`,
  );
  return { open: ` name="${match[1]}"${attributes.join('')}`, bodyStart: bodyStart + match[0].length };
}

function toolBlock(raw: string, at: number, options: TextProtocolOptions): ParsedReply {
  const openEnd = raw.indexOf('>', at);
  if (openEnd === -1) return { kind: 'malformed', problem: 'the <tool tag is not closed with ">"' };
  const open = raw.slice(at + '<tool'.length, openEnd);
  const hybrid = open.trim() === '' && options.recover !== false ? hybridOpen(raw, openEnd + 1) : undefined;
  if (hybrid) {
    const parsed = xmlCall(raw, hybrid.open, hybrid.bodyStart, options);
    if (parsed.kind === 'tool') {
      const { end: _end, ...call } = parsed;
      return { ...call, recovered: { besideName: true } };
    }
  }
  const parsed = open.trim() === '' ? jsonBlock(raw, openEnd + 1) : xmlCall(raw, open, openEnd + 1, options);
  if (parsed.kind !== 'tool') return parsed;
  const { end, ...call } = parsed;
  const rest = raw.slice((end ?? raw.length) + '</tool>'.length);
  if (/<tool[\s>]/.test(rest)) call.extra = 'only the first tool call was run; send one call per reply';
  return call;
}

/**
 * T6: `<read_file path="a.txt"/>` or `<write_file path="a.txt">text</write_file>` — a declared
 * tool's name used as the tag, as small models write it. Read as the XML form it resembles, and
 * marked recovered — only when the reply is that call (a short lead-in before it at most, nothing
 * after): a tag quoted inside prose (a README summarised, an HTML element named, "for example …")
 * is prose.
 */
function toolNamedTag(
  raw: string,
  options: TextProtocolOptions,
  names: (tool: string) => unknown,
): ParsedReply | undefined {
  for (const match of raw.matchAll(/<([A-Za-z_][\w-]*)(\s[^<>]*?)?(\/?)>/g)) {
    const [whole, name, attributes = '', selfClosing] = match;
    if (name === 'tool' || name === 'final' || !names(name)) continue;
    const start = match.index;
    const close = `</${name}>`;
    const end = selfClosing ? start + whole.length : raw.indexOf(close, start + whole.length);
    const after = end === -1 ? start + whole.length : selfClosing ? end : end + close.length;
    const around = raw.slice(0, start) + raw.slice(after);
    // The reply is the call: at most a short lead-in before it, nothing after it but punctuation.
    if (quotedCall(around) || /[\p{L}\p{N}]/u.test(raw.slice(after))) continue;
    // An open tag never closed is a call only when it is all the reply says (then, a broken one).
    if (end === -1) {
      if (around.trim()) continue;
      return { kind: 'malformed', problem: `the <${name}> tag is not closed with ${close}` };
    }
    const body = selfClosing ? '' : raw.slice(start + whole.length, end);
    const rewritten = `<tool name="${name}"${attributes}>${body}</tool>`;
    const parsed = toolBlock(rewritten, 0, options);
    return parsed.kind === 'tool' ? { ...parsed, form: 'tool-tag', recovered: { besideName: false } } : parsed;
  }
  return undefined;
}

export function parseTextReply(reply: string, options: TextProtocolOptions = {}): ParsedReply {
  const raw = stripThinking(reply);
  if (!raw) return { kind: 'malformed', problem: 'the reply was empty' };
  const toolAt = raw.search(/<tool[\s>]/);
  const finalAt = raw.indexOf('<final>');
  if (toolAt !== -1 && (finalAt === -1 || toolAt < finalAt)) {
    const call = toolBlock(raw, toolAt, options);
    // A call inside a longer text, or one that says it is an example, is quoted, not sent: not run.
    const closeAt = raw.lastIndexOf('</tool>');
    if (call.kind === 'tool' && closeAt > toolAt && quotedCall(raw.slice(0, toolAt) + raw.slice(closeAt + 7)))
      return {
        kind: 'malformed',
        problem:
          'the tool call stands inside a longer text (or beside words saying it is an example), so it was not ' +
          'run; reply with the call alone',
      };
    return call;
  }
  if (finalAt !== -1) {
    const close = raw.lastIndexOf('</final>');
    const answer = raw.slice(finalAt + '<final>'.length, close > finalAt ? close : undefined).trim();
    return answer ? { kind: 'final', answer } : { kind: 'malformed', problem: 'the <final> answer was empty' };
  }
  // The constrained envelope a notice taught, written in the text protocol: its answer is the answer.
  const envelope = /^\s*\{\s*"action"\s*:\s*"final"/.test(raw) ? lenientJson(raw) : undefined;
  const finalText = (envelope as { final?: unknown } | undefined)?.final;
  if (typeof finalText === 'string' && finalText.trim()) return { kind: 'final', answer: finalText.trim() };
  const argumentNames = (name: string) =>
    options.argumentNames ? options.argumentNames(name) : baseArguments.get(name);
  const recovered =
    options.recover === false
      ? undefined
      : (toolNamedTag(raw, options, argumentNames) ?? recoveredReply(raw, { argumentNames }));
  if (recovered) return recovered;
  if (/<\/?(tool|final)\b/.test(raw))
    return { kind: 'malformed', problem: 'the reply has broken <tool> or <final> markup' };
  // Plain prose with no markup is how most models say they are done (as in the reference agent).
  return { kind: 'final', answer: raw };
}
