/**
 * The ports the harness needs from the outside world. The harness imports no implementation:
 * `ui` and `cli` wire a model client, a workspace and a store into it (DESIGN.md). The model and
 * workspace ports live in their own files (no imports), so that the data types depend on nothing.
 */
import type { HistoryItem, Session, SessionMeta, SessionSummary } from './session';
import type { HarnessEvent } from './events';

export type * from './model-types';
export type * from './workspace-types';

// ---------------------------------------------------------------- store

/**
 * Where sessions live. Contract: `appendItem` resolves only once the item is durable (the
 * loop does not start the next step before that); `saveMeta` replaces the metadata (memory,
 * settings, title) and never touches items. Rejections are reported, never lose stored data.
 */
/**
 * U3: a store that can replace an item already stored (a step-mode edit of the newest item);
 * the replacement keeps `seq` and carries `edited`.
 */
export interface ItemEditing {
  replaceItem(sessionId: string, item: HistoryItem): Promise<void>;
}

export function canEditItems(store: SessionStore): store is SessionStore & ItemEditing {
  return typeof (store as Partial<ItemEditing>).replaceItem === 'function';
}

export interface SessionStore {
  /**
   * Writes a whole session, replacing any stored one with the same id: its items, and its events
   * and kept files, which describe the history being replaced (S4: a reset stays a reset after a
   * reload). An import or a fork appends its own events after this.
   */
  saveSession(session: Session): Promise<void>;
  saveMeta(meta: SessionMeta): Promise<void>;
  appendItem(sessionId: string, item: HistoryItem): Promise<void>;
  /** Stores events of a session (token events are not passed here). */
  appendEvents(sessionId: string, events: HarnessEvent[]): Promise<void>;
  load(sessionId: string): Promise<Session | null>;
  loadEvents(sessionId: string): Promise<HarnessEvent[]>;
  list(): Promise<SessionSummary[]>;
  delete(sessionId: string): Promise<void>;
}

// ---------------------------------------------------------------- approval

export interface ApprovalRequest {
  tool: string;
  args: Record<string, unknown>;
  /** A unified diff for file writes and patches, when one can be made. */
  diff?: string;
  sessionId: string;
  step: number;
  /**
   * T9: the command is the harness's own (a check, a hook), not the model's: why it runs, and the
   * files of the project it would execute (its tests), so the person knows what they approve.
   */
  harness?: { purpose: string; runs?: string[] };
}

export interface ApprovalDecision {
  approved: boolean;
  /** Approve this tool for the rest of the session without asking again. */
  remember?: boolean;
  reason?: string;
}

/**
 * Asks a person (or a script) whether a risky tool call may run. Must resolve (deny when in
 * doubt); an aborted signal resolves to a denial.
 */
export interface Approver {
  approve(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision>;
}
