/**
 * T8: a hook's stdout read as its decision, strictly. Empty output means no opinion (allow,
 * unchanged, accept); anything else must be one JSON object of the point's shape, or the hook
 * is reported as failed and the call goes on as if it were not there.
 */
import type { AfterToolDecision, BeforeToolDecision, FinalDecision, HookPoint } from '../hook-types';
import { clip } from '../context/clip';
import { boundedArguments } from '../bounds';

export type Parsed<T> = { ok: true; decision: T } | { ok: false; problem: string };

function object(stdout: string): Parsed<Record<string, unknown> | undefined> {
  const text = stdout.trim();
  if (!text) return { ok: true, decision: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: `its output is not JSON: ${JSON.stringify(clip(text, 120))}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, problem: 'its output is not a JSON object' };
  return { ok: true, decision: value as Record<string, unknown> };
}

const text = (value: unknown, most: number) => (typeof value === 'string' ? clip(value, most) : undefined);

export function beforeToolAnswer(stdout: string): Parsed<BeforeToolDecision> {
  const read = object(stdout);
  if (!read.ok) return read;
  const answer = read.decision;
  if (!answer || answer.decision === 'allow') return { ok: true, decision: { kind: 'allow' } };
  if (answer.decision === 'deny')
    return { ok: true, decision: { kind: 'deny', reason: text(answer.reason, 2000) || 'denied by a hook' } };
  if (answer.decision === 'rewrite') {
    const args = answer.args;
    if (!args || typeof args !== 'object' || Array.isArray(args))
      return { ok: false, problem: '"rewrite" needs "args", an object' };
    // Bounded like a model's arguments: a 5,000-deep rewrite would overflow every recursive step after it.
    return { ok: true, decision: { kind: 'rewrite', args: boundedArguments(args as Record<string, unknown>) } };
  }
  return {
    ok: false,
    problem: `"decision" must be "allow", "deny" or "rewrite", got ${JSON.stringify(answer.decision)}`,
  };
}

export function afterToolAnswer(stdout: string): Parsed<AfterToolDecision> {
  const read = object(stdout);
  if (!read.ok) return read;
  const answer = read.decision ?? {};
  const decision: AfterToolDecision = {};
  if (answer.annotate !== undefined) {
    if (typeof answer.annotate !== 'string') return { ok: false, problem: '"annotate" must be a string' };
    decision.annotate = clip(answer.annotate, 2000);
  }
  if (answer.clip !== undefined) {
    if (typeof answer.clip !== 'number' || !Number.isInteger(answer.clip) || answer.clip < 0)
      return { ok: false, problem: '"clip" must be a whole number of characters' };
    decision.clip = answer.clip;
  }
  return { ok: true, decision };
}

export function finalAnswer(stdout: string): Parsed<FinalDecision> {
  const read = object(stdout);
  if (!read.ok) return read;
  const answer = read.decision;
  if (!answer || answer.decision === 'accept') return { ok: true, decision: { kind: 'accept' } };
  if (answer.decision === 'reject')
    return { ok: true, decision: { kind: 'reject', message: text(answer.message, 2000) || 'rejected by a hook' } };
  return { ok: false, problem: `"decision" must be "accept" or "reject", got ${JSON.stringify(answer.decision)}` };
}

export const answerReaders: Record<HookPoint, (stdout: string) => Parsed<unknown>> = {
  before_tool: beforeToolAnswer,
  after_tool: afterToolAnswer,
  on_final: finalAnswer,
};
