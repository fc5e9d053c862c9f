/**
 * Everything the model controls is bounded: how many calls a reply may make, how long a reply,
 * an argument or a stored event may be. Each bound comes with a notice the model reads.
 */
import type { ToolCall } from './model-types';

export const bounds = {
  /** Tool calls run from one reply; the rest get a notice. */
  callsPerReply: 8,
  /** Characters of one argument value (a whole file for write_file). */
  argumentChars: 512_000,
  /** Characters of a path, a pattern or a command line. */
  shortArgumentChars: 16_000,
  /** Characters of a tool name echoed back in an error. */
  nameChars: 80,
  /** Characters of one string inside a stored event (the item itself holds what the model reads). */
  eventStringChars: 32_000,
  /** Characters of an old tool call's arguments when it is rendered back to the model. */
  renderedArgumentChars: 2_000,
  /**
   * Characters of a new call's arguments when it is rendered back: enough for what a model writes
   * within a usual output limit (so the server's cache holds at a write, C4), not for a flood.
   */
  newArgumentChars: 8_000,
  /** Levels of nesting kept in arguments; deeper values become a marker (no tool needs more). */
  argumentDepth: 32,
} as const;

/**
 * Arguments as stored in an item: every string bounded, at most 256 entries per level, and no
 * deeper than `bounds.argumentDepth` (a 3,000-deep object would overflow the stack of every
 * recursive step after this one), whatever the model sent.
 */
export function boundedArguments<T>(value: T, limit: number = bounds.argumentChars, depth = 0): T {
  if (typeof value === 'string')
    return (value.length > limit ? `${value.slice(0, limit)}…[${value.length - limit} chars not kept]` : value) as T;
  if (value && typeof value === 'object' && depth >= bounds.argumentDepth)
    return `…[nested deeper than ${bounds.argumentDepth} levels; not kept]` as T;
  if (Array.isArray(value))
    return (value as unknown[]).slice(0, 256).map((entry) => boundedArguments(entry, limit, depth + 1)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, 256)
        .map(([key, entry]) => [key.slice(0, bounds.nameChars), boundedArguments(entry, limit, depth + 1)]),
    ) as T;
  return value;
}

/** A tool name as kept and sent back: an overlong one is clipped and marked (it names no tool). */
export function boundedName(name: string): string {
  return name.length > bounds.nameChars ? `${name.slice(0, bounds.nameChars)}…[${name.length} chars]` : name;
}

/** Native tool calls bounded once, as they arrive: every later step sees the bounded calls. */
export function boundedToolCalls(calls: readonly ToolCall[]): ToolCall[] {
  return calls.map((call) => ({
    ...call,
    name: boundedName(String(call.name)),
    arguments: boundedArguments(call.arguments),
  }));
}

/** The longest reply kept: generous for the output limit, never unbounded (tokens rarely exceed 24 characters). */
export function replyCharLimit(outputLimit: number | undefined): number {
  return Math.max(64_000, (outputLimit ?? 1024) * 24);
}
