/** The steps of one run, in order; see agent.ts for the public surface. */
import type { Agent } from './agent';
import type { ChatMessage, ModelInfo, ModelReply } from './ports';
import type { Outcome, Usage } from './outcome';
import type { Protocol } from './settings';
import type { SessionRecorder } from './session-recorder';
import type { HistoryRenderer } from './context/history-renderer';
import type { RetryPolicy } from './recovery/retry-policy';
import type { ParsedReply } from './protocol/parsed-reply';
import { buildToolset } from './tools/tool-registry';
import { ApprovalGate } from './tools/approval-gate';
import { assemblePrefix } from './prompt/assemble-prefix';
import { requestChars, reusedPrefixChars } from './prompt/prefix-reuse';
import { nativeDefinitions, parseNativeReply } from './protocol/native-protocol';
import { parseTextReply } from './protocol/text-protocol';
import { malformedNotice } from './protocol/notices';
import { constrainedNotice, envelopeSchema, parseEnvelope } from './protocol/constrained-output';
import { requestWithRecovery } from './recovery/request-with-recovery';
import { TokenEstimator } from './context/token-estimator';
import { summarizeHistory } from './context/summarize-history';
import { ToolExecutor } from './tool-executor';
import { delegateRunner } from './delegate-runner';
import { lastMemoryText, memoryText, rememberFiles, rememberNote } from './memory-notice';
import { repairInterrupted } from './repair-interrupted';
import { formatExecResult } from './tools/run-shell';
import { clip } from './context/clip';
import { TaskGraph, taskLine } from './tasks/task-graph';
import { taskTools } from './tasks/task-tools';
import { appendLongTermNote, readLongTermMemory } from './long-term-memory';
import type { PromptState } from './prompt/prompt-variables';

/** S5 and K: the memory file and the task board, read fresh at the start of each run. */
async function promptExtras(agent: Agent): Promise<Pick<PromptState, 'memoryFile' | 'taskLines'>> {
  const memoryFile = await readLongTermMemory(agent);
  let taskLines: string[] | undefined;
  if (agent.options.tasks) {
    try {
      taskLines = (await agent.options.tasks.list()).map(taskLine);
    } catch (error) {
      taskLines = [`(the task board could not be read: ${(error as Error).message})`];
    }
  }
  return { ...(memoryFile ? { memoryFile } : {}), ...(taskLines ? { taskLines } : {}) };
}

export interface LoopContext {
  agent: Agent;
  task: string;
  protocol: Protocol;
  recorder: SessionRecorder;
  renderer: HistoryRenderer;
  signal: AbortSignal;
  stopReason: { kind: 'user' | 'time' };
  usage: Usage;
  modelInfo?: ModelInfo;
  retryPolicy: RetryPolicy;
  writable: boolean;
}

const resumeNotice = 'Runtime notice: your previous reply was cut off by the output limit. Resume directly where it stopped, with no recap.';

export async function runLoop(context: LoopContext): Promise<{ outcome: Outcome; steps: number }> {
  const { agent, protocol, recorder, renderer, signal, usage } = context;
  const { options } = agent;
  const session = agent.session;
  const settings = session.settings;
  const emit = recorder.emit.bind(recorder);

  const environment = options.workspace.describe();
  const repo = await agent.repoContext();
  const extras = await promptExtras(agent);
  const canDelegate = agent.depth < settings.maxDepth;
  const extra = [...(options.extraTools ?? []), ...(options.tasks ? taskTools(new TaskGraph(options.tasks), session.id) : [])];
  const toolset = buildToolset({ profile: settings.toolProfile, readOnly: settings.readOnly || !context.writable, canDelegate, environment, extra });
  const tools = [...toolset.tools.values()];
  const prefix = assemblePrefix({ protocol, tools, environment, repo, depth: agent.depth, ...extras }, settings.sectionOverrides);
  const system: ChatMessage = { role: 'system', content: prefix.text };
  const sections = prefix.sections.map((section) => ({ name: section.name, chars: section.text.length }));
  const gate = new ApprovalGate({ policy: settings.approval, readOnly: settings.readOnly, rules: settings.shellRules, approver: options.approver });
  const executor = new ToolExecutor({
    toolset,
    protocol,
    workspace: options.workspace,
    gate,
    sessionId: session.id,
    emit,
    toolOutputChars: options.toolOutputChars ?? 6000,
    ...(canDelegate ? { delegate: delegateRunner({ options, session, depth: agent.depth, signal, emit }) } : {}),
  });

  for (const item of repairInterrupted(session.history)) await recorder.append(item);
  if (context.task.trim()) {
    if (!session.memory.task) session.memory.task = context.task.trim();
    if (session.history.length === 0) session.title = clip(context.task.trim().split('\n')[0], 80);
    await recorder.append({ kind: 'user', content: context.task.trim() });
  } else if (session.history.length === 0) {
    return { outcome: { kind: 'error', error: { kind: 'internal', message: 'nothing to do: the task is empty' } }, steps: 0 };
  } else {
    await recorder.append({ kind: 'notice', reason: 'resumed', content: `Runtime notice: the run was resumed after an interruption. Continue with the task: ${session.memory.task}` });
  }
  const syncMemory = async () => {
    const text = memoryText(session.memory);
    const empty = session.memory.files.length === 0 && session.memory.notes.length === 0;
    if (empty || text === lastMemoryText(session.history)) return;
    await recorder.append({ kind: 'notice', reason: 'memory', content: text });
    emit({ type: 'memory.updated', memory: structuredClone(session.memory) });
  };
  await syncMemory();
  emit({ type: 'run.started', task: context.task, model: session.model, protocol, depth: agent.depth });
  if (options.workspaceChoice && agent.depth === 0) emit({ type: 'workspace.selected', backend: environment.backend, reason: options.workspaceChoice.reason });

  const estimator = new TokenEstimator();
  const limits = settings.limits;
  let previous: ChatMessage[] = [];
  let steps = 0;
  let formatErrors = 0;
  let constrained = false;
  let continuations = 0;
  let pendingCut = '';
  let forceCompaction = false;

  const stopped = (): Outcome | undefined => {
    if (!signal.aborted) return undefined;
    return context.stopReason.kind === 'time'
      ? { kind: 'limit', limit: 'time', message: `the wall-time limit of ${limits.maxSeconds}s was reached` }
      : { kind: 'aborted', message: 'stopped by the user' };
  };
  const countFormatError = (): Outcome | undefined => {
    formatErrors++;
    if (limits.maxFormatErrors > 0 && formatErrors >= limits.maxFormatErrors) {
      return { kind: 'limit', limit: 'format_errors', message: `${formatErrors} unusable replies in a row` };
    }
    return undefined;
  };
  const bill = (stats: ModelReply['stats'], estimatedPrompt: number, outputChars: number) => {
    const prompt = stats.promptEvalCount ?? estimatedPrompt;
    const output = stats.evalCount ?? estimator.estimate(outputChars);
    usage.promptTokens += prompt;
    usage.outputTokens += output;
    usage.totalTokens += prompt + output;
    usage.requests++;
  };

  for (;;) {
    const stop = stopped();
    if (stop) return { outcome: stop, steps };
    if (limits.maxSteps > 0 && steps >= limits.maxSteps) return { outcome: { kind: 'limit', limit: 'steps', message: `${steps} steps taken (limit ${limits.maxSteps})` }, steps };
    if (limits.maxTokens > 0 && usage.totalTokens >= limits.maxTokens) {
      return { outcome: { kind: 'limit', limit: 'tokens', message: `${usage.totalTokens} tokens used (limit ${limits.maxTokens})` }, steps };
    }
    steps++;
    const step = steps;

    // C3: keep the prompt under the context window, compacting older history when needed.
    let rendered = renderer.render(session.history);
    if (rendered.shortened) emit({ type: 'compaction', step, reason: 'older history shortened (recent budget exceeded)', beforeChars: 0, afterChars: requestChars(rendered.messages), items: session.history.length });
    const numCtx = settings.options.numCtx ?? settings.contextLength ?? context.modelInfo?.contextLength;
    const budget = numCtx ? numCtx - (settings.options.numPredict ?? 1024) - 64 : 0;
    let messages = [system, ...rendered.messages];
    let totalChars = requestChars(messages);
    if (budget > 0 && (forceCompaction || estimator.estimate(totalChars) > budget)) {
      const keepChars = estimator.chars(Math.floor(budget * 0.5)) - system.content.length;
      let until = session.history.length;
      for (let kept = 0; until > renderer.firstShownItem + 1 && kept < keepChars; ) {
        until--;
        kept += session.history[until].content.length;
      }
      if (until > renderer.firstShownItem) {
        const before = totalChars;
        renderer.compact(session.history, until, summarizeHistory(session.history.slice(0, until), 0));
        rendered = renderer.render(session.history);
        messages = [system, ...rendered.messages];
        totalChars = requestChars(messages);
        emit({ type: 'compaction', step, reason: forceCompaction ? 'the server truncated the last prompt' : 'the prompt would overflow the context window', beforeChars: before, afterChars: totalChars, items: until });
      }
      forceCompaction = false;
      if (estimator.estimate(totalChars) > budget) {
        const max = context.modelInfo?.contextLength;
        const message = `the prompt needs about ${estimator.estimate(totalChars)} tokens but only ${budget} fit in num_ctx=${numCtx}${max ? ` (the model supports up to ${max})` : ''}. Raise num_ctx or start a new session.`;
        return { outcome: { kind: 'error', error: { kind: 'context_too_small', message, retryable: false } }, steps };
      }
    }
    const reusedChars = reusedPrefixChars(previous, messages);
    previous = messages;
    emit({
      type: 'prompt.assembled',
      step,
      sections,
      prefixChars: system.content.length,
      totalChars,
      reusedChars,
      messages: messages.length,
      ...(step === 1 ? { prefix: prefix.sections.map((section) => ({ name: section.name, text: section.text, edited: section.edited })) } : {}),
    });

    const requestOptions = settings.options;
    emit({ type: 'request.sent', step, model: session.model, options: requestOptions, protocol, constrained });
    const estimatedPrompt = estimator.estimate(totalChars);
    const recovered = await requestWithRecovery(
      {
        model: session.model,
        messages,
        ...(protocol === 'native' ? { tools: nativeDefinitions(tools) } : {}),
        ...(constrained ? { format: envelopeSchema } : {}),
        options: requestOptions,
        signal,
        onToken: (text) => emit({ type: 'model.token', step, text }),
      },
      { client: options.model, policy: context.retryPolicy, step, emit, bill: (stats) => bill(stats, estimatedPrompt, 0), random: options.random, wait: options.wait },
    );
    if (!recovered.result.ok) {
      const { error } = recovered.result;
      emit({ type: 'model.error', step, error });
      if (error.kind === 'aborted' || signal.aborted) return { outcome: stopped() ?? { kind: 'aborted', message: 'stopped by the user' }, steps };
      return { outcome: { kind: 'error', error }, steps };
    }
    const reply = recovered.result.reply;
    bill(reply.stats, estimatedPrompt, reply.content.length);
    estimator.calibrate(totalChars, reply.stats.promptEvalCount);
    emit({ type: 'response.done', step, model: reply.model, stats: reply.stats, chars: reply.content.length, toolCalls: reply.toolCalls.length, reusedPromptTokens: estimator.estimate(reusedChars) });
    if (numCtx && reply.stats.promptEvalCount !== undefined && reply.stats.promptEvalCount >= numCtx) {
      emit({ type: 'context.truncated', step, promptEvalCount: reply.stats.promptEvalCount, numCtx });
      forceCompaction = true;
    }
    await recorder.append({ kind: 'assistant', content: reply.content, ...(reply.toolCalls.length ? { toolCalls: reply.toolCalls } : {}) });

    // R2, second half: a reply still cut after the larger limit is continued, a few times.
    if (reply.stats.doneReason === 'length' && reply.toolCalls.length === 0 && continuations < context.retryPolicy.maxContinuations) {
      continuations++;
      pendingCut += reply.content;
      emit({ type: 'notice', step, reason: 'length', text: resumeNotice });
      await recorder.append({ kind: 'notice', reason: 'length', content: resumeNotice });
      await recorder.flush();
      continue;
    }
    const text = pendingCut + reply.content;
    pendingCut = '';
    continuations = 0;
    const parsed: ParsedReply = constrained ? parseEnvelope(text) : protocol === 'native' ? parseNativeReply(reply) : parseTextReply(text);
    emit({ type: 'parse.result', step, kind: parsed.kind, detail: parsed.kind === 'tool' ? `${parsed.form}: ${parsed.calls.map((call) => call.name).join(', ')}` : parsed.kind === 'final' ? clip(parsed.answer, 120) : parsed.problem });

    if (parsed.kind === 'malformed') {
      const notice = malformedNotice(parsed.problem, protocol);
      emit({ type: 'notice', step, reason: 'malformed', text: notice });
      await recorder.append({ kind: 'notice', reason: 'malformed', content: notice });
      const limit = countFormatError();
      if (limit) return { outcome: limit, steps };
      if (protocol === 'text' && !constrained && formatErrors >= 2) {
        constrained = true;
        emit({ type: 'notice', step, reason: 'constrained-output', text: constrainedNotice });
        await recorder.append({ kind: 'notice', reason: 'constrained-output', content: constrainedNotice });
      }
      await recorder.flush();
      continue;
    }

    if (parsed.kind === 'final') {
      const verify = settings.verifyCommand;
      if (verify && context.writable && 'exec' in options.workspace) {
        const check = await options.workspace.exec(verify, { timeoutMs: 120_000, signal });
        if (check.exitCode !== 0) {
          const notice = `Runtime notice: the answer was not accepted because the check \`${verify}\` failed. Fix the problem, then answer again.\n${clip(formatExecResult(check, 120), 3000)}`;
          emit({ type: 'notice', step, reason: 'done-check', text: notice });
          await recorder.append({ kind: 'notice', reason: 'done-check', content: notice });
          await recorder.flush();
          continue;
        }
      }
      formatErrors = 0;
      return { outcome: { kind: 'final', answer: parsed.answer }, steps };
    }

    let invalid = 0;
    let changedFiles = false;
    for (const [index, call] of parsed.calls.entries()) {
      if (signal.aborted) break;
      const executed = await executor.execute(call, step, index, signal);
      if (executed.invalid) invalid++;
      if (executed.result?.changed?.length || (executed.name === 'run_shell' && executed.result)) changedFiles = true;
      await recorder.append({ kind: 'tool', name: executed.name, args: executed.args, content: executed.content, ok: executed.ok, ...(executed.result?.childSessionId ? { childSessionId: executed.result.childSessionId } : {}) });
      if (executed.result?.touched) rememberFiles(session.memory, executed.result.touched);
      if (executed.result?.note) rememberNote(session.memory, executed.result.note);
      if (executed.result?.longTermNote) await appendLongTermNote(agent, executed.result.longTermNote, emit, step);
    }
    if (parsed.extra) {
      emit({ type: 'notice', step, reason: 'extra-calls', text: `Runtime notice: ${parsed.extra}.` });
      await recorder.append({ kind: 'notice', reason: 'extra-calls', content: `Runtime notice: ${parsed.extra}.` });
    }
    if (invalid === parsed.calls.length) {
      const limit = countFormatError();
      if (limit) return { outcome: limit, steps };
    } else {
      formatErrors = 0;
    }
    await syncMemory();
    await recorder.flush();
    if (options.afterStep) {
      try {
        await options.afterStep({ step, changedFiles });
      } catch (error) {
        emit({ type: 'store.error', message: `after step ${step}: ${(error as Error).message}` });
      }
    }
  }
}
