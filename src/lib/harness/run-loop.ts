/**
 * The loop: a short driver around one step, read top to bottom as prepare the request → ask the
 * model → interpret the reply → act on it, each a part of its own (step-request, model-step,
 * step-reply, step-act). A step ends with "next" or "done with an outcome"; the driver checks the
 * limits (L1) and the stop (L2) before each step, flushes the session once after it (S2), and
 * tells the rules when the run ends. Everything around a step is a rule (rules/rule.ts), called
 * by one dispatcher (rules/dispatch.ts); which rules are in effect comes from the caller.
 */
import type { LoopContext } from './loop-context';
import type { Outcome } from './outcome';
import type { StepResult, StepScope } from './step-scope';
import type { PreparedRequest } from './step-request';
import { prepareRun } from './run-setup';
import { startTurn, switchedThisTurn } from './turn-start';
import { initialLoopState, nextLoopState, overflowEndsRun } from './loop-state';
import { done, next, stopOutcome } from './step-scope';
import { prepareRequest } from './step-request';
import { modelStep } from './model-step';
import { interpretReply } from './step-reply';
import { act } from './step-act';
import type { RuleDispatcher } from './rules/dispatch';
import type { RulesFor } from './rules/run-rules';
import { startRules } from './rules/run-rules';
import { notice } from './step-scope';

/** Ask: one model call with recovery; a reply, a reply a watcher stopped, or the end of the step. */
async function ask(scope: StepScope, rules: RuleDispatcher, request: PreparedRequest) {
  const { context, setup, step } = scope;
  const { session, recorder, signal, state } = context;
  const watchers = rules.watchers(scope);
  const result = await modelStep(
    {
      client: context.options.model,
      model: session.model,
      protocol: context.protocol,
      options: session.settings.options,
      signal,
      retryPolicy: context.retryPolicy,
      emit: recorder.emit.bind(recorder),
      state,
      budget: setup.budget,
      random: context.options.random,
      wait: context.options.wait,
      watchers,
    },
    {
      step,
      messages: request.messages,
      totalChars: request.totalChars,
      reusedChars: request.reusedChars,
      ...(setup.nativeTools ? { tools: setup.nativeTools } : {}),
      ...(request.format ? { format: request.format } : {}),
    },
  );
  if (result.kind === 'reply') return { reply: result.reply };
  if (result.kind === 'stopped') return { stoppedBy: { name: result.by, text: result.text } };
  if (result.kind === 'failed')
    return result.error.kind === 'aborted' || signal.aborted
      ? done(stopOutcome(context) ?? { kind: 'aborted', message: 'stopped by the user' })
      : done({ kind: 'error', error: result.error });
  // R3: the prompt did not fit; compact once and ask again, and a second overflow in a row ends the run.
  if (!overflowEndsRun(scope.loop)) {
    scope.move({ type: 'overflowed' });
    return next;
  }
  const { tokens, source } = setup.budget.contextWindow;
  const message =
    `the prompt did not fit in the context window of ${tokens} tokens even after compaction (${source}). ` +
    'Raise the context window in Settings or with --num-ctx (the server must allow it), or start a new session.';
  return done({ kind: 'error', error: { kind: 'context_too_small', message, retryable: false } });
}

/** One step: prepare → ask → interpret → act. */
async function runStep(scope: StepScope, rules: RuleDispatcher): Promise<StepResult> {
  const request = await prepareRequest(scope, rules);
  if (request.kind !== 'request') return request;
  const arrived = await ask(scope, rules, request);
  if ('kind' in arrived) return arrived;
  const reply = await interpretReply(scope, rules, arrived);
  if (reply.kind !== 'parsed') return reply;
  return act(scope, rules, reply.parsed);
}

/** The app's own work after a step that ran tools (a workspace snapshot); a failure becomes an event. */
async function afterStep(context: LoopContext, step: number, changedFiles: boolean): Promise<void> {
  try {
    await context.options.afterStep?.({ step, changedFiles });
  } catch (error) {
    context.recorder.emit({ type: 'store.error', message: `after step ${step}: ${(error as Error).message}` });
  }
}

export async function runLoop(context: LoopContext, rulesFor: RulesFor): Promise<{ outcome: Outcome; steps: number }> {
  const { session, recorder, state } = context;
  const setup = await prepareRun(context);
  const early = await startTurn(context);
  if (early) return { outcome: early, steps: 0 };
  const { rules, facts } = await startRules(context, setup, rulesFor);
  // A switch to constrained output lasts for the rest of the turn, also across a resume or a
  // fork: the model was told every reply must be JSON from then on.
  let loop = initialLoopState(
    context.protocol === 'constrained' || (context.protocol === 'text' && switchedThisTurn(session.history)),
  );
  const scopeAt = (step: number): StepScope => ({
    context,
    setup,
    step,
    facts,
    get loop() {
      return loop;
    },
    move: (event) => (loop = nextLoopState(loop, event)),
  });
  // Step 1: what a rule adds here is read at the first step (and shown once, as its item).
  const first = scopeAt(state.steps + 1);
  await rules.onStart(first, (reason, text) => notice(first, reason, text));
  let outcome: Outcome | undefined;
  while (!outcome) {
    outcome = stopOutcome(context) ?? state.beforeStep();
    if (outcome) break;
    const step = ++state.steps;
    const result = await runStep(scopeAt(step), rules);
    await recorder.flush();
    if (result.tools) await afterStep(context, step, result.tools.changedFiles);
    if (result.kind === 'done') outcome = result.outcome;
  }
  await rules.onStop(outcome, scopeAt(state.steps));
  return { outcome, steps: state.steps };
}
