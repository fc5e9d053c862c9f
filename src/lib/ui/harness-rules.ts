/**
 * U3 DESIGN 14: the Harness view's model — the rules in effect for a session's last run (its
 * pack, each rule's principle, the points it acts at, in the order they are called) and, per step,
 * which rules acted and what they did. Read from the events (`rules.active`, `rule.acted`), so a
 * replay or a lesson shows it as a live run does.
 */
import type { EventOf, HarnessEvent } from '../harness/events';

export type ActiveRules = Pick<EventOf<'rules.active'>, 'pack' | 'rules'>;

export interface RuleAct {
  step: number;
  rule: string;
  action: EventOf<'rule.acted'>['action'];
  detail: string;
}

/** What each action means, as the view says it. */
export const actionWords: Record<RuleAct['action'], string> = {
  showed: 'showed the model',
  schema: "chose the reply's schema",
  edited: 'edited',
  stopped: 'ended the run',
  again: 'answered the reply with a notice',
  'sent-back': 'sent the answer back',
  refused: 'refused a call',
  rewrote: 'ran a call as another',
  noted: 'added a line to a result',
};

/** The rules of the session's last run (a continued session announces them again each run). */
export function activeRules(events: readonly HarnessEvent[], sessionId: string | undefined): ActiveRules | undefined {
  const last = events.findLast(
    (event): event is EventOf<'rules.active'> => event.type === 'rules.active' && event.sessionId === sessionId,
  );
  return last ? { pack: last.pack, rules: last.rules } : undefined;
}

/** Every decision or line a rule made, in order; only `step`'s when one is given. */
export function ruleActs(events: readonly HarnessEvent[], sessionId: string | undefined, step?: number): RuleAct[] {
  return events.flatMap((event) =>
    event.type === 'rule.acted' && event.sessionId === sessionId && (step === undefined || event.step === step)
      ? [{ step: event.step, rule: event.rule, action: event.action, detail: event.detail }]
      : [],
  );
}

/** How often each rule acted in the run, by rule id. */
export function actsByRule(acts: readonly RuleAct[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const act of acts) counts.set(act.rule, (counts.get(act.rule) ?? 0) + 1);
  return counts;
}
