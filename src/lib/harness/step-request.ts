/**
 * The first part of a step: prepare the request. The history is fitted to the context window
 * (C3: shortened or compacted, each shown), the rules may choose the reply's schema, edit
 * the request or stop (`beforeRequest`), and the request is logged (O1) with how much of the last
 * one it reuses and, if it does not extend it, why (P2, C4).
 */
import type { ChatMessage } from './model-types';
import type { PendingRequest } from './rules/rule';
import type { RuleDispatcher } from './rules/dispatch';
import type { StepResult, StepScope } from './step-scope';
import type { Fitted } from './context/context-budget';
import { done } from './step-scope';
import { requestChars, reusedPrefixChars } from './context/prefix-reuse';
import { prefixBreak } from './context/prefix-break';

export interface PreparedRequest {
  kind: 'request';
  messages: ChatMessage[];
  format?: Record<string, unknown>;
  totalChars: number;
  reusedChars: number;
}

type Fit = Extract<Fitted, { ok: true }>;

function fit(scope: StepScope): Fitted {
  const { context, setup, step, loop } = scope;
  const { recorder, renderer, state, session } = context;
  const fitted = setup.budget.fit({
    history: session.history,
    renderer,
    system: setup.system,
    toolChars: setup.toolChars,
    estimator: state.estimator,
    force: loop.forceCompaction,
  });
  if (!fitted.ok) return fitted;
  if (fitted.shortened)
    recorder.emit({
      type: 'compaction',
      step,
      reason: 'older history shortened (recent budget exceeded)',
      beforeChars: fitted.shortened.beforeChars,
      afterChars: fitted.shortened.afterChars,
      items: fitted.shortened.items,
    });
  if (fitted.compaction) recorder.emit({ type: 'compaction', step, ...fitted.compaction });
  return fitted;
}

/** O1: the request as sent (what it adds to the last one) and the prompt's sections and reuse. */
function log(scope: StepScope, fitted: Fit, request: PendingRequest): PreparedRequest {
  const { context, setup, step, loop } = scope;
  const { messages, format } = request;
  const emit = context.recorder.emit.bind(context.recorder);
  const { previous } = loop;
  const reusedChars = reusedPrefixChars(previous, messages);
  let keep = 0;
  while (keep < previous.length && keep < messages.length && previous[keep] === messages[keep]) keep++;
  const broke = prefixBreak({ previous, reusedChars, fitted, edited: messages !== fitted.messages, keep });
  // The request log keeps a schema only when it changed (the small profile's changes per reply).
  const formatText = format ? JSON.stringify(format) : undefined;
  // An edit at the pause changed the request: its size is the request's, not the fitted one's.
  const totalChars = messages === fitted.messages ? fitted.totalChars : requestChars(messages);
  const newTools = setup.nativeTools && setup.nativeTools !== loop.loggedTools;
  emit({
    type: 'request.messages',
    step,
    keep,
    added: messages.slice(keep),
    ...(newTools ? { tools: setup.nativeTools } : {}),
    ...(format && formatText !== loop.lastFormat ? { format } : {}),
  });
  const newSystem = setup.system !== loop.loggedSystem;
  scope.move({ type: 'request-sent', messages, format: formatText, tools: setup.nativeTools, system: setup.system });
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
    ...(newSystem
      ? {
          prefix: setup.prefix.sections.map(({ name, text, edited }) => ({ name, text, edited })),
          tools: setup.tools.map((tool) => tool.name),
        }
      : {}),
  });
  return { kind: 'request', messages, ...(format ? { format } : {}), totalChars, reusedChars };
}

export async function prepareRequest(scope: StepScope, rules: RuleDispatcher): Promise<PreparedRequest | StepResult> {
  const fitted = fit(scope);
  if (!fitted.ok) {
    scope.context.recorder.emit({
      type: 'request.unsent',
      step: scope.step,
      messages: fitted.messages,
      reason: fitted.message,
    });
    return done({ kind: 'error', error: { kind: 'context_too_small', message: fitted.message, retryable: false } });
  }
  const format = scope.loop.constrained ? scope.setup.envelope : undefined;
  const request = await rules.beforeRequest({ messages: fitted.messages, ...(format ? { format } : {}) }, scope);
  if ('stop' in request) return done(request.stop);
  return log(scope, fitted, request);
}
