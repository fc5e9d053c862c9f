/**
 * T8: runs the user's hooks at their three points and reports every decision as an event. A
 * hook that fails — exits non-zero, hangs past its limit, answers too much or nonsense — is
 * reported, and the call goes on as if no hook were there, unless the hook is required (then
 * the call is denied, or the answer sent back, with the reason). Nothing a hook does throws.
 */
import type { HarnessEventBody } from '../events';
import type { HarnessCommands } from '../tools/harness-commands';
import type { Parsed } from './hook-answer';
import { afterToolAnswer, beforeToolAnswer, finalAnswer } from './hook-answer';
import type { AfterToolDecision, BeforeToolDecision, FinalDecision, HookPoint, Hooks } from '../hook-types';
import { hookBounds } from '../hook-types';
import { clip } from '../context/clip';
import { stableJson } from '../stable-json';

export interface HookRunnerOptions {
  hooks: Hooks;
  /** T9: a hook's command passes the gate run_shell meets. */
  commands: HarnessCommands;
  sessionId: string;
  emit: (body: HarnessEventBody) => void;
}

/** A line no JSON text can contain on its own (JSON has no raw newlines). */
const endOfInput = 'HARNESS_HOOK_INPUT';

export class HookRunner {
  constructor(private readonly options: HookRunnerOptions) {}

  has(point: HookPoint): boolean {
    return Boolean(this.options.hooks[point]?.command.trim());
  }

  async beforeTool(
    input: { step: number; tool: string; args: Record<string, unknown> },
    signal: AbortSignal,
  ): Promise<BeforeToolDecision> {
    if (!this.has('before_tool')) return { kind: 'allow' };
    const answer = await this.run('before_tool', input.step, input.tool, input, beforeToolAnswer, signal);
    if (!answer.ok) return this.required('before_tool') ? { kind: 'deny', reason: answer.problem } : { kind: 'allow' };
    const decision = answer.decision;
    this.decided('before_tool', input.step, input.tool, decision.kind, answer.ms, describeBefore(decision));
    return decision;
  }

  async afterTool(
    input: { step: number; tool: string; args: Record<string, unknown>; ok: boolean; output: string },
    signal: AbortSignal,
  ): Promise<AfterToolDecision> {
    if (!this.has('after_tool')) return {};
    const payload = { ...input, output: clip(input.output, hookBounds.inputChars) };
    const answer = await this.run('after_tool', input.step, input.tool, payload, afterToolAnswer, signal);
    if (!answer.ok) return this.required('after_tool') ? { annotate: answer.problem } : {};
    const { annotate, clip: chars } = answer.decision;
    const did = [annotate !== undefined ? 'annotate' : '', chars !== undefined ? 'clip' : ''].filter(Boolean);
    const detail = [annotate ? `note: ${annotate}` : '', chars !== undefined ? `clipped to ${chars} characters` : '']
      .filter(Boolean)
      .join('; ');
    this.decided('after_tool', input.step, input.tool, did.join('+') || 'unchanged', answer.ms, detail);
    return answer.decision;
  }

  async onFinal(input: { step: number; answer: string }, signal: AbortSignal): Promise<FinalDecision> {
    if (!this.has('on_final')) return { kind: 'accept' };
    const answer = await this.run('on_final', input.step, undefined, input, finalAnswer, signal);
    if (!answer.ok) return this.required('on_final') ? { kind: 'reject', message: answer.problem } : { kind: 'accept' };
    const decision = answer.decision;
    this.decided(
      'on_final',
      input.step,
      undefined,
      decision.kind,
      answer.ms,
      decision.kind === 'reject' ? decision.message : '',
    );
    return decision;
  }

  private required(point: HookPoint): boolean {
    return Boolean(this.options.hooks[point]?.required);
  }

  private decided(
    point: HookPoint,
    step: number,
    tool: string | undefined,
    decision: string,
    ms: number,
    detail: string,
  ) {
    this.options.emit({ type: 'hook', step, point, ...(tool ? { tool } : {}), decision, detail, durationMs: ms });
  }

  /** Runs the hook; a failure is reported here (as an event) and returned with its reason. */
  private async run<T>(
    point: HookPoint,
    step: number,
    tool: string | undefined,
    payload: object,
    read: (stdout: string) => Parsed<T>,
    signal: AbortSignal,
  ): Promise<{ ok: true; decision: T; ms: number } | { ok: false; problem: string }> {
    const spec = this.options.hooks[point]!;
    const timeoutMs = Math.min(Math.max(100, spec.timeoutMs ?? hookBounds.timeoutMs), hookBounds.maxTimeoutMs);
    const input = stableJson({ point, sessionId: this.options.sessionId, ...payload });
    const started = Date.now();
    let problem: string | undefined;
    let stdout = '';
    try {
      const ran = await this.options.commands.run({
        kind: 'hook',
        command: spec.command,
        run: `( ${spec.command} ) <<'${endOfInput}'\n${input}\n${endOfInput}`,
        purpose: `your ${point} hook`,
        step,
        timeoutMs,
        signal,
      });
      if (ran.kind === 'not-run') problem = `it may not run here: ${ran.reason}`;
      else {
        const { result } = ran;
        stdout = result.stdout;
        if (result.timedOut) problem = `it did not answer within ${timeoutMs} ms`;
        else if (result.aborted) problem = 'the run was stopped while it ran';
        else if (result.exitCode !== 0) {
          const first = result.stderr.trim().split('\n')[0];
          problem = `it exited with code ${result.exitCode}${first ? `: ${clip(first, 200)}` : ''}`;
        } else if (stdout.length > hookBounds.outputChars)
          problem = `it answered ${stdout.length} characters (at most ${hookBounds.outputChars})`;
      }
    } catch (error) {
      problem = `it could not run: ${(error as Error).message}`;
    }
    const ms = Date.now() - started;
    const parsed = problem === undefined ? read(stdout) : undefined;
    if (parsed?.ok) return { ok: true, decision: parsed.decision, ms };
    const why = `the ${point} hook failed: ${problem ?? (parsed as { problem: string }).problem}`;
    const consequence = spec.required ? ' (required: the call does not go on)' : ' (not required: going on without it)';
    this.options.emit({
      type: 'hook',
      step,
      point,
      ...(tool ? { tool } : {}),
      decision: 'failed',
      detail: why + consequence,
      durationMs: ms,
      failed: true,
    });
    return { ok: false, problem: why };
  }
}

function describeBefore(decision: BeforeToolDecision): string {
  if (decision.kind === 'deny') return decision.reason;
  if (decision.kind === 'rewrite') return `arguments rewritten to ${clip(stableJson(decision.args), 400)}`;
  return '';
}
