/**
 * T6: a short "thought" before every constrained reply. Under a grammar the model's
 * first token is already `{"action":`: it chooses a tool before it has said anything about the
 * last result. With `thinkFirst` set, every alternative of the reply's schema begins with a
 * required `thought` string (bounded by the grammar itself), so a small model writes one sentence
 * about what it saw and what it will do, then the call. Nothing else changes: the thought is
 * part of the reply the history keeps, and the parser reads past it.
 */
import type { Rule } from './rules/rule';

/** Characters a thought may take: one or two sentences. The grammar enforces it. */
export const thoughtChars = 240;

const thought = { type: 'string', minLength: 1, maxLength: thoughtChars };

/** `schema` with a required `thought` first in each of its object alternatives. */
export function withThought(schema: Record<string, unknown>): Record<string, unknown> {
  const alternatives = schema.anyOf;
  if (Array.isArray(alternatives)) return { ...schema, anyOf: alternatives.map((each) => withThought(each as never)) };
  if (schema.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null) return schema;
  const properties = schema.properties as Record<string, unknown>;
  if ('thought' in properties) return schema;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  // Property order is generation order in the grammar (required ones first, as listed).
  return { ...schema, properties: { thought, ...properties }, required: ['thought', ...required] };
}

export const thinkFirst: Rule = {
  id: 'think-first',
  principle: 'With thinkFirst set, every constrained reply begins with a short required thought.',
  layer: 'core',
  decides: true,
  reads: ['settings'],
  priority: 130,
  appliesTo: (run) => Boolean(run.settings.thinkFirst),
  beforeRequest: async ({ format }) => (format ? { kind: 'go', format: withThought(format) } : { kind: 'go' }),
};
