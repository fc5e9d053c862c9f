/**
 * Rescue for small models that keep breaking the text protocol: Ollama's `format` takes a JSON
 * Schema and constrains decoding to it, so every reply is a well-formed envelope.
 */
import type { ParsedReply } from './parsed-reply';
import { stripThinking } from './parsed-reply';
import { parseTextReply } from './text-protocol';
import type { TextProtocolOptions } from './text-protocol';

export const envelopeSchema: Record<string, unknown> = {
  type: 'object',
  properties: {
    action: { type: 'string', enum: ['tool', 'final'] },
    name: { type: 'string' },
    args: { type: 'object' },
    final: { type: 'string' },
  },
  required: ['action'],
};

export const constrainedNotice =
  'Runtime notice: your replies could not be parsed several times, so from now on every reply must be one JSON object: ' +
  '{"action":"tool","name":"read_file","args":{"path":"README.md"}} to call a tool, or {"action":"final","final":"your answer"} to finish.';

export function parseEnvelope(reply: string, options: TextProtocolOptions = {}): ParsedReply {
  let value: unknown;
  try {
    value = JSON.parse(stripThinking(reply));
  } catch (error) {
    // A client that could not constrain the output may still get a valid text-protocol reply.
    const text = parseTextReply(reply, options);
    if (text.kind === 'tool' || (text.kind === 'final' && /<final>/.test(reply))) return text;
    return { kind: 'malformed', problem: `the reply is not the JSON envelope (${(error as Error).message})` };
  }
  const envelope = (value ?? {}) as Record<string, unknown>;
  if (envelope.action === 'final') {
    const answer = typeof envelope.final === 'string' ? envelope.final.trim() : '';
    return answer ? { kind: 'final', answer } : { kind: 'malformed', problem: 'the "final" field is empty' };
  }
  const name = typeof envelope.name === 'string' ? envelope.name.trim() : '';
  if (!name) return { kind: 'malformed', problem: 'the envelope has no tool "name"' };
  return { kind: 'tool', calls: [{ name, arguments: envelope.args ?? {} }], form: 'json' };
}
