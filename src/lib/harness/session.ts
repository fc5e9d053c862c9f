/** The session model (S1): everything a run needs to be resumed, listed and exported. */
import type { ToolDeclaration, ToolCall } from './model-types';
import type { AgentSettings, Protocol } from './settings';

export const defaultTitle = 'New session';

/** A session's title from its task: the first line with text, on one line, cut with an ellipsis (not a clip marker). */
export function titleOf(task: string): string {
  const line = (task.split('\n').find((part) => part.trim()) ?? '').replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line || defaultTitle;
}

export interface Memory {
  task: string;
  files: string[];
  notes: string[];
}

interface ItemBase {
  /** Position in the history, from 0, never reused. */
  seq: number;
  /** Milliseconds since the epoch. */
  at: number;
  /** U3: the item was changed in step mode; this is what it said before. */
  edited?: { original: string };
}

export interface UserItem extends ItemBase {
  kind: 'user';
  content: string;
}

export interface AssistantItem extends ItemBase {
  kind: 'assistant';
  /** The reply exactly as the model produced it. */
  content: string;
  toolCalls?: ToolCall[];
}

export interface ToolItem extends ItemBase {
  kind: 'tool';
  name: string;
  args: Record<string, unknown>;
  /** The clipped result the model sees. */
  content: string;
  ok: boolean;
  /** The transcript of a delegated child, when this was a delegate call. */
  childSessionId?: string;
  /**
   * What the call did, for the run's facts (facts/run-facts.ts): the step, whether it changed
   * files, was refused as a repeat (T5), denied (T4) or refused by a rule before it ran. Absent in
   * sessions stored before they were kept: read as "no", a write that worked as a change.
   */
  step?: number;
  /** The tool ran (it passed validation, the repeat check, rules and approval). */
  ran?: boolean;
  changed?: boolean;
  /** It made a file where there was none. */
  created?: boolean;
  repeated?: boolean;
  denied?: boolean;
  refusedBy?: string;
}

export interface NoticeItem extends ItemBase {
  kind: 'notice';
  /** Machine-readable reason, e.g. "malformed", "repeated-call", "limit"; a rule's id for a rule's notice. */
  reason: string;
  content: string;
  step?: number;
  /** The notice sends a final answer back: the rule that did, the answer, and what about (a file). */
  sentBack?: { rule: string; answer: string; target?: string };
}

export type HistoryItem = UserItem | AssistantItem | ToolItem | NoticeItem;

/** A history item before the session gives it a position and a time. */
export type NewHistoryItem = HistoryItem extends infer T
  ? T extends HistoryItem
    ? Omit<T, 'seq' | 'at'>
    : never
  : never;

/**
 * U3: what a fork sends as its parent sent it at the fork's step — the system prompt's sections and
 * the tools — so that another model answers the same request, not one rebuilt in another page.
 */
export interface PinnedPrompt {
  protocol: Protocol;
  sections: { name: string; text: string }[];
  /** The section templates in force when it was pinned: a section edited since is rebuilt. */
  overrides: Record<string, string>;
  /** The tools offered, by name (absent: recorded before names were kept; any tool). */
  tools?: string[];
  /** The native declarations exactly as sent. */
  nativeTools?: ToolDeclaration[];
}

export interface SessionMeta {
  id: string;
  createdAt: number;
  updatedAt: number;
  title: string;
  /** `id` names the project the files belong to: sessions (and forks) of one share its task board (K1). */
  workspace: { backend: string; label: string; id?: string };
  model: string;
  /** U5: where the model ran, kept short ("Ollama :11434"), so runs of one task can be told apart. */
  server?: string;
  settings: AgentSettings;
  memory: Memory;
  /** Set on a delegated child's session. */
  parentId?: string;
  /** U3: a session forked from another one at a step. */
  forkOf?: { sessionId: string; step: number };
  /** U3: a fork's prompt and tools, as its parent sent them. */
  pinned?: PinnedPrompt;
  /** U3: a teacher's notes on the steps (as a lesson's: the slot each is about, then the text). */
  notes?: StepNote[];
}

export interface StepNote {
  step: number;
  slot: string;
  text: string;
}

export interface Session extends SessionMeta {
  history: HistoryItem[];
}

export interface SessionSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  model: string;
  /** U5: the profile and server of its last run, for lists and pickers (runTag). */
  profile?: string;
  server?: string;
  items: number;
  parentId?: string;
  forkOf?: { sessionId: string; step: number };
}

/** D1: whether any tool call of this history worked — an answer without one is not from the workspace. */
export function anyToolWorked(history: readonly HistoryItem[]): boolean {
  return history.some((item) => item.kind === 'tool' && item.ok);
}

export function emptyMemory(): Memory {
  return { task: '', files: [], notes: [] };
}

export function newSessionId(now = Date.now()): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const random = Math.random().toString(16).slice(2, 8).padEnd(6, '0');
  return `${stamp}-${random}`;
}

export interface CreateSessionOptions {
  model: string;
  settings: AgentSettings;
  workspace: { backend: string; label: string; id?: string };
  title?: string;
  parentId?: string;
  id?: string;
  now?: number;
}

export function createSession(options: CreateSessionOptions): Session {
  const now = options.now ?? Date.now();
  return {
    id: options.id ?? newSessionId(now),
    createdAt: now,
    updatedAt: now,
    title: options.title ?? defaultTitle,
    workspace: options.workspace,
    model: options.model,
    settings: options.settings,
    memory: emptyMemory(),
    history: [],
    ...(options.parentId ? { parentId: options.parentId } : {}),
  };
}

/** Splits a session into the metadata record and its items (what stores keep apart). */
export function sessionMeta(session: Session): SessionMeta {
  const { history: _history, ...meta } = session;
  return meta;
}

export function summarize(session: Session): SessionSummary {
  return summaryOf(session, session.history.length);
}

/** A stored session's summary: what lists show, with its item count (stores count items apart). */
export function summaryOf(meta: SessionMeta, items: number): SessionSummary {
  return {
    id: meta.id,
    title: meta.title,
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    model: meta.model,
    ...(meta.settings?.profile ? { profile: meta.settings.profile } : {}),
    ...(meta.server ? { server: meta.server } : {}),
    items,
    ...(meta.parentId ? { parentId: meta.parentId } : {}),
    ...(meta.forkOf ? { forkOf: meta.forkOf } : {}),
  };
}

/**
 * U5: model, profile and server in a few words ("qwen2.5-coder:0.5b · small · Ollama :11434"):
 * several runs of one task read alike by title alone.
 */
export function runTag(summary: Pick<SessionSummary, 'model' | 'profile' | 'server'>): string {
  return [summary.model, summary.profile, summary.server].filter(Boolean).join(' · ');
}

/** S4: clears history and memory; the caller saves the result. */
export function resetSession(session: Session, now = Date.now()): Session {
  // Named after its next task again: the old title names a task that is gone.
  return { ...session, title: defaultTitle, history: [], memory: emptyMemory(), updatedAt: now };
}
