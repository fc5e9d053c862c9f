/**
 * What one step of the loop works in (`StepScope`, given to every rule's point) and what it
 * ends with: go on to the next step, or done with an outcome. The helpers here are the two things
 * every part of a step does when a reply cannot stand: tell the model (a notice, kept in the
 * history) and count an unparseable reply against its limit (L1).
 */
import type { LoopContext } from './loop-context';
import type { RunSetup } from './run-setup';
import type { LoopEvent, LoopState } from './loop-state';
import type { Outcome } from './outcome';
import type { RunFacts } from './facts/run-facts';

export interface StepScope {
  context: LoopContext;
  setup: RunSetup;
  step: number;
  /** The run's facts (facts/run-facts.ts): what rules read; only the loop adds to them. */
  facts: RunFacts;
  /** The loop's state as it is now; change it only through `move`. */
  readonly loop: LoopState;
  move(event: LoopEvent): void;
}

/** How a step ends; `tools` when it ran tool calls (the app's `afterStep` runs after the flush). */
export type StepResult = ({ kind: 'next' } | { kind: 'done'; outcome: Outcome }) & {
  tools?: { changedFiles: boolean };
};

export const next: StepResult = { kind: 'next' };

export const done = (outcome: Outcome): StepResult => ({ kind: 'done', outcome });

/** L2: why a run must stop now (the user, the wall-time limit), or undefined to go on. */
export function stopOutcome(context: LoopContext): Outcome | undefined {
  const { signal, deadline } = context;
  // The deadline is read too: a timer cannot fire while code runs on this thread (QuickJS in Node).
  const late = deadline !== undefined && Date.now() >= deadline;
  if (!signal.aborted && !late) return undefined;
  if (signal.reason === timeLimit || (!signal.aborted && late))
    return {
      kind: 'limit',
      limit: 'time',
      message: `the wall-time limit of ${context.session.settings.limits.maxSeconds}s was reached`,
    };
  return { kind: 'aborted', message: 'stopped by the user' };
}

/** The abort reason of a run stopped by its wall-time limit (L1). */
export const timeLimit = 'time-limit';

export const stepModeStop: Outcome = { kind: 'aborted', message: 'stopped in step mode' };

/** A runtime notice: an event now, and an item the model reads in the next request. */
export async function notice(scope: Pick<StepScope, 'context' | 'step'>, reason: string, text: string): Promise<void> {
  scope.context.recorder.emit({ type: 'notice', step: scope.step, reason, text });
  await scope.context.recorder.append({ kind: 'notice', reason, content: text, step: scope.step });
}

/** L1: one more unparseable reply in a row; done when that meets the limit. */
export function formatError(scope: StepScope): StepResult {
  const limit = scope.context.state.unparseable();
  return limit ? done(limit) : next;
}
