/**
 * T9: the harness's own commands are commands. A check it runs on its own (the done-check, the
 * tests a task implies, a finish check) and a hook's command meet the gate the model's run_shell
 * meets: read-only, the shell rules, the approval policy and the person, in that order, and run in
 * the same workspace (its sandbox, or none: the directory backend). Where the policy would ask and
 * no one is there, the command does not run, and the caller says so. Bounded: a number of checks
 * per run, and no command outlives the run's wall-time limit.
 */
import type { HarnessEventBody } from '../events';
import type { ExecResult, ReadonlyWorkspace, Workspace } from '../workspace-types';
import type { ApprovalGate } from './approval-gate';
import { isWritable } from '../workspace-views';

export type HarnessCommandKind = 'check' | 'hook';

export interface HarnessCommandRequest {
  kind: HarnessCommandKind;
  /** The command as the gate judges it (a hook's own command, not the wrapper that feeds it input). */
  command: string;
  /** What runs, when it differs from `command` (the hook's wrapper). */
  run?: string;
  /** Why the harness runs it, said to the person asked. */
  purpose: string;
  /** The project's files it executes (its test files), named in the approval question. */
  runs?: string[];
  step: number;
  timeoutMs: number;
  signal: AbortSignal;
}

export type HarnessCommandResult = { kind: 'ran'; result: ExecResult } | { kind: 'not-run'; reason: string };

/** Checks the harness runs on its own, at most, in one run. */
export const harnessCheckLimit = 8;
/** Less time than this left before the deadline: the command is not started. */
const minimumMs = 500;

export class HarnessCommands {
  private readonly counts: Record<HarnessCommandKind, number> = { check: 0, hook: 0 };

  constructor(
    private readonly options: {
      gate: ApprovalGate;
      workspace: Workspace | ReadonlyWorkspace;
      sessionId: string;
      emit: (body: HarnessEventBody) => void;
      /** The run's wall-time deadline (epoch ms), if it has one. */
      deadline?: number;
      /** The most commands of each kind per run. */
      limits?: Partial<Record<HarnessCommandKind, number>>;
      now?: () => number;
    },
  ) {}

  async run(request: HarnessCommandRequest): Promise<HarnessCommandResult> {
    const { gate, workspace, deadline } = this.options;
    const now = this.options.now?.() ?? Date.now();
    const limit = this.options.limits?.[request.kind] ?? (request.kind === 'check' ? harnessCheckLimit : Infinity);
    if (this.counts[request.kind] >= limit)
      return {
        kind: 'not-run',
        reason: `the run's limit of ${limit} ${request.kind}s the harness runs on its own was reached`,
      };
    const left = deadline === undefined ? Infinity : deadline - now;
    if (left < minimumMs) return { kind: 'not-run', reason: "the run's wall-time limit leaves no time for it" };
    if (!isWritable(workspace)) return { kind: 'not-run', reason: 'this workspace runs no commands (read-only)' };
    // Its own name, so that "always allow" for the model's run_shell does not cover it, nor the other way.
    const decision = await gate.decide({
      tool: `harness-${request.kind}`,
      risky: true,
      args: { command: request.command },
      sessionId: this.options.sessionId,
      step: request.step,
      signal: request.signal,
      harness: { purpose: request.purpose, ...(request.runs?.length ? { runs: request.runs } : {}) },
    });
    this.options.emit({
      type: 'approval',
      step: request.step,
      tool: `harness-${request.kind}`,
      decision: decision.approved ? 'approved' : 'denied',
      by: decision.by,
      reason: decision.reason,
    });
    if (!decision.approved) return { kind: 'not-run', reason: decision.reason };
    this.counts[request.kind]++;
    const result = await (workspace as Workspace).exec(request.run ?? request.command, {
      timeoutMs: Math.min(request.timeoutMs, Math.max(minimumMs, left)),
      signal: request.signal,
    });
    return { kind: 'ran', result };
  }
}
