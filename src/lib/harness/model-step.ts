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
  ModelResult,
  ToolDeclaration,
} from './model-types';
import type { Protocol } from './settings';
import type { RetryPolicy } from './recovery/retry-policy';
import type { RunState } from './run-state';
import type { ContextBudget } from './context/context-budget';
import { requestWithRecovery } from './recovery/request-with-recovery';
import { replyCharLimit } from './bounds';
import type { ServerReuse } from './server-reuse';
import type { ReplyWatcher } from './rules/rule';

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
  /** The rules' watchers (by rule id) that may stop the reply while it streams. */
  watchers?: { name: string; watcher: ReplyWatcher }[];
}

export interface ModelStepRequest {
  step: number;
  messages: ChatMessage[];
  totalChars: number;
  /** Characters equal to the start of the previous request (P2). */
  reusedChars: number;
  tools?: ToolDeclaration[];
  /** Constrained output: the JSON Schema the reply must follow. */
  format?: Record<string, unknown>;
}

export type ModelStepResult =
  | { kind: 'reply'; reply: ModelReply }
  /** A watcher (`by`, its rule's id) stopped the reply while it streamed; `text` is what it saw. */
  | { kind: 'stopped'; by: string; text: string }
  | { kind: 'truncated' }
  | { kind: 'failed'; error: ModelError };

type TruncatedEvent = Extract<HarnessEventBody, { type: 'context.truncated' }>;

/** What a request came back with: a failure, or a reply that may have been made from a cut prompt (R3). */
function settle(
  context: ModelStepContext,
  request: ModelStepRequest,
  result: ModelResult,
  estimatedPrompt: number,
): ModelStepResult {
  const { emit, state, budget } = context;
  const { step } = request;
  const truncated = (extra: Pick<TruncatedEvent, 'promptTokens' | 'detectedBy'>): ModelStepResult => {
    emit({
      type: 'context.truncated',
      step,
      contextWindow: budget.contextWindow.tokens,
      ...extra,
      estimatedTokens: estimatedPrompt,
      discarded: true,
    });
    return { kind: 'truncated' };
  };
  if (!result.ok) {
    emit({ type: 'model.error', step, error: result.error });
    if (result.error.kind !== 'context_overflow') return { kind: 'failed', error: result.error };
    state.usage.requests++;
    return truncated({ detectedBy: 'server-refused' });
  }
  const reply = result.reply;
  state.bill(reply.stats, estimatedPrompt, reply.content.length);
  const truncation = budget.truncation(reply.stats, estimatedPrompt);
  // A count from a cut prompt says nothing true about characters per token.
  if (!truncation) state.estimator.calibrate(request.totalChars, reply.stats.promptTokens);
  emit({
    type: 'response.done',
    step,
    model: reply.model,
    stats: reply.stats,
    chars: reply.content.length,
    toolCalls: reply.toolCalls.length,
    reusedPromptTokens: state.estimator.estimate(request.reusedChars),
    ...serverReuse(state.serverReuse.measure(reply.stats, context.model)),
  });
  if (truncation) return truncated({ promptTokens: reply.stats.promptTokens, detectedBy: truncation });
  return { kind: 'reply', reply };
}

export async function modelStep(context: ModelStepContext, request: ModelStepRequest): Promise<ModelStepResult> {
  const { emit, state, budget, step } = { ...context, step: request.step };
  const options: ModelOptions = { ...context.options, contextWindow: budget.contextWindow.tokens };
  const estimatedPrompt = state.estimator.estimate(request.totalChars);
  emit({
    type: 'request.sent',
    step,
    model: context.model,
    options,
    protocol: context.protocol,
    constrained: Boolean(request.format),
  });
  // A watcher that trips stops the stream: the reply is not waited for (nor escalated).
  const watchers = context.watchers ?? [];
  let tripped: { name: string; watcher: ReplyWatcher } | undefined;
  const stopStream = new AbortController();
  const recovered = await requestWithRecovery(
    {
      model: context.model,
      messages: request.messages,
      ...(request.tools ? { tools: request.tools } : {}),
      ...(request.format ? { format: request.format } : {}),
      options,
      maxChars: replyCharLimit(options.outputLimit),
      signal: AbortSignal.any([context.signal, stopStream.signal]),
      onToken: (text) => {
        emit({ type: 'model.token', step, text });
        tripped ??= watchers.find(({ watcher }) => watcher.push(text));
        if (tripped) stopStream.abort();
      },
    },
    {
      client: context.client,
      policy: context.retryPolicy,
      step,
      emit: (body) => {
        if (body.type === 'retry') for (const { watcher } of watchers) watcher.reset();
        emit(body);
      },
      bill: (stats) => state.bill(stats, estimatedPrompt, 0),
      outputRoom: budget.outputRoom(estimatedPrompt),
      random: context.random,
      wait: context.wait,
    },
  );
  if (tripped && !context.signal.aborted) {
    state.bill({}, estimatedPrompt, tripped.watcher.seen.length);
    return { kind: 'stopped', by: tripped.name, text: tripped.watcher.seen };
  }
  return settle(context, request, recovered.result, estimatedPrompt);
}
