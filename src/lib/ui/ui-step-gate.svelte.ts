/**
 * U3 step mode in the page: while on, the loop pauses before every model call, after every reply
 * and before every tool call, and waits here for Continue, Continue to the end, Edit or Stop.
 */
import type { RequestEdit, StepDecision, StepGate, StepPause } from '../harness/step-gate';

export class UiStepGate implements StepGate {
  /** Whether the next run pauses; can be switched on and off during a run. */
  enabled = $state(false);
  pending = $state.raw<StepPause | undefined>(undefined);
  private resolve: ((decision: StepDecision) => void) | undefined;

  pause(pause: StepPause, signal: AbortSignal): Promise<StepDecision> {
    if (!this.enabled || signal.aborted)
      return Promise.resolve(signal.aborted ? { action: 'stop' } : { action: 'continue' });
    return new Promise((resolve) => {
      const finish = (decision: StepDecision) => {
        signal.removeEventListener('abort', onAbort);
        this.pending = undefined;
        this.resolve = undefined;
        resolve(decision);
      };
      const onAbort = () => finish({ action: 'stop' });
      signal.addEventListener('abort', onAbort, { once: true });
      this.resolve = finish;
      this.pending = pause;
    });
  }

  continue(): void {
    this.resolve?.({ action: 'continue' });
  }

  /** Runs on without pausing until the run ends (step mode is switched off). */
  finish(): void {
    this.enabled = false;
    this.resolve?.({ action: 'continue' });
  }

  edit(text: string): void {
    this.resolve?.({ action: 'edit', text });
  }

  /** U3: the whole request — sections, options, declared tools — for this request and the rest of the run. */
  editRequest(request: RequestEdit): void {
    this.resolve?.({ action: 'edit-request', request });
  }

  stop(): void {
    this.resolve?.({ action: 'stop' });
  }
}
