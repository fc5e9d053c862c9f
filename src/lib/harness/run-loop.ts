/**
 * The loop, as the sequence of its steps: fit the prompt to the context (C3), ask the model
 * (model-step), keep the reply, parse it (T6), then either accept a final answer (L3 done-check),
 * run its tool calls (tool-round), or tell the model what was wrong with it. Each concern lives in
 * its own part; this file orders them and decides when to stop (L1, L2).
 */
import type { LoopContext } from './loop-context';
import type { RunSetup } from './run-setup';
import type { ChatMessage, ModelReply } from './model-types';
import type { Outcome } from './outcome';
import type { ParsedReply } from './protocol/parsed-reply';
import { prepareRun } from './run-setup';
import { pauseBeforeRequest } from './request-pause';
import { modelStep } from './model-step';
import { runToolRound } from './tool-round';
import { runDoneCheck } from './done-check';
import { requestChars, reusedPrefixChars } from './prompt/prefix-reuse';
import { prefixBreak } from './prompt/prefix-break';
import type { LoopEvent } from './loop-state';
import { initialLoopState, nextLoopState, overflowEndsRun } from './loop-state';
import { parseNativeReply } from './protocol/native-protocol';
import { parseTextReply } from './protocol/text-protocol';
import { malformedNotice } from './protocol/notices';
import { constrainedNotice, parseEnvelope } from './protocol/constrained-output';
import { startTurn, switchedThisTurn, syncMemory } from './turn-start';
import { clip } from './context/clip';
import { bounds, boundedToolCalls, replyCharLimit } from './bounds';
import { isWritable } from './workspace-views';
import { StepChoices } from './small-model/step-choices';

const nothingDoneNotice =
  'Runtime notice: no tool call has worked yet, so this is not accepted as the final answer. ' +
  'Do the task with a tool first.';

const runawayNotice = (chars: number) =>
  `Runtime notice: your reply kept repeating the same text, so it was stopped after ${chars} characters ` +
  'and nothing in it was run. Reply with one tool call or one final answer, once.';

const resumeNotice =
  'Runtime notice: your previous reply was cut off by the output limit. ' +
  'Resume directly where it stopped, with no recap.';

/** The reply as the server generated it, in the form it comes back in the next request. */
function generated(reply: ModelReply, protocol: LoopContext['protocol']): ChatMessage {
  return protocol === 'native' && reply.toolCalls.length
    ? { role: 'assistant', content: reply.content, toolCalls: reply.toolCalls }
    : { role: 'assistant', content: reply.content };
}

function stopped(context: LoopContext): Outcome | undefined {
  // The deadline is read too: a timer cannot fire while code runs on this thread (QuickJS in Node).
  if (!context.signal.aborted && context.deadline !== undefined && Date.now() >= context.deadline)
    context.stopReason.kind = 'time';
  else if (!context.signal.aborted) return undefined;
  if (context.stopReason.kind === 'time')
    return {
      kind: 'limit',
      limit: 'time',
      message: `the wall-time limit of ${context.session.settings.limits.maxSeconds}s was reached`,
    };
  return {
    kind: 'aborted',
    message: context.stopReason.kind === 'step' ? 'stopped in step mode' : 'stopped by the user',
  };
}

function parseReply(
  context: LoopContext,
  setup: RunSetup,
  text: string,
  reply: ModelReply,
  constrained: boolean,
): ParsedReply {
  if (text.length >= replyCharLimit(context.session.settings.options.numPredict)) {
    return {
      kind: 'malformed',
      problem:
        `the reply was ${text.length} characters long, over the limit of ` +
        `${replyCharLimit(context.session.settings.options.numPredict)}; it ` +
        `was not executed. Write less per reply`,
    };
  }
  const options = { argumentNames: setup.argumentNames };
  if (constrained) return parseEnvelope(text, options);
  return context.protocol === 'native' ? parseNativeReply(reply) : parseTextReply(text, options);
}

export async function runLoop(context: LoopContext): Promise<{ outcome: Outcome; steps: number }> {
  const { session, recorder, renderer, state, signal } = context;
  const emit = recorder.emit.bind(recorder);
  const setup = await prepareRun(context);
  const early = await startTurn(context);
  if (early) return { outcome: early, steps: 0 };
  // A switch to constrained output lasts for the rest of the turn, also across a resume or a
  // fork: the model was told every reply must be JSON from then on.
  let loop = initialLoopState(
    context.protocol === 'constrained' || (context.protocol === 'text' && switchedThisTurn(session.history)),
  );
  const move = (event: LoopEvent) => (loop = nextLoopState(loop, event));
  // O4: the small profile's per-reply grammar.
  const choices = setup.small
    ? new StepChoices(setup.tools, context.options.workspace, session.memory.task || context.task, setup.paths)
    : undefined;
  const beforeChange = async () => {
    if (loop.changed) return;
    move({ type: 'changed' });
    await context.options
      .beforeFirstChange?.()
      .catch((error: Error) => emit({ type: 'store.error', message: `baseline checkpoint: ${error.message}` }));
  };
  const notice = async (step: number, reason: string, text: string) => {
    emit({ type: 'notice', step, reason, text });
    await recorder.append({ kind: 'notice', reason, content: text });
  };

  let loggedTools: RunSetup['nativeTools'];
  let loggedSystem: RunSetup['system'] | undefined;
  for (;;) {
    const stop = stopped(context) ?? state.beforeStep();
    if (stop) return { outcome: stop, steps: state.steps };
    const step = ++state.steps;

    const fitted = setup.budget.fit({
      history: session.history,
      renderer,
      system: setup.system,
      toolChars: setup.toolChars,
      estimator: state.estimator,
      force: loop.forceCompaction,
    });
    if (!fitted.ok) {
      emit({ type: 'request.unsent', step, messages: fitted.messages, reason: fitted.message });
      return {
        outcome: { kind: 'error', error: { kind: 'context_too_small', message: fitted.message, retryable: false } },
        steps: state.steps,
      };
    }
    if (fitted.shortened)
      emit({
        type: 'compaction',
        step,
        reason: 'older history shortened (recent budget exceeded)',
        beforeChars: fitted.shortened.beforeChars,
        afterChars: fitted.shortened.afterChars,
        items: fitted.shortened.items,
      });
    if (fitted.compaction) emit({ type: 'compaction', step, ...fitted.compaction });
    const format = loop.constrained ? ((await choices?.envelope()) ?? setup.envelope) : undefined;
    const messages = await pauseBeforeRequest(context, step, fitted.messages, setup, format);
    if (messages === 'stop') {
      context.stopReason.kind = 'step';
      return { outcome: { kind: 'aborted', message: 'stopped in step mode' }, steps: state.steps };
    }
    const { previous } = loop;
    const reusedChars = reusedPrefixChars(previous, messages);
    let keep = 0;
    while (keep < previous.length && keep < messages.length && previous[keep] === messages[keep]) keep++;
    const broke = prefixBreak({ previous, reusedChars, fitted, edited: messages !== fitted.messages, keep });
    // The request log keeps a schema only when it changed (the small profile's changes per reply).
    const formatText = format ? JSON.stringify(format) : undefined;
    // An edit at the pause changed the request: its size is the request's, not the fitted one's.
    const totalChars = messages === fitted.messages ? fitted.totalChars : requestChars(messages);
    const logged = { tools: loggedTools, system: loggedSystem };
    loggedTools = setup.nativeTools;
    loggedSystem = setup.system;
    emit({
      type: 'request.messages',
      step,
      keep,
      added: messages.slice(keep),
      // The declarations (and below, the sections) are logged when they change: at a run's first
      // step, or after an edit at a pause (U3).
      ...(setup.nativeTools && setup.nativeTools !== logged.tools ? { tools: setup.nativeTools } : {}),
      ...(format && formatText !== loop.lastFormat ? { format } : {}),
    });
    move({ type: 'request-sent', messages, format: formatText });
    emit({
      type: 'prompt.assembled',
      step,
      sections: setup.sections,
      prefixChars: setup.system.content.length,
      totalChars,
      reusedChars,
      ...(broke ? { prefixBreak: broke } : {}),
      messages: messages.length,
      ...(setup.toolChars ? { toolChars: setup.toolChars } : {}),
      ...(setup.system !== logged.system
        ? {
            prefix: setup.prefix.sections.map((section) => ({
              name: section.name,
              text: section.text,
              edited: section.edited,
            })),
            tools: setup.tools.map((tool) => tool.name),
          }
        : {}),
    });

    const result = await modelStep(
      {
        client: context.options.model,
        model: session.model,
        protocol: context.protocol,
        options: session.settings.options,
        signal,
        retryPolicy: context.retryPolicy,
        emit,
        state,
        budget: setup.budget,
        random: context.options.random,
        wait: context.options.wait,
      },
      {
        step,
        messages,
        totalChars,
        reusedChars,
        ...(setup.nativeTools ? { tools: setup.nativeTools } : {}),
        ...(format ? { format } : {}),
      },
    );
    if (result.kind === 'failed') {
      if (result.error.kind === 'aborted' || signal.aborted)
        return { outcome: stopped(context) ?? { kind: 'aborted', message: 'stopped by the user' }, steps: state.steps };
      return { outcome: { kind: 'error', error: result.error }, steps: state.steps };
    }
    if (result.kind === 'runaway') {
      // Counted like an unparseable reply, so a model that keeps doing it meets the limit.
      await recorder.append({ kind: 'assistant', content: clip(result.text, 600) });
      await notice(step, 'runaway', runawayNotice(result.text.length));
      const limit = state.unparseable();
      if (limit) return { outcome: limit, steps: state.steps };
      await recorder.flush();
      continue;
    }
    if (result.kind === 'truncated') {
      // R3: compact once and ask again; a second overflow in a row ends the run clearly.
      if (overflowEndsRun(loop)) {
        const message =
          `the prompt did not fit in ` +
          `num_ctx=${setup.budget.contextWindow.numCtx} even after compaction ` +
          `(${setup.budget.contextWindow.source}). Raise num_ctx or start a new ` +
          `session.`;
        return {
          outcome: { kind: 'error', error: { kind: 'context_too_small', message, retryable: false } },
          steps: state.steps,
        };
      }
      move({ type: 'overflowed' });
      continue;
    }
    // Bounded once, as it arrives: a huge name or a 3,000-deep argument never reaches a later step.
    const reply = { ...result.reply, toolCalls: boundedToolCalls(result.reply.toolCalls) };
    move({ type: 'replied', message: generated(reply, context.protocol) });
    let content = reply.content;
    if (context.options.stepGate) {
      emit({ type: 'step.paused', step, at: 'reply' });
      const decision = await context.options.stepGate.pause(
        { at: 'reply', step, content, toolCalls: reply.toolCalls },
        signal,
      );
      if (decision.action === 'stop') {
        context.stopReason.kind = 'step';
        return { outcome: { kind: 'aborted', message: 'stopped in step mode' }, steps: state.steps };
      }
      if (decision.action === 'edit' && decision.text !== content) {
        emit({ type: 'step.edited', step, target: 'reply', before: content, after: decision.text });
        content = decision.text;
      }
    }
    await recorder.append({
      kind: 'assistant',
      content,
      ...(reply.toolCalls.length ? { toolCalls: reply.toolCalls.slice(0, bounds.callsPerReply * 4) } : {}),
      ...(content !== reply.content ? { edited: { original: reply.content } } : {}),
    });

    // R2, second half: a reply still cut after the larger limit is continued, a few times.
    if (
      reply.stats.doneReason === 'length' &&
      reply.toolCalls.length === 0 &&
      loop.continuations < context.retryPolicy.maxContinuations &&
      (loop.pendingCut + content).length < replyCharLimit(session.settings.options.numPredict)
    ) {
      move({ type: 'cut', text: content });
      await notice(step, 'length', resumeNotice);
      await recorder.flush();
      continue;
    }
    const text = loop.pendingCut + content;
    move({ type: 'parsed' });
    const parsed = parseReply(context, setup, text, { ...reply, content: text }, loop.constrained);
    emit({
      type: 'parse.result',
      step,
      kind: parsed.kind,
      detail:
        parsed.kind === 'tool'
          ? `${parsed.form}: ${parsed.calls.map((call) => clip(call.name, 80)).join(', ')}`
          : parsed.kind === 'final'
            ? clip(parsed.answer, 120)
            : parsed.problem,
    });

    if (parsed.kind === 'malformed') {
      await notice(
        step,
        'malformed',
        malformedNotice(
          parsed.problem,
          context.protocol,
          setup.tools.map((tool) => tool.name),
        ),
      );
      const limit = state.unparseable();
      if (limit) return { outcome: limit, steps: state.steps };
      const wasConstrained = loop.constrained;
      move({ type: 'malformed', formatErrors: state.formatErrors, protocol: context.protocol });
      if (loop.constrained && !wasConstrained) await notice(step, 'constrained-output', constrainedNotice);
      await recorder.flush();
      continue;
    }
    if (parsed.kind === 'final' && choices && !choices.worked) {
      // O4: prose at step 1 is not a result. Counted like an unparseable reply, so it is bounded.
      await notice(step, 'nothing-done', nothingDoneNotice);
      const limit = state.unparseable();
      if (limit) return { outcome: limit, steps: state.steps };
      await recorder.flush();
      continue;
    }
    state.parsed();

    if (parsed.kind === 'final') {
      // T8: the user's on_final hook may send the answer back; the L3 done-check runs after it.
      const verdict = await setup.hooks?.onFinal({ step, answer: parsed.answer }, signal);
      if (verdict?.kind === 'reject') {
        await notice(step, 'hook', `Runtime notice: the answer was not accepted: ${verdict.message}`);
        await recorder.flush();
        continue;
      }
      const command = session.settings.verifyCommand;
      if (!command || !setup.writable || !isWritable(context.options.workspace))
        return { outcome: { kind: 'final', answer: parsed.answer }, steps: state.steps };
      const check = await runDoneCheck({ workspace: context.options.workspace, command, step, signal, emit });
      if (check.kind === 'passed') return { outcome: { kind: 'final', answer: parsed.answer }, steps: state.steps };
      if (check.kind === 'aborted')
        return {
          outcome: stopped(context) ?? { kind: 'aborted', message: 'stopped during the done-check' },
          steps: state.steps,
        };
      await notice(step, 'done-check', check.notice);
      await recorder.flush();
      continue;
    }

    const round = await runToolRound(
      {
        executor: setup.executor,
        recorder,
        session,
        workspace: context.options.workspace,
        memoryFile: setup.memoryFile,
        signal,
        emit,
        beforeChange,
        // O4: a small model that has just written the file tends to write it again, and again.
        ...(setup.small ? { afterChange: 'If that completes the task, give the final answer now.' } : {}),
      },
      parsed.calls,
      step,
      parsed.extra,
    );
    if (round.stopped) {
      context.stopReason.kind = 'step';
      return { outcome: { kind: 'aborted', message: 'stopped in step mode' }, steps: state.steps };
    }
    choices?.afterRound(parsed.calls, round);
    const limit = state.toolStep(round.allFailed);
    await syncMemory(context);
    await recorder.flush();
    if (context.options.afterStep) {
      try {
        await context.options.afterStep({ step, changedFiles: round.changedFiles });
      } catch (error) {
        emit({ type: 'store.error', message: `after step ${step}: ${(error as Error).message}` });
      }
    }
    if (limit) return { outcome: limit, steps: state.steps };
  }
}
