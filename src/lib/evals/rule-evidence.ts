/**
 * O5, DESIGN 14: whether each rule of a pack earns its place, read from the results of an ablation
 * on the dev split — the same tasks run with every rule of the pack ("pile") and with none
 * ("bare"). The verdict follows one criterion, fixed before the results were read:
 *
 * - a rule the pile arm never saw act cannot show that it helps: it leaves the default pack for an
 *   opt-in pack named for the model it was tuned on;
 * - otherwise, over the tasks where it acted, the runs that passed with the pile and failed bare
 *   ("wins") must outnumber those that failed with the pile and passed bare ("losses"); a rule
 *   with no more wins than losses leaves the default pack the same way.
 *
 * A win is the pile's, not the one rule's: on tasks where several rules acted, each is credited.
 * The kept set is then run as an arm of its own, which is the test of the set as a whole.
 */
import type { EvalResult } from './eval-result';
import { wilsonInterval } from './wilson-interval';
import type { Interval } from './wilson-interval';

export interface RuleInfo {
  id: string;
  principle: string;
  layer: 'core' | 'pack';
}

export interface RuleEvidence extends RuleInfo {
  /** Runs of the pile arm in which the rule acted at least once, and how many passed. */
  actedIn: number;
  passedWhenActed: number;
  /** Times it acted, over all runs. */
  acts: number;
  wins: number;
  losses: number;
  verdict: 'core' | 'kept' | 'moved';
  why: string;
}

export interface ArmFigures {
  runs: number;
  passed: number;
  interval: Interval;
  byRung: Record<number, { passed: number; runs: number; interval: Interval }>;
}

export function armFigures(results: readonly EvalResult[]): ArmFigures {
  const byRung: ArmFigures['byRung'] = {};
  for (const rung of [...new Set(results.map((result) => result.rung ?? 0))].sort()) {
    const on = results.filter((result) => (result.rung ?? 0) === rung);
    const passed = on.filter((result) => result.passed).length;
    byRung[rung] = { passed, runs: on.length, interval: wilsonInterval(passed, on.length) };
  }
  const passed = results.filter((result) => result.passed).length;
  return { runs: results.length, passed, interval: wilsonInterval(passed, results.length), byRung };
}

/** Pass or fail per task (a task run more than once passes when most of its runs did). */
function outcomes(results: readonly EvalResult[]): Map<string, boolean> {
  const tally = new Map<string, { passed: number; runs: number }>();
  for (const result of results) {
    const entry = tally.get(result.task) ?? { passed: 0, runs: 0 };
    entry.runs++;
    if (result.passed) entry.passed++;
    tally.set(result.task, entry);
  }
  return new Map([...tally].map(([task, entry]) => [task, entry.passed * 2 > entry.runs]));
}

/**
 * Tasks that passed with a change and failed without it (wins), and the reverse (losses), over the
 * tasks both sets ran.
 */
export function taskWins(
  withChange: readonly EvalResult[],
  without: readonly EvalResult[],
): { wins: number; losses: number } {
  const before = outcomes(without);
  let wins = 0;
  let losses = 0;
  for (const [task, passed] of outcomes(withChange)) {
    const then = before.get(task);
    if (then === undefined) continue;
    if (passed && !then) wins++;
    if (!passed && then) losses++;
  }
  return { wins, losses };
}

export function ruleEvidence(
  rules: readonly RuleInfo[],
  pile: readonly EvalResult[],
  bare: readonly EvalResult[],
): RuleEvidence[] {
  return rules.map((rule) => {
    const acted = pile.filter((result) => (result.rulesActed?.[rule.id] ?? 0) > 0);
    const acts = pile.reduce((sum, result) => sum + (result.rulesActed?.[rule.id] ?? 0), 0);
    const { wins, losses } = taskWins(acted, bare);
    const base = {
      ...rule,
      actedIn: acted.length,
      passedWhenActed: acted.filter((result) => result.passed).length,
      acts,
      wins,
      losses,
    };
    if (rule.layer === 'core')
      return { ...base, verdict: 'core' as const, why: 'part of the loop (safety, correctness, step mode, hooks)' };
    if (acted.length === 0) return { ...base, verdict: 'moved' as const, why: 'never acted on the dev split' };
    if (wins > losses) return { ...base, verdict: 'kept' as const, why: `${wins} wins against ${losses} losses` };
    return { ...base, verdict: 'moved' as const, why: `${wins} wins, ${losses} losses: no help shown` };
  });
}
