/**
 * U1 P2: the per-step statistics of a session, from its events — the model, the prompt's size and
 * reuse (and why the prefix broke), the server's figures, the parse and the validation. Steps are
 * counted over the whole session: a resumed run's step 1 follows the last step of the run before.
 */
import type { HarnessEvent } from '../harness/events';
import type { StepStats } from './transcript-entry';

export class StepBook {
  readonly steps: StepStats[] = [];
  /** Steps of the session's earlier runs: this run's step 1 is the next one. */
  private runBase = 0;

  /** A run's step as counted over the session. */
  number(runStep: number): number {
    return this.runBase + runStep;
  }

  private step(runStep: number): StepStats {
    const step = this.number(runStep);
    let stats = this.steps.find((entry) => entry.step === step && entry === this.steps.at(-1));
    if (!stats) {
      stats = { step, model: '', promptChars: 0, reusedChars: 0 };
      this.steps.push(stats);
    }
    return stats;
  }

  /** Reads what an event says about its step; events about no step are left alone. */
  apply(event: HarnessEvent): void {
    switch (event.type) {
      case 'run.started':
        this.runBase = this.steps.at(-1)?.step ?? this.runBase;
        return;
      case 'request.sent': {
        const step = this.step(event.step);
        step.model = event.model;
        if (event.options.contextWindow) step.contextWindow = event.options.contextWindow;
        return;
      }
      case 'prompt.assembled': {
        const stats = this.step(event.step);
        stats.promptChars = event.totalChars;
        if (event.toolChars) stats.toolChars = event.toolChars;
        stats.reusedChars = event.reusedChars;
        if (event.prefixBreak) stats.prefixBreak = event.prefixBreak;
        return;
      }
      case 'response.done': {
        const stats = this.step(event.step);
        stats.stats = event.stats;
        if (event.serverReusedTokens !== undefined && event.serverReuseSource)
          stats.serverReused = { tokens: event.serverReusedTokens, source: event.serverReuseSource };
        return;
      }
      case 'parse.result':
        this.step(event.step).parse = `${event.kind}: ${event.detail}`;
        return;
      case 'validation':
        this.step(event.step).validation = event.ok
          ? `${event.tool}: valid`
          : `${event.tool}: ${event.error ?? 'invalid'}`;
        return;
      default:
        return;
    }
  }
}
