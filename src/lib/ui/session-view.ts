/**
 * The open session's fields the page shows, as one plain value. The session object is
 * shared with a running Agent and changed in place; the page changes it only through
 * `Playground.editSession`, which makes this value afresh, so what the page shows follows the
 * session without a redraw counter.
 */
import type { Session } from '../harness/session';

export interface SessionView {
  id: string;
  title: string;
  /** P4: the section templates this session overrides. */
  overrides: Record<string, string>;
  /** U3: the teacher's notes on its steps. */
  notes: NonNullable<Session['notes']>;
  items: number;
}

export function sessionView(session: Session | undefined): SessionView | undefined {
  if (!session) return undefined;
  return {
    id: session.id,
    title: session.title,
    overrides: { ...session.settings.sectionOverrides },
    notes: (session.notes ?? []).map((note) => ({ ...note })),
    items: session.history.length,
  };
}
