/**
 * Data written before the model port spoke for itself used Ollama's names: options `numCtx`,
 * `numPredict`, `keepAlive`, `numThread`, tool declarations as `{ type: "function", function }`,
 * `numCtx` on a context.truncated event, and a reply's statistics as Ollama's counts and
 * nanoseconds (`promptEvalCount`, `evalDurationNs`…). Sessions in IndexedDB or on disk, exported
 * trajectories, lessons and stored settings still hold them; each is read through these functions,
 * so old data opens as it did (a value under the new name wins over the old one).
 */
import type { HarnessEvent } from './events';
import type { ModelOptions, ReplyStats, ToolDeclaration } from './model-types';
import type { Session } from './session';

const formerNames: Record<string, keyof ModelOptions> = {
  numCtx: 'contextWindow',
  numPredict: 'outputLimit',
  keepAlive: 'keepLoaded',
  numThread: 'threads',
};

export function upgradeModelOptions(options: ModelOptions | undefined): ModelOptions {
  if (!options || typeof options !== 'object') return {};
  const upgraded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(options)) {
    const current = formerNames[name];
    if (!current) upgraded[name] = value;
    else if (!(current in options)) upgraded[current] = value;
  }
  return upgraded as ModelOptions;
}

const formerCounts: Record<string, keyof ReplyStats> = {
  promptEvalCount: 'promptTokens',
  promptCachedCount: 'cachedPromptTokens',
  evalCount: 'outputTokens',
  doneReason: 'stopReason',
};
const formerNanoseconds: Record<string, keyof ReplyStats> = {
  totalDurationNs: 'totalSeconds',
  loadDurationNs: 'loadSeconds',
  promptEvalDurationNs: 'promptSeconds',
  evalDurationNs: 'outputSeconds',
};

/** Statistics under either set of names, in the current ones (durations from nanoseconds to seconds). */
export function upgradeReplyStats(stats: ReplyStats | undefined): ReplyStats {
  if (!stats || typeof stats !== 'object') return {};
  const upgraded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(stats)) {
    const counted = formerCounts[name];
    const timed = formerNanoseconds[name];
    const current = counted ?? timed;
    if (!current) upgraded[name] = value;
    else if (!(current in stats)) upgraded[current] = timed && typeof value === 'number' ? value / 1e9 : value;
  }
  return upgraded as ReplyStats;
}

/** A declaration in either shape, as the neutral one. */
export function upgradeToolDeclaration(tool: ToolDeclaration): ToolDeclaration {
  const wire = tool as unknown as { type?: string; function?: ToolDeclaration };
  return wire.type === 'function' && wire.function && typeof wire.function === 'object' ? { ...wire.function } : tool;
}

export function upgradeEvent(event: HarnessEvent): HarnessEvent {
  if (event.type === 'request.sent') return { ...event, options: upgradeModelOptions(event.options) };
  if (event.type === 'response.done') return { ...event, stats: upgradeReplyStats(event.stats) };
  if (event.type === 'model.error' && event.error?.billed)
    return { ...event, error: { ...event.error, billed: upgradeReplyStats(event.error.billed) } };
  if (event.type === 'request.messages' && event.tools)
    return { ...event, tools: event.tools.map(upgradeToolDeclaration) };
  if (event.type === 'context.truncated' && event.contextWindow === undefined) {
    const { numCtx, ...rest } = event as typeof event & { numCtx?: number };
    return { ...rest, contextWindow: numCtx ?? 0 };
  }
  return event;
}

export function upgradeSession<T extends Pick<Session, 'settings' | 'pinned'>>(session: T): T {
  return {
    ...session,
    settings: { ...session.settings, options: upgradeModelOptions(session.settings?.options) },
    ...(session.pinned?.nativeTools
      ? { pinned: { ...session.pinned, nativeTools: session.pinned.nativeTools.map(upgradeToolDeclaration) } }
      : {}),
  };
}
