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

  /** `beforeWrite` runs before a tool that may change the workspace (the run's baseline checkpoint). */
  async execute(
    call: ToolCall,
    step: number,
    callIndex: number,
    signal: AbortSignal,
    beforeWrite?: () => Promise<void>,
  ): Promise<ExecutedCall> {
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
    const validation = await validateCall({
      tools: this.options.toolset.tools,
      name: call.name,
      rawArguments: call.arguments,
      context,
      formatExample: this.example,
      unavailableReason: (name) => this.options.toolset.unavailableReason(name),
    });
    emit({
      type: 'validation',
      step,
      tool: call.name.slice(0, bounds.nameChars),
      ok: validation.ok,
      ...(validation.ok ? {} : { error: validation.error }),
    });
    if (!validation.ok) {
      const name = call.name.length > bounds.nameChars ? `${call.name.slice(0, bounds.nameChars)}…` : call.name;
      // T5: an invalid call made again as it was is a repeat too (read_file(".") eight times in a row).
      const key = `${call.name}:${stableJson(call.arguments)}`;
      const repeated = key === this.lastCallKey;
      this.lastCallKey = key;
      const content = repeated ? `${validation.error}\n${repeatedInvalidNotice(name)}` : validation.error;
      return { name, args: asRecord(call.arguments), content, ok: false, invalid: true, repeated };
    }

    const { tool } = validation;
    let args = validation.args;
    // T8: the user's before_tool hook may allow, deny (the model reads why) or rewrite the call.
    if (this.options.hooks?.has('before_tool')) {
      const verdict = await this.hookBefore(tool.name, args, step, signal, context);
      if (typeof verdict === 'string') return { name: tool.name, args, content: verdict, ok: false, invalid: false };
      args = verdict;
    }
    const risky = tool.risky || Boolean(tool.riskyWhen?.(args));
    if (this.options.stepGate) {
      emit({ type: 'step.paused', step, point: 'tool' });
      const decision = await this.options.stepGate.pause(
        {
          at: 'tool',
          step,
          tool: tool.name,
          args,
          validation: { ok: true },
          approval: this.options.gate.describe({ tool: tool.name, risky, args }),
        },
        signal,
      );
      if (decision.action === 'stop')
        return {
          name: tool.name,
          args,
          content: 'error: the run was stopped before this call ran',
          ok: false,
          invalid: false,
          stopped: true,
        };
    }
    const key = `${tool.name}:${stableJson(args)}`;
    const repeated = key === this.lastCallKey;
    this.lastCallKey = key;
    if (repeated) {
      const text = repeatedCallNotice(tool.name);
      emit({ type: 'notice', step, reason: 'repeated-call', text });
      return { name: tool.name, args, content: text, ok: false, invalid: false, repeated: true };
    }

    const hookFile = tool.access === 'write' ? this.hookFile(args.path) : undefined;
    if (hookFile)
      return {
        name: tool.name,
        args,
        content: `error: ${hookFile} is a hook the user configured; the agent may not change it. Leave it as it is.`,
        ok: false,
        invalid: false,
      };

    // The diff is made only when someone will look at it: computing it costs more than the loop.
    const preview =
      tool.access === 'write' && tool.preview ? () => tool.preview!(args, context).catch(() => undefined) : undefined;
    const decision = await this.options.gate.decide({
      tool: tool.name,
      risky,
      args,
      preview,
      sessionId: this.options.sessionId,
      step,
      signal,
    });
    if (risky)
      emit({
        type: 'approval',
        step,
        tool: tool.name,
        decision: decision.approved ? 'approved' : 'denied',
        by: decision.by,
        reason: decision.reason,
      });
    if (!decision.approved) {
      return {
        name: tool.name,
        args,
        content:
          `error: approval denied for ${tool.name}: ${decision.reason}. Do not ` +
          `retry the same call; choose another way or give the final answer.`,
        ok: false,
        invalid: false,
        denied: true,
      };
    }

    emit({ type: 'tool.started', step, callId, tool: tool.name, args });
    const started = Date.now();
    let result: ToolResult;
    try {
      if (tool.access === 'write') {
        if (!isWritable(this.options.workspace)) throw new Error('this workspace is read-only');
        await beforeWrite?.();
        result = await tool.run(args, { ...context, workspace: this.options.workspace });
      } else {
        result = await tool.run(args, context);
      }
    } catch (error) {
      result = { ok: false, output: `error: ${tool.name} failed: ${describeFailure(error)}` };
    }
    if (tool.access === 'write') result = await this.keepHookFiles(result, step);
    if (this.options.hooks?.has('after_tool')) {
      const after = await this.options.hooks.afterTool(
        { step, tool: tool.name, args, ok: result.ok, output: result.output },
        signal,
      );
      if (after.clip !== undefined) result = { ...result, output: clipText(result.output, after.clip).text };
      if (after.annotate) result = { ...result, output: `${result.output}\n[hook] ${after.annotate}` };
    }
    const clipped = clipText(result.output, this.options.toolOutputChars);
    emit({
      type: 'tool.finished',
      step,
      callId,
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
