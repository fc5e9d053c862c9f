/** What one run of the loop works with; built by agent.ts, read by the loop's parts. */
import type { AgentOptions } from './agent-options';
import type { ModelInfo } from './model-types';
import type { Protocol } from './settings';
import type { Session } from './session';
import type { SessionRecorder } from './session-recorder';
import type { HistoryRenderer } from './context/history-renderer';
import type { RetryPolicy } from './recovery/retry-policy';
import type { RunState } from './run-state';
import type { SpawnChild } from './delegate-runner';

export interface LoopContext {
  options: AgentOptions;
  session: Session;
  depth: number;
  task: string;
  protocol: Protocol;
  modelInfo?: ModelInfo;
  recorder: SessionRecorder;
  renderer: HistoryRenderer;
  /** Aborted by the user, or with the reason `timeLimit` (step-scope.ts) by the wall-time limit. */
  signal: AbortSignal;
  /**
   * L1: when the run's wall-time limit ends (epoch ms), if it has one. A command must not outlive
   * it: a backend that runs code on this thread (QuickJS in Node) cannot see the abort in time.
   */
  deadline?: number;
  state: RunState;
  retryPolicy: RetryPolicy;
  spawn: SpawnChild;
}
