/**
 * One model call of the loop: send the request (with recovery, R1/R2), bill it (L1, even when the
 * reply is dropped), report it (O1), and tell apart a reply made from a prompt the server cut
 * (R3: it is not executed).
 */
import type { HarnessEventBody } from './events';
import type {
  ChatMessage,
  ModelClient,
  ModelError,
  ModelOptions,
  ModelReply,
  NativeToolDefinition,
} from './model-types';
import type { Protocol } from './settings';
import type { RetryPolicy } from './recovery/retry-policy';
import type { RunState } from './run-state';
import type { ContextBudget } from './context/context-budget';
import { requestWithRecovery } from './recovery/request-with-recovery';
import { replyCharLimit } from './bounds';
import type { ServerReuse } from './server-reuse';
import { RunawayDetector } from './recovery/runaway-detector';

function serverReuse(measured: ServerReuse | undefined): {
  serverReusedTokens?: number;
  serverReuseSource?: ServerReuse['source'];
} {
  return measured ? { serverReusedTokens: measured.tokens, serverReuseSource: measured.source } : {};
}

export interface ModelStepContext {
  client: ModelClient;
  model: string;
  protocol: Protocol;
  options: ModelOptions;
  signal: AbortSignal;
  retryPolicy: RetryPolicy;
  emit: (body: HarnessEventBody) => void;
  state: RunState;
  budget: ContextBudget;
  random?: () => number;
  wait?: (ms: number, signal: AbortSignal) => Promise<boolean>;
}

export interface ModelStepRequest {
  step: number;
  messages: ChatMessage[];
  totalChars: number;
  /** Characters equal to the start of the previous request (P2). */
  reusedChars: number;
  tools?: NativeToolDefinition[];
  /** Constrained output: the JSON Schema the reply must follow. */
  format?: Record<string, unknown>;
}

export type ModelStepResult =
  | { kind: 'reply'; reply: ModelReply; numPredict: number }
  /** U5: the reply kept repeating itself and was stopped; `text` is what had streamed. */
  | { kind: 'runaway'; text: string }
  | { kind: 'truncated' }
  | { kind: 'failed'; error: ModelError };

export async function modelStep(context: ModelStepContext, request: ModelStepRequest): Promise<ModelStepResult> {
  const { emit, state, budget, step } = { ...context, step: request.step };
  const options: ModelOptions = { ...context.options, numCtx: budget.contextWindow.numCtx };
  const estimatedPrompt = state.estimator.estimate(request.totalChars);
  emit({
    type: 'request.sent',
    step,
    model: context.model,
    options,
    protocol: context.protocol,
    constrained: Boolean(request.format),
  });
  // U5: a reply that repeats itself while it streams is stopped, not waited for (nor escalated).
  const runaway = new RunawayDetector();
  const stopRunaway = new AbortController();
  const signal = AbortSignal.any([context.signal, stopRunaway.signal]);
  const recovered = await requestWithRecovery(
    {
      model: context.model,
      messages: request.messages,
      ...(request.tools ? { tools: request.tools } : {}),
      ...(request.format ? { format: request.format } : {}),
      options,
      maxChars: replyCharLimit(options.numPredict),
      signal,
      onToken: (text) => {
        emit({ type: 'model.token', step, text });
        if (runaway.push(text)) stopRunaway.abort();
      },
    },
    {
      client: context.client,
      policy: context.retryPolicy,
      step,
      emit: (body) => {
        if (body.type === 'retry') runaway.reset();
        emit(body);
      },
      bill: (stats) => state.bill(stats, estimatedPrompt, 0),
      outputRoom: budget.outputRoom(estimatedPrompt),
      random: context.random,
      wait: context.wait,
    },
  );
  if (runaway.tripped && !context.signal.aborted) {
    state.bill({}, estimatedPrompt, runaway.seen.length);
    return { kind: 'runaway', text: runaway.seen };
  }
  if (!recovered.result.ok) {
    const { error } = recovered.result;
    emit({ type: 'model.error', step, error });
    if (error.kind === 'context_overflow') {
      state.usage.requests++;
      emit({
        type: 'context.truncated',
        step,
        numCtx: budget.contextWindow.numCtx,
        estimatedTokens: estimatedPrompt,
        detectedBy: 'server-refused',
        discarded: true,
      });
      return { kind: 'truncated' };
    }
    return { kind: 'failed', error };
  }
  const reply = recovered.result.reply;
  state.bill(reply.stats, estimatedPrompt, reply.content.length);
  const truncation = budget.truncation(reply.stats, estimatedPrompt);
  // A count from a cut prompt says nothing true about characters per token.
  if (!truncation) state.estimator.calibrate(request.totalChars, reply.stats.promptEvalCount);
  emit({
    type: 'response.done',
    step,
    model: reply.model,
    stats: reply.stats,
    chars: reply.content.length,
    toolCalls: reply.toolCalls.length,
    reusedPromptTokens: state.estimator.estimate(request.reusedChars),
    ...serverReuse(state.serverReuse.measure(reply.stats)),
  });
  if (truncation) {
    emit({
      type: 'context.truncated',
      step,
      numCtx: budget.contextWindow.numCtx,
      promptEvalCount: reply.stats.promptEvalCount,
      estimatedTokens: estimatedPrompt,
      detectedBy: truncation,
      discarded: true,
    });
    return { kind: 'truncated' };
  }
  return { kind: 'reply', reply, numPredict: recovered.numPredict ?? options.numPredict ?? 0 };
}
