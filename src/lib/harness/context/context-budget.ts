/**
 * C3: the prompt is kept under the context length. The context window is the user's, or the model's
 * context length capped at a default the user can see; the budget leaves room for the output
 * (the output limit) and, in the native protocol, the tool schemas the server adds to the prompt.
 * Compaction cuts only at turn boundaries, so no tool result is orphaned from its call.
 */
import type { ChatMessage, ModelInfo, ReplyStats } from '../model-types';
import type { AgentSettings } from '../settings';
import type { HistoryItem } from '../session';
import type { HistoryRenderer } from './history-renderer';
import { turnBoundary } from './history-renderer';
import type { Shortening } from './history-renderer';
import type { TokenEstimator } from './token-estimator';
import { requestChars } from './prefix-reuse';

/** Tokens kept free for the chat template's own framing of each message. */
const framingTokens = 64;

export interface ContextWindow {
  tokens: number;
  /** Why this context window, for people: "set in settings", "the model's 32768, capped at 8192". */
  source: string;
}

export function contextWindow(settings: AgentSettings, modelInfo: ModelInfo | undefined): ContextWindow {
  if (settings.options.contextWindow)
    return { tokens: settings.options.contextWindow, source: 'the context window set in the settings' };
  const cap = settings.contextCap;
  const known = modelInfo?.contextLength ?? settings.contextLength;
  if (known)
    return {
      tokens: Math.min(known, cap),
      source:
        known > cap
          ? `the model's context length ${known}, capped at ${cap} (settings: context cap)`
          : `the model's context length ${known}`,
    };
  return { tokens: cap, source: `the context cap ${cap} (the server did not report the model's context length)` };
}

export interface Compaction {
  reason: string;
  beforeChars: number;
  afterChars: number;
  items: number;
}

export type Fitted =
  | { ok: true; messages: ChatMessage[]; totalChars: number; shortened?: Shortening; compaction?: Compaction }
  /** `messages`: the smallest request it could make, which still did not fit (shown, not sent). */
  | { ok: false; message: string; messages: ChatMessage[] };

export interface FitRequest {
  history: readonly HistoryItem[];
  renderer: HistoryRenderer;
  system: ChatMessage;
  /** Characters of the native tool declarations sent with the request (0 in the text protocol). */
  toolChars: number;
  estimator: TokenEstimator;
  /** Compact even if the estimate fits: the server said the last prompt did not. */
  force: boolean;
}

/** An item's size as sent: a native call's arguments count too (its content is often empty). */
function itemChars(item: HistoryItem): number {
  const calls = item.kind === 'assistant' && item.toolCalls?.length ? JSON.stringify(item.toolCalls).length : 0;
  return item.content.length + calls;
}

/** Where the newest turn starts: the last model reply (or, before any, the last item). */
function newestTurn(history: readonly HistoryItem[], floor: number): number {
  for (let at = history.length - 1; at >= floor; at--) if (history[at]!.kind === 'assistant') return at;
  return Math.max(floor, history.length - 1);
}

/** C4: the share of the room for messages a compaction keeps in full (0.5 compacted every ~5 steps). */
export const compactionKeepShare = 0.25;

export class ContextBudget {
  constructor(
    readonly contextWindow: ContextWindow,
    private readonly outputLimit: number,
    /** C4: what a compaction keeps in full, as a share of the room (bench:live compares two). */
    private readonly keepShare: number = compactionKeepShare,
  ) {}

  /** Tokens the messages may take. */
  promptBudget(toolChars: number, estimator: TokenEstimator): number {
    return this.contextWindow.tokens - this.outputLimit - estimator.estimate(toolChars) - framingTokens;
  }

  /** R2 escalation may only ask for the output room the prompt leaves. */
  outputRoom(promptTokens: number): number {
    return Math.max(this.outputLimit, this.contextWindow.tokens - promptTokens - framingTokens);
  }

  fit(request: FitRequest): Fitted {
    const { history, renderer, system, estimator } = request;
    const budget = this.promptBudget(request.toolChars, estimator);
    let rendered = renderer.render(history);
    let messages = [system, ...rendered.messages];
    let totalChars = requestChars(messages);
    let compaction: Compaction | undefined;
    if (budget <= 0)
      return {
        ok: false,
        message: this.tooSmall(estimator.estimate(totalChars), budget, estimator.estimate(request.toolChars)),
        messages,
      };
    if (request.force || estimator.estimate(totalChars) > budget) {
      // Keep the newest turns worth a quarter of what the system prompt leaves and summarise
      // the rest once (C4): the prompt lands well under the trigger, so compactions are rare
      // and each frees real room (each one makes the server read the whole prompt again, the
      // main cost of a long session on a CPU). The newest turn (the last reply and its results)
      // is always kept: a prompt without the result the model just asked for is worse than no
      // compaction, and asking again would be refused as a repeat (T5).
      const room = estimator.chars(budget) - system.content.length;
      const keepChars = Math.max(0, Math.floor(room * this.keepShare));
      const newest = newestTurn(history, renderer.firstShownItem + 1);
      let until = history.length;
      for (let kept = 0; until > renderer.firstShownItem + 1 && (kept < keepChars || until > newest);) {
        until--;
        kept += itemChars(history[until]);
      }
      until = turnBoundary(history, until, renderer.firstShownItem + 1);
      if (until > renderer.firstShownItem && history[until]?.kind !== 'tool') {
        const before = totalChars;
        renderer.compact(history, until);
        rendered = renderer.render(history);
        messages = [system, ...rendered.messages];
        totalChars = requestChars(messages);
        compaction = {
          reason: request.force
            ? 'the server could not fit the last prompt in its context window'
            : 'the prompt would overflow the context window',
          beforeChars: before,
          afterChars: totalChars,
          items: until,
        };
      }
      if (estimator.estimate(totalChars) > budget)
        return {
          ok: false,
          message: this.tooSmall(estimator.estimate(totalChars), budget, estimator.estimate(request.toolChars)),
          messages,
        };
    }
    return {
      ok: true,
      messages,
      totalChars,
      ...(rendered.shortened ? { shortened: rendered.shortened } : {}),
      ...(compaction ? { compaction } : {}),
    };
  }

  private tooSmall(needed: number, budget: number, toolTokens: number): string {
    // The declarations are easy to miss: they are not in the messages, yet the window holds them too.
    const tools =
      toolTokens > 0
        ? ` The native tool declarations take about ${toolTokens} of the window: the small-model ` +
          `profile (profile: small) declares five short tools, the text protocol declares none.`
        : '';
    // The parts add up: the window = room for the prompt + the reply + the template's framing + tools.
    const kept = [
      `${this.outputLimit} for the reply`,
      `${framingTokens} for the chat template's framing`,
      ...(toolTokens > 0 ? [`${toolTokens} for the tool declarations`] : []),
    ];
    return (
      `the prompt needs about ${needed} tokens but only ${Math.max(0, budget)} of ` +
      `the ${this.contextWindow.tokens}-token context window are left for it (${this.contextWindow.source}; ` +
      `kept: ${kept.join(', ')}). Raise the context window or its cap, lower the output limit, or start ` +
      `a new session.${tools}`
    );
  }

  /**
   * R3: whether the server cut the prompt. With truncate:false a modern server refuses instead
   * (a `context_overflow` error); older ones drop whole oldest messages silently, so the count
   * stays within the context window: compare it with what was sent, not only with the window's size.
   */
  truncation(stats: ReplyStats, estimatedTokens: number): 'count-at-limit' | 'count-below-estimate' | undefined {
    const counted = stats.promptTokens;
    if (counted === undefined) return undefined;
    if (counted >= this.contextWindow.tokens) return 'count-at-limit';
    if (estimatedTokens >= this.contextWindow.tokens * 0.8 && counted < estimatedTokens * 0.6)
      return 'count-below-estimate';
    return undefined;
  }
}
