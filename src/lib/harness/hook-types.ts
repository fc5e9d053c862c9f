/**
 * T8: hooks the user attaches to the loop. Each is a shell command run in the workspace: the call
 * as JSON on its stdin, its decision as JSON on its stdout, within a time limit. Hooks come only
 * from the user's own settings (T7: `hooks` is a safety setting, never taken from a stored
 * session, an import, a link or an eval task).
 */
export const hookPoints = ['before_tool', 'after_tool', 'on_final'] as const;
export type HookPoint = (typeof hookPoints)[number];

export interface HookSpec {
  /** Run in the workspace with `/bin/sh` (or the offline shell); `node hook.js` runs in the sandbox. */
  command: string;
  /** Default 10 s. */
  timeoutMs?: number;
  /** A required hook that fails denies the call or rejects the answer; others are skipped. */
  required?: boolean;
}

export type Hooks = Partial<Record<HookPoint, HookSpec>>;

export const hookBounds = { timeoutMs: 10_000, maxTimeoutMs: 60_000, outputChars: 64_000, inputChars: 16_000 };

/** What a hook decided, as the loop applies it. */
export type BeforeToolDecision =
  { kind: 'allow' } | { kind: 'deny'; reason: string } | { kind: 'rewrite'; args: Record<string, unknown> };
export interface AfterToolDecision {
  annotate?: string;
  clip?: number;
}
export type FinalDecision = { kind: 'accept' } | { kind: 'reject'; message: string };
