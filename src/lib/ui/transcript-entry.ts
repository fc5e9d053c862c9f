/**
 * The transcript's entries (U1, O1) and step statistics, as the page draws them, and where a
 * session's items without events go: a fork's inherited history comes first.
 */
import type { HarnessEvent } from '../harness/events';
import type { Outcome } from '../harness/outcome';
import type { ReplyStats, ToolCall } from '../harness/model-types';
import type { HistoryItem } from '../harness/session';

export type TranscriptEntry =
  | { id: string; kind: 'user'; text: string; seq?: number; edited?: boolean; inherited?: boolean }
  | {
      id: string;
      kind: 'assistant';
      text: string;
      streaming: boolean;
      step: number;
      toolCalls?: ToolCall[];
      seq?: number;
      edited?: { original: string };
      /** U3: a fork's item copied from the session it was forked from (it ran there, not here). */
      inherited?: boolean;
    }
  | {
      id: string;
      kind: 'tool';
      step: number;
      tool: string;
      args: Record<string, unknown>;
      status: 'running' | 'ok' | 'failed' | 'refused';
      result?: string;
      durationMs?: number;
      exitCode?: number;
      output: string;
      childSessionId?: string;
      seq?: number;
      inherited?: boolean;
    }
  | { id: string; kind: 'notice'; reason: string; text: string; seq?: number; inherited?: boolean }
  | { id: string; kind: 'retry'; text: string; count: number }
  | { id: string; kind: 'compaction'; text: string }
  | { id: string; kind: 'approval'; text: string; approved: boolean }
  | { id: string; kind: 'hook'; text: string; stopped: boolean; failed: boolean }
  | { id: string; kind: 'check'; text: string; passed: boolean | undefined }
  | { id: string; kind: 'edit'; text: string }
  | { id: string; kind: 'outcome'; outcome: Outcome; text: string; nothingDone?: boolean }
  | { id: string; kind: 'delegate'; text: string; childSessionId: string };

export interface StepStats {
  step: number;
  model: string;
  promptChars: number;
  reusedChars: number;
  prefixBreak?: string; // C4: why this request does not extend the previous one and its reply
  serverReused?: { tokens: number; source: 'reported' | 'timing' }; // P2: the server's figure, and its source
  toolChars?: number; // the native tool declarations' characters (C3: they take up the context window too)
  contextWindow?: number;
  stats?: ReplyStats;
  parse?: string;
  validation?: string;
}

/**
 * The items a session holds from before its first event: a fork's copy of its parent's history,
 * an import without events. They come first in its transcript.
 */
export function itemsBeforeEvents(
  history: readonly HistoryItem[],
  events: readonly HarnessEvent[],
  sessionId: string,
): HistoryItem[] {
  const first = events.find((event) => event.type === 'history.appended' && event.sessionId === sessionId);
  const firstSeq = first?.type === 'history.appended' ? first.item.seq : Infinity;
  return history.filter((item) => item.seq < firstSeq);
}
