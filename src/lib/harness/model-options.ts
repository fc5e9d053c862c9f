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

/** A former name: the current one, and how a value converts (the identity when it did not change). */
type Former = [current: string, convert?: (value: number) => number];

/**
 * A record with its former names read as the current ones; a value under a current name wins.
 * A Map, not an object: a stored field named like a prototype slot ("constructor") is no former name.
 */
function renamed<T>(record: T | undefined, formers: ReadonlyMap<string, Former>): T {
  if (!record || typeof record !== 'object') return {} as T;
  const upgraded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    const former = formers.get(name);
    if (!former) upgraded[name] = value;
    else if (!Object.hasOwn(record, former[0]))
      upgraded[former[0]] = former[1] && typeof value === 'number' ? former[1](value) : value;
  }
  return upgraded as T;
}

const optionNames = new Map<string, Former>([
  ['numCtx', ['contextWindow']],
  ['numPredict', ['outputLimit']],
  ['keepAlive', ['keepLoaded']],
  ['numThread', ['threads']],
]);

export function upgradeModelOptions(options: ModelOptions | undefined): ModelOptions {
  return renamed(options, optionNames);
}

const seconds = (nanoseconds: number) => nanoseconds / 1e9;
const statNames = new Map<string, Former>([
  ['promptEvalCount', ['promptTokens']],
  ['promptCachedCount', ['cachedPromptTokens']],
  ['evalCount', ['outputTokens']],
  ['doneReason', ['stopReason']],
  ['totalDurationNs', ['totalSeconds', seconds]],
  ['loadDurationNs', ['loadSeconds', seconds]],
  ['promptEvalDurationNs', ['promptSeconds', seconds]],
  ['evalDurationNs', ['outputSeconds', seconds]],
]);

/** Statistics under either set of names, in the current ones (durations from nanoseconds to seconds). */
export function upgradeReplyStats(stats: ReplyStats | undefined): ReplyStats {
  return renamed(stats, statNames);
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
