/**
 * O5: what the run's facts say about the answer that stood (outcome.ts `FinalFlag`): checks the
 * gate kept from running, rules that sent earlier answers back, a change claimed where none was
 * made. Read at the moment the answer is accepted; every profile and pack, whatever rules it has.
 */
import type { FinalFlag } from '../outcome';
import type { CallFact, RunFacts } from './run-facts';
import { claimsChange } from '../change-claim';

/** A task that asks for something to be changed or made ("Fix …", "Add …", "write … into"). */
export const changeWords =
  /\b(?:fix|change|add|update|write|create|make|remove|delete|rename|replace|append|edit|set|export|put|save|patch)\b/i;
/** Shell commands that only read or test: running them changes no file. */
const readOnlyCommand =
  /^\s*(?:node\s+--test|npm\s+(?:run\s+)?test|cat|ls|grep|head|tail|pwd|wc|git\s+(?:status|diff|log))\b[^>;&|]*$/;

/**
 * The call changed a file, may have (a command that writes, even one that failed), or was a change
 * the person refused.
 */
export const mayHaveChanged = (call: CallFact): boolean =>
  call.changed ||
  call.denied ||
  (call.name === 'run_shell' && !(typeof call.args.command === 'string' && readOnlyCommand.test(call.args.command)));

/** The task asks for a change, and the answer claims one, in a run where nothing was or may have been changed. */
export function claimsUnmadeChange(task: string, answer: string, calls: readonly CallFact[]): boolean {
  return changeWords.test(task) && !task.includes('?') && claimsChange(answer) && !calls.some(mayHaveChanged);
}

export function answerFlags(facts: RunFacts, answer: string): FinalFlag[] {
  const flags: FinalFlag[] = [];
  for (const check of facts.checks)
    if (!check.ran && check.refused) flags.push({ kind: 'unchecked', command: check.command, reason: check.refused });
  const sentBack = facts.answers.filter((each) => each.sentBackBy);
  if (sentBack.length)
    flags.push({
      kind: 'after-send-back',
      rules: [...new Set(sentBack.map((each) => each.sentBackBy!))],
      times: sentBack.length,
    });
  if (claimsUnmadeChange(facts.task, answer, facts.calls)) flags.push({ kind: 'claims-unmade-change' });
  return flags;
}
