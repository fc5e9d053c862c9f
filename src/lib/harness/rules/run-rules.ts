/**
 * A run's rules and facts, made once its setup is known and its turn has started: the rules in
 * effect (announced as the run's `rules.active` event) and the facts they read — this turn's
 * items folded (a continued run's too) and what its task says about the workspace now. The task
 * is the turn's, or on a continued run the one in memory (S3), so a resumed run's rules still act.
 */
import type { LoopContext } from '../loop-context';
import type { RunSetup } from '../run-setup';
import type { Rule, RunKind } from './rule';
import { RuleDispatcher } from './dispatch';
import { RunFacts } from '../facts/run-facts';
import { startFacts } from '../facts/start-facts';

/** The rules in effect for a run (`rule-packs.ts` in the agent), and the name of the pack they came from. */
export type RulesFor = (run: RunKind) => { pack: string; rules: Rule[] };

export async function startRules(
  context: LoopContext,
  setup: RunSetup,
  rulesFor: RulesFor,
): Promise<{ rules: RuleDispatcher; facts: RunFacts }> {
  const { session, options, depth, protocol, recorder } = context;
  const { pack, rules } = rulesFor({
    settings: session.settings,
    stepMode: Boolean(options.stepGate),
    hooks: Boolean(setup.hooks),
    depth,
    protocol,
  });
  const dispatcher = new RuleDispatcher(rules);
  recorder.emit({ type: 'rules.active', pack, rules: dispatcher.describe() });
  const task = context.task.trim() || session.memory.task;
  const turn = session.history.findLastIndex((item) => item.kind === 'user');
  const facts = RunFacts.fromHistory(session.history.slice(turn + 1), task);
  facts.start = await startFacts(task, options.workspace);
  return { rules: dispatcher, facts };
}
