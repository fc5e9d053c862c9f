/**
 * Rescue for small models that keep breaking the text protocol: Ollama's `format` takes a JSON
 * Schema and constrains decoding to it, so every reply is a well-formed envelope.
 */
import type { ParsedReply } from './parsed-reply';
import { stripThinking } from './parsed-reply';
import { parseTextReply } from './text-protocol';
import { lenientJson } from './recover-call';
import type { TextProtocolOptions } from './text-protocol';
import type { AnyTool, PropertySchema } from '../tools/tool-definition';

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

/** JSON Schema keywords a grammar needs; descriptions, defaults and bounds only cost tokens. */
function grammarSchema(property: PropertySchema): Record<string, unknown> {
  return {
    type: property.type,
    ...(property.enum ? { enum: property.enum } : {}),
    ...(property.pattern ? { pattern: property.pattern } : {}),
    ...(property.items ? { items: property.items } : {}),
  };
}

/**
 * The envelope for this session's tools: one alternative per tool, with its own argument schema
 * (no unknown keys), and one for the final answer. Ollama turns it into a grammar, so a small
 * model can only name a tool that exists and give it arguments of the right shape.
 */
export function envelopeSchemaFor(
  tools: readonly AnyTool[],
  options: { final?: boolean } = {},
): Record<string, unknown> {
  const calls = tools.map((tool) => ({
    type: 'object',
    properties: {
      action: { type: 'string', enum: ['tool'] },
      name: { type: 'string', enum: [tool.name] },
      args: {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(tool.parameters.properties).map(([key, property]) => [key, grammarSchema(property)]),
        ),
        required: tool.parameters.required,
        additionalProperties: false,
      },
    },
    required: ['action', 'name', 'args'],
    additionalProperties: false,
  }));
  const finish = {
    type: 'object',
    properties: { action: { type: 'string', enum: ['final'] }, final: { type: 'string' } },
    required: ['action', 'final'],
    additionalProperties: false,
  };
  return { anyOf: options.final === false ? calls : [...calls, finish] };
}

export const constrainedNotice =
  'Runtime notice: your replies could not be parsed several times, so ' +
  'from now on every reply must be one JSON object: ' +
  '{"action":"tool","name":"read_file","args":{"path":"README.md"}} to ' +
  'call a tool, or {"action":"final","final":"your answer"} to finish.';

export function parseEnvelope(reply: string, options: TextProtocolOptions = {}): ParsedReply {
  const body = stripThinking(reply);
  let value: unknown;
  let problem = '';
  try {
    value = JSON.parse(body);
  } catch (error) {
    problem = (error as Error).message;
    // A raw line break inside a string: Qwen2.5-Coder-1.5B wrote them under the schema (the
    // server's grammar let them through), and three such replies ended a run (qwen-1.5b-node-errors).
    value = lenientJson(body);
  }
  if (value === undefined) {
    // A client that could not constrain the output may still get a valid text-protocol reply.
    const text = parseTextReply(reply, options);
    if (text.kind === 'tool' || (text.kind === 'final' && /<final>/.test(reply))) return text;
    return { kind: 'malformed', problem: `the reply is not the JSON envelope (${problem})` };
  }
  const envelope = (value ?? {}) as Record<string, unknown>;
  if (envelope.action === 'final') {
    const answer = typeof envelope.final === 'string' ? envelope.final.trim() : '';
    return answer ? { kind: 'final', answer } : { kind: 'malformed', problem: 'the "final" field is empty' };
  }
  const name = typeof envelope.name === 'string' ? envelope.name.trim() : '';
  if (!name) return { kind: 'malformed', problem: 'the envelope has no tool "name"' };
  // A client that could not constrain the output may get {"name", "arguments"} (T6).
  const args = envelope.args ?? envelope.arguments ?? envelope.parameters ?? {};
  return { kind: 'tool', calls: [{ name, arguments: args }], form: 'json' };
}
