/**
 * One tool call from request to result: validate (T3), refuse repeats (T5), approve (T4), run
 * in the narrowest workspace the tool needs, clip (C1). Every failure is a result the model
 * can read; nothing here throws.
 */
import { stableJson } from './stable-json';
import type { HarnessEventBody } from './events';
import type { ToolCall } from './model-types';
import type { ReadonlyWorkspace } from './workspace-types';
import type { Protocol } from './settings';
import type { AnyTool, DelegateRequest, DelegateResult, ReadToolContext, ToolResult } from './tools/tool-definition';
import type { Toolset } from './tools/tool-registry';
import type { ApprovalGate } from './tools/approval-gate';
import { validateCall } from './tools/validate-call';
import { formatExample, repeatedCallNotice, repeatedInvalidNotice } from './protocol/notices';
import { clipText } from './context/clip';
import { describeFailure } from './workspace-error';
import { isWritable, readonlyView } from './workspace-views';
import type { HookRunner } from './hooks/hook-runner';
import type { HookFiles } from './hooks/hook-files';
import type { StepGate } from './step-gate';
import { bounds } from './bounds';

export interface ExecutedCall {
  name: string;
  args: Record<string, unknown>;
  content: string;
  ok: boolean;
  /**
   * The call never reached its tool: unknown tool or invalid arguments (a result the model reads, not
   * a format error).
   */
  invalid: boolean;
  /** Step mode: the person stopped the run at this call. */
  stopped?: boolean;
  /** T5: refused as the same call with the same arguments as the one before. */
  repeated?: boolean;
  /** T4: the person (or the approval policy) said no. */
  denied?: boolean;
  result?: ToolResult;
}

export interface ExecutorOptions {
  toolset: Toolset;
  protocol: Protocol;
  /** P1: each tool's example for this run, by tool name (the tool's own when absent). */
  examples?: ReadonlyMap<string, unknown>;
  workspace: ReadonlyWorkspace;
  gate: ApprovalGate;
  sessionId: string;
  emit: (body: HarnessEventBody) => void;
  toolOutputChars: number;
  delegate?: (request: DelegateRequest) => Promise<DelegateResult>;
  stepGate?: StepGate;
  /** The run's wall-time deadline (epoch ms), passed on to tools. */
  deadline?: number;
  /** T8: the user's hooks before and after each call. */
  hooks?: HookRunner;
  /** T8: the files the hooks run, which the agent may not change. */
  hookFiles?: HookFiles;
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Where a call is: its step, id, signal, the read context its tool gets, and the checkpoint hook. */
interface CallAt {
  step: number;
  callId: string;
  signal: AbortSignal;
  context: ReadToolContext;
  beforeWrite?: () => Promise<void>;
}

/** A call that passed validation: its tool and its arguments (a stage may rewrite them). */
interface Valid {
  tool: AnyTool;
  args: Record<string, unknown>;
}

/** A stage passes the call on, or ends it with the result the model reads. */
type StageResult = Valid | ExecutedCall;
type Stage = (call: Valid, at: CallAt) => StageResult | Promise<StageResult>;

const isEnded = (result: StageResult): result is ExecutedCall => 'content' in result;

const isRisky = ({ tool, args }: Valid) => tool.risky || Boolean(tool.riskyWhen?.(args));

/** A call a stage refused: not run, and not invalid (the model reads why). */
function refusal(call: Valid, content: string, flags: Partial<ExecutedCall> = {}): ExecutedCall {
  return { name: call.tool.name, args: call.args, content, ok: false, invalid: false, ...flags };
}

export class ToolExecutor {
  /**
   * T8: the before_tool hook's verdict: the arguments to use (rewritten ones validated again
   * against the tool's schema), or the text the model reads when the call is denied.
   */
  private async hookBefore(
    name: string,
    args: Record<string, unknown>,
    step: number,
    signal: AbortSignal,
    context: ReadToolContext,
  ): Promise<Record<string, unknown> | string> {
    const verdict = await this.options.hooks!.beforeTool({ step, tool: name, args }, signal);
    if (verdict.kind === 'allow') return args;
    if (verdict.kind === 'deny')
      return `error: a hook denied ${name}: ${verdict.reason}. Do not retry the same call; choose another way.`;
    const again = await validateCall({
      tools: this.options.toolset.tools,
      name,
      rawArguments: verdict.args,
      context,
      formatExample: this.example,
      unavailableReason: (tool) => this.options.toolset.unavailableReason(tool),
    });
    if (again.ok) return again.args;
    this.options.emit({
      type: 'hook',
      step,
      point: 'before_tool',
      tool: name,
      decision: 'failed',
      detail:
        `the before_tool hook's rewrite is not a valid call ` + `(${again.error.split('\n')[0]}); the call was not run`,
      durationMs: 0,
      failed: true,
    });
    return `error: a hook rewrote ${name} into an invalid call; it was not run.`;
  }

  /** A write that changed a hook file (a shell command can) is undone at once, and the model is told. */
  private async keepHookFiles(result: ToolResult, step: number): Promise<ToolResult> {
    const restored = await this.options.hookFiles?.restore().catch((error: Error) => [`(${error.message})`]);
    if (!restored?.length) return result;
    const text =
      `the hook file ${restored.join(', ')} changed; it was put back as the user configured it ` +
      '(the agent may not change hooks)';
    this.options.emit({ type: 'notice', step, reason: 'hook-file', text });
    return { ...result, output: `${result.output}\n[harness] ${text}.` };
  }

  private lastCallKey: string | undefined;
  private readonly readView: ReadonlyWorkspace;

  constructor(private readonly options: ExecutorOptions) {
    this.readView = readonlyView(options.workspace);
  }

  /** T8: the hook file a write to `path` would touch (refused here, whatever came before). */
  hookFile(path: unknown): string | undefined {
    return this.options.hookFiles?.protects(path);
  }

  private example = (tool: AnyTool) =>
    formatExample(tool, this.options.protocol, this.options.examples?.get(tool.name));

  /**
   * A call goes through the stages in order (DESIGN 14: one pipeline, no branches around it):
   * validate, then each stage below, then run. A stage passes the call on (its arguments perhaps
   * rewritten) or ends it with the result the model reads. `beforeWrite` runs before a tool that
   * may change the workspace (the run's baseline checkpoint).
   */
  async execute(
    call: ToolCall,
    step: number,
    callIndex: number,
    signal: AbortSignal,
    beforeWrite?: () => Promise<void>,
  ): Promise<ExecutedCall> {
    const at = this.callAt(step, callIndex, signal, beforeWrite);
    let current = await this.validate(call, at);
    for (const stage of this.stages) {
      if (isEnded(current)) return current;
      current = await stage(current, at);
    }
    return isEnded(current) ? current : this.run(current, at);
  }

  private callAt(step: number, callIndex: number, signal: AbortSignal, beforeWrite?: () => Promise<void>): CallAt {
    const { emit } = this.options;
    const callId = `${step}.${callIndex}`;
    const context: ReadToolContext = {
      workspace: this.readView,
      step,
      signal,
      onOutput: (chunk) => emit({ type: 'tool.output', step, callId, chunk }),
      ...(this.options.delegate ? { delegate: this.options.delegate } : {}),
      ...(this.options.deadline ? { deadline: this.options.deadline } : {}),
    };
    return { step, callId, signal, context, ...(beforeWrite ? { beforeWrite } : {}) };
  }

  /** T3: the call against its tool's schema; an invalid call made again as it was is a repeat too (T5). */
  private async validate(call: ToolCall, at: CallAt): Promise<StageResult> {
    const validation = await validateCall({
      tools: this.options.toolset.tools,
      name: call.name,
      rawArguments: call.arguments,
      context: at.context,
      formatExample: this.example,
      unavailableReason: (name) => this.options.toolset.unavailableReason(name),
    });
    this.options.emit({
      type: 'validation',
      step: at.step,
      tool: call.name.slice(0, bounds.nameChars),
      ok: validation.ok,
      ...(validation.ok ? {} : { error: validation.error }),
    });
    if (validation.ok) return { tool: validation.tool, args: validation.args };
    const name = call.name.length > bounds.nameChars ? `${call.name.slice(0, bounds.nameChars)}…` : call.name;
    // read_file(".") eight times in a row is a repeat, valid or not.
    const key = `${call.name}:${stableJson(call.arguments)}`;
    const repeated = key === this.lastCallKey;
    this.lastCallKey = key;
    const content = repeated ? `${validation.error}\n${repeatedInvalidNotice(name)}` : validation.error;
    return { name, args: asRecord(call.arguments), content, ok: false, invalid: true, repeated };
  }

  /** T8: the user's before_tool hook may allow, deny (the model reads why) or rewrite the call. */
  private hookStage: Stage = async (call, at) => {
    if (!this.options.hooks?.has('before_tool')) return call;
    const verdict = await this.hookBefore(call.tool.name, call.args, at.step, at.signal, at.context);
    return typeof verdict === 'string' ? refusal(call, verdict) : { ...call, args: verdict };
  };

  /** U3: in step mode the person sees the call (and what approval would say) and may stop the run here. */
  private pauseStage: Stage = async (call, at) => {
    if (!this.options.stepGate) return call;
    const { tool, args } = call;
    this.options.emit({ type: 'step.paused', step: at.step, point: 'tool' });
    const decision = await this.options.stepGate.pause(
      {
        at: 'tool',
        step: at.step,
        tool: tool.name,
        args,
        validation: { ok: true },
        approval: this.options.gate.describe({ tool: tool.name, risky: isRisky(call), args }),
      },
      at.signal,
    );
    return decision.action === 'stop'
      ? refusal(call, 'error: the run was stopped before this call ran', { stopped: true })
      : call;
  };

  /** T5: the same call with the same arguments as the one before is refused, with a notice. */
  private repeatStage: Stage = (call, at) => {
    const key = `${call.tool.name}:${stableJson(call.args)}`;
    const repeated = key === this.lastCallKey;
    this.lastCallKey = key;
    if (!repeated) return call;
    const text = repeatedCallNotice(call.tool.name);
    this.options.emit({ type: 'notice', step: at.step, reason: 'repeated-call', text });
    return refusal(call, text, { repeated: true });
  };

  /** T8: a write to a file a hook runs is refused, whoever approves it. */
  private protectStage: Stage = (call) => {
    const hookFile = call.tool.access === 'write' ? this.hookFile(call.args.path) : undefined;
    return hookFile
      ? refusal(
          call,
          `error: ${hookFile} is a hook the user configured; the agent may not change it. Leave it as it is.`,
        )
      : call;
  };

  /** T4: the approval policy (or the person) decides a risky call; the decision is an event. */
  private approveStage: Stage = async (call, at) => {
    const { tool, args } = call;
    const risky = isRisky(call);
    // The diff is made only when someone will look at it: computing it costs more than the loop.
    const preview =
      tool.access === 'write' && tool.preview
        ? () => tool.preview!(args, at.context).catch(() => undefined)
        : undefined;
    const decision = await this.options.gate.decide({
      tool: tool.name,
      risky,
      args,
      preview,
      sessionId: this.options.sessionId,
      step: at.step,
      signal: at.signal,
    });
    if (risky)
      this.options.emit({
        type: 'approval',
        step: at.step,
        tool: tool.name,
        decision: decision.approved ? 'approved' : 'denied',
        by: decision.by,
        reason: decision.reason,
      });
    if (decision.approved) return call;
    return refusal(
      call,
      `error: approval denied for ${tool.name}: ${decision.reason}. Do not ` +
        `retry the same call; choose another way or give the final answer.`,
      { denied: true },
    );
  };

  private readonly stages: readonly Stage[] = [
    this.hookStage,
    this.pauseStage,
    this.repeatStage,
    this.protectStage,
    this.approveStage,
  ];

  /** Runs the tool in the narrowest workspace it needs; a throw is a failed result, never out of here. */
  private async run(call: Valid, at: CallAt): Promise<ExecutedCall> {
    const { tool, args } = call;
    this.options.emit({ type: 'tool.started', step: at.step, callId: at.callId, tool: tool.name, args });
    const started = Date.now();
    let result: ToolResult;
    try {
      if (tool.access === 'write') {
        if (!isWritable(this.options.workspace)) throw new Error('this workspace is read-only');
        await at.beforeWrite?.();
        result = await tool.run(args, { ...at.context, workspace: this.options.workspace });
      } else {
        result = await tool.run(args, at.context);
      }
    } catch (error) {
      result = { ok: false, output: `error: ${tool.name} failed: ${describeFailure(error)}` };
    }
    if (tool.access === 'write') result = await this.keepHookFiles(result, at.step);
    return this.after(call, at, result, started);
  }

  /** T8 C1: the after_tool hook may clip or annotate the output; then it is clipped to the run's bound. */
  private async after(call: Valid, at: CallAt, output: ToolResult, started: number): Promise<ExecutedCall> {
    const { tool, args } = call;
    let result = output;
    if (this.options.hooks?.has('after_tool')) {
      const after = await this.options.hooks.afterTool(
        { step: at.step, tool: tool.name, args, ok: result.ok, output: result.output },
        at.signal,
      );
      if (after.clip !== undefined) result = { ...result, output: clipText(result.output, after.clip).text };
      if (after.annotate) result = { ...result, output: `${result.output}\n[hook] ${after.annotate}` };
    }
    const clipped = clipText(result.output, this.options.toolOutputChars);
    this.options.emit({
      type: 'tool.finished',
      step: at.step,
      callId: at.callId,
      tool: tool.name,
      ok: result.ok,
      durationMs: Date.now() - started,
      ...(result.exitCode !== undefined ? { exitCode: result.exitCode } : {}),
      rawChars: result.output.length,
      clippedChars: clipped.text.length,
    });
    return { name: tool.name, args, content: clipped.text, ok: result.ok, invalid: false, result };
  }
}
