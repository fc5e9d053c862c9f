/**
 * T6: tool calls as small models really write them. Asked for a native call, Qwen2.5-Coder
 * answers with ```json {"name": "write_file", "arguments": {…}}``` in the text; others write
 * `<tool_call>{…}</tool_call>`, a bare object, a list of them, or put the arguments beside the
 * name. A reply that *is* such a call (at most a short sentence around it) to a *declared* tool
 * runs as that call, and says from which form. Never recovered: a name that is not a declared
 * tool, JSON inside an answer that explains something, or code that merely contains an object.
 * A reply that looks like a call (a name and an arguments object) but names no tool is reported
 * as exactly that, so the notice can say what is wrong.
 */
import type { ToolCall } from '../model-types';
import type { ParsedReply } from './parsed-reply';
import { stripThinking } from './parsed-reply';

export type RecoveredForm = 'fenced-json' | 'bare-json' | 'tool_call' | 'call-syntax';

export interface DeclaredTools {
  /** The argument names of a declared tool; undefined for a name that is not one. */
  argumentNames(name: string): readonly string[] | undefined;
}

export type Recovery =
  | { kind: 'call'; calls: ToolCall[]; form: RecoveredForm; besideName: boolean }
  /** It looks like a call (a name and an arguments object), but these names are not tools. */
  | { kind: 'unknown-name'; names: string[] }
  | { kind: 'none' };

/** More text than this around the call, and the reply is an answer that shows JSON, not a call. */
const maxAroundChars = 160;
/** Words that say the JSON is shown, not sent. */
const showing = /\b(example|sample|e\.g\.|for instance|such as|format|schema|would look|looks like|template)\b/i;

/**
 * T6: the guard every form of a call written in text meets: with more than a short sentence around
 * it, or beside words that say it is shown (an example, a format), it is quoted, not sent.
 */
export function quotedCall(around: string): boolean {
  const text = around.trim();
  return text.length > maxAroundChars || showing.test(text) || text.includes('```');
}
const argumentKeys = ['arguments', 'parameters', 'args', 'input'];
const nameKeys = ['name', 'tool_name', 'tool', 'function'];
/** Keys that describe a call rather than carry its arguments. */
const envelopeKeys = new Set([...nameKeys, 'type', 'id', 'call_id', 'action']);

interface Block {
  text: string;
  form: RecoveredForm;
  start: number;
  end: number;
}

/** JSON as small models write it: raw control characters inside strings are escaped, not fatal. */
export function lenientJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    let out = '';
    let inString = false;
    for (let index = 0; index < text.length; index++) {
      const char = text[index];
      if (inString && char === '\\') {
        out += char + (text[index + 1] ?? '');
        index++;
        continue;
      }
      if (char === '"') inString = !inString;
      const code = char.charCodeAt(0);
      out += inString && code < 0x20 ? `\\u${code.toString(16).padStart(4, '0')}` : char;
    }
    // One closing brace or bracket too many at the end is the commonest slip after that.
    for (const candidate of [out, out.replace(/[}\]]\s*$/, '')])
      try {
        return JSON.parse(candidate);
      } catch {
        // Try the next repair.
      }
    return undefined;
  }
}

/**
 * `write_file({"path": …})`: how the native protocol's own examples write a call (formatExample),
 * and small models copy it. Only a name followed by one JSON object in parentheses.
 */
function callSyntax(raw: string): { name: string; block: Block } | undefined {
  const match = /([A-Za-z_][\w.-]{0,79})\(\s*(\{[\s\S]*\})\s*\)/.exec(raw);
  if (!match) return undefined;
  const start = match.index;
  return {
    name: match[1],
    block: { text: match[2], form: 'call-syntax', start, end: start + match[0].length },
  };
}

function blocks(raw: string): Block[] {
  const found: Block[] = [];
  for (const match of raw.matchAll(/<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g))
    found.push({ text: match[1], form: 'tool_call', start: match.index, end: match.index + match[0].length });
  if (found.length) return found;
  for (const match of raw.matchAll(/```([\w-]*)[ \t]*\n?([\s\S]*?)```/g)) {
    // Code in another language that holds an object is code, not a call.
    if (!['', 'json', 'json5', 'jsonc', 'tool_call', 'tool'].includes(match[1].toLowerCase())) return [];
    found.push({ text: match[2], form: 'fenced-json', start: match.index, end: match.index + match[0].length });
  }
  if (found.length) return found;
  // A bare object or list: from the first brace to the last; what is around it must be short (below).
  const start = raw.search(/[[{]/);
  const end = Math.max(raw.lastIndexOf('}'), raw.lastIndexOf(']'));
  if (start === -1 || end < start) return [];
  return [{ text: raw.slice(start, end + 1), form: 'bare-json', start, end: end + 1 }];
}

function around(raw: string, found: Block[]): string {
  let rest = '';
  let at = 0;
  for (const block of found) {
    rest += raw.slice(at, block.start);
    at = block.end;
  }
  return (rest + raw.slice(at)).trim();
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

interface Candidate {
  name: string;
  args: Record<string, unknown>;
  /** An arguments object under its own key (not beside the name). */
  explicit: boolean;
}

function candidate(value: unknown): Candidate | undefined {
  let record = asRecord(value);
  // {"type": "function", "function": {"name", "arguments"}} as the OpenAI API writes a call.
  const inner = asRecord(record?.function);
  if (record && inner && typeof inner.name === 'string') record = inner;
  if (!record) return undefined;
  const nameKey = nameKeys.find((key) => typeof record[key] === 'string' && (record[key] as string).trim());
  if (!nameKey) return undefined;
  const name = (record[nameKey] as string).trim();
  const argumentKey = argumentKeys.find((key) => key in record);
  if (argumentKey) {
    const raw = record[argumentKey];
    const args = asRecord(typeof raw === 'string' ? lenientJson(raw) : raw);
    return args ? { name, args, explicit: true } : undefined;
  }
  const beside = Object.entries(record).filter(([key]) => !envelopeKeys.has(key));
  return { name, args: Object.fromEntries(beside), explicit: false };
}

/** What the reply's text means as a tool call, if it is one. */
export function recoverToolCall(text: string, tools: DeclaredTools): Recovery {
  const raw = stripThinking(text);
  const syntax = callSyntax(raw);
  if (syntax && !/^\s*[[{]/.test(raw)) {
    const rest = around(raw, [syntax.block]);
    const args = asRecord(lenientJson(syntax.block.text));
    if (!args || quotedCall(rest)) return { kind: 'none' };
    if (!tools.argumentNames(syntax.name)) return { kind: 'unknown-name', names: [syntax.name] };
    return { kind: 'call', calls: [{ name: syntax.name, arguments: args }], form: 'call-syntax', besideName: false };
  }
  const found = blocks(raw);
  if (found.length === 0) return { kind: 'none' };
  const rest = around(raw, found);
  if (quotedCall(rest)) return { kind: 'none' };
  const candidates: Candidate[] = [];
  for (const block of found) {
    const value = lenientJson(block.text.trim());
    const list = Array.isArray(value) ? value : [value];
    for (const entry of list) {
      const call = candidate(entry);
      if (!call) return { kind: 'none' };
      candidates.push(call);
    }
  }
  if (candidates.length === 0) return { kind: 'none' };
  const unknown = candidates.filter((call) => !tools.argumentNames(call.name));
  if (unknown.length) {
    // Only an object that carries an arguments object of its own looks like a call; {"name": "Ada"} is data.
    const looksLikeCalls = unknown.every((call) => call.explicit) || found[0].form === 'tool_call';
    return looksLikeCalls ? { kind: 'unknown-name', names: unknown.map((call) => call.name) } : { kind: 'none' };
  }
  // Arguments beside the name are taken only when each is one of the tool's own.
  const besideOk = candidates.every(
    (call) => call.explicit || Object.keys(call.args).every((key) => tools.argumentNames(call.name)!.includes(key)),
  );
  if (!besideOk) return { kind: 'none' };
  return {
    kind: 'call',
    calls: candidates.map(({ name, args }) => ({ name, arguments: args })),
    form: found[0].form,
    besideName: candidates.some((call) => !call.explicit),
  };
}

/** The problem a notice names when a reply looks like a call to something that is not a tool. */
export function unknownNameProblem(names: readonly string[]): string {
  const quoted = names.slice(0, 3).map((name) => JSON.stringify(name.slice(0, 80)));
  return (
    `the reply looks like a tool call, but ${quoted.join(', ')} ${quoted.length > 1 ? 'are' : 'is'} not a tool ` +
    '(the "name" must be one of the tools below; a file path goes in the arguments)'
  );
}

/** A reply's text as a recovered call, a call to no tool (malformed, with the tools listed), or neither. */
export function recoveredReply(text: string, tools: DeclaredTools): ParsedReply | undefined {
  const recovery = recoverToolCall(text, tools);
  if (recovery.kind === 'call')
    return { kind: 'tool', calls: recovery.calls, form: recovery.form, recovered: { besideName: recovery.besideName } };
  if (recovery.kind === 'unknown-name')
    return { kind: 'malformed', problem: unknownNameProblem(recovery.names), listTools: true };
  return undefined;
}

/**
 * T6: the calls to declared tools a reply *describes* inside prose ("you can use write_file:
 * ```json {…}``` This will create the file."): not run, since the text around them may be an
 * answer that shows a call, but worth asking about once (described-call.ts).
 */
export function describedCalls(text: string, tools: DeclaredTools): ToolCall[] {
  const raw = stripThinking(text);
  const calls: ToolCall[] = [];
  for (const block of blocks(raw)) {
    const value = lenientJson(block.text.trim());
    for (const entry of Array.isArray(value) ? value : [value]) {
      const call = candidate(entry);
      if (call?.explicit && tools.argumentNames(call.name)) calls.push({ name: call.name, arguments: call.args });
    }
  }
  return calls;
}
