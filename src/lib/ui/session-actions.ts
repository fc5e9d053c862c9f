/**
 * S4, T7, W6: what the page does to its sessions (rename, delete, reset, prompt edits, import,
 * checkpoint restore). Written against the few parts of the page they use, so they do not
 * import the Playground that calls them.
 */
import { sessionMeta } from '../harness/session';
import type { Session } from '../harness/session';
import { defaultSettings } from '../harness/settings';
import type { Trajectory } from '../store/session-export';
import { reviewImport } from './import-review';
import type { FilesReview, ImportReview } from './import-review';
import type { RunController } from './run-controller.svelte';
import type { SessionLibrary } from './session-library.svelte';
import type { TeachingState } from './teaching/teaching-state.svelte';
import type { WorkspaceState } from './workspace-state.svelte';
import { restoreCopies, undoGraceMs } from './deleted-sessions';

/** What the page says above the transcript; `action`: one button beside it (Undo). */
export type Notice = {
  kind: 'error' | 'info';
  text: string;
  action?: { label: string; run: () => Promise<void> };
};

export interface PageActionsHost {
  session: Session | undefined;
  editSession(change: (session: Session) => void): void;
  loading: boolean;
  notice: Notice | undefined;
  importReview: ImportReview | FilesReview | undefined;
  readonly runs: RunController;
  readonly library: SessionLibrary;
  readonly files: WorkspaceState;
  readonly teaching: TeachingState;
  openSession(id: string): Promise<void>;
  newSession(): Promise<void>;
}

/** Runs a page action; a failure becomes the notice the person sees, never an unhandled rejection. */
export async function attempt(page: PageActionsHost, failure: string, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    page.notice = { kind: 'error', text: `${failure}: ${(error as Error).message}` };
  }
}

export async function renameSession(page: PageActionsHost, id: string, title: string): Promise<void> {
  await attempt(page, 'Could not rename', async () => {
    await page.library.rename(id, title);
    if (page.session?.id === id && title.trim()) page.editSession((session) => (session.title = title.trim()));
    await page.library.refresh();
  });
}

/** S4: a running session (or a helper of it) is not deleted; children go with their parent. */
export async function deleteSession(page: PageActionsHost, id: string): Promise<void> {
  const current = page.session?.id;
  const runningFamily =
    page.runs.running && (id === current || page.library.childrenOf(id).some((child) => child.id === current));
  if (runningFamily) {
    page.notice = { kind: 'error', text: 'This session is running: stop it before deleting it.' };
    return;
  }
  await attempt(page, 'Could not delete', async () => {
    const title = page.library.sessions.find((summary) => summary.id === id)?.title ?? id;
    const { deleted, kept } = await page.library.removeKeepingCopies(id);
    await page.library.refresh();
    if (current && deleted.includes(current)) await page.newSession();
    // S4: a short grace period to take it back; the copy lives only as long as the offer.
    const notice: Notice = {
      kind: 'info',
      text: `Deleted “${title}”${deleted.length > 1 ? ` and ${deleted.length - 1} helper transcript(s)` : ''}.`,
      action: {
        label: 'Undo',
        run: async () => {
          if (page.notice === notice) page.notice = undefined;
          await attempt(page, 'Could not undo the delete', async () => {
            await restoreCopies(page.library.store, kept);
            await page.library.refresh();
            await page.openSession(id);
          });
        },
      },
    };
    page.notice = notice;
    setTimeout(() => {
      if (page.notice === notice) page.notice = undefined;
    }, undoGraceMs);
  });
}

/** Waits (up to 15 s) while the page makes or opens a session: an action asked for meanwhile is not lost. */
export async function whenSettled(page: { readonly loading: boolean }): Promise<void> {
  for (let waited = 0; page.loading && waited < 15_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

/** S4: clears the open session's history and memory (its files stay). */
export async function resetSession(page: PageActionsHost): Promise<void> {
  // A session being opened is shown before it has finished opening: wait for it, then reset the
  // one now open (the one the person sees), never the one being left.
  await whenSettled(page);
  if (!page.session || page.runs.running || page.loading || page.teaching.replaying) return;
  const session = page.session;
  await attempt(page, 'Could not reset', async () => {
    const cleared = await page.library.reset(session, await page.files.collect());
    page.editSession((open) => {
      open.history = cleared.history;
      open.memory = cleared.memory;
      open.updatedAt = cleared.updatedAt;
    });
    page.runs.show(session, []);
    await page.library.refresh();
  });
}

/** P4: edits a section template for this session; the next request uses it. */
export async function setSectionOverride(
  page: PageActionsHost,
  name: string,
  template: string | undefined,
): Promise<void> {
  if (!page.session) return;
  const overrides = { ...page.session.settings.sectionOverrides };
  if (template === undefined) delete overrides[name];
  else overrides[name] = template;
  page.editSession((session) => (session.settings = { ...session.settings, sectionOverrides: overrides }));
  await page.library.store
    .saveMeta(sessionMeta(page.session))
    .catch((error: Error) => (page.notice = { kind: 'error', text: error.message }));
}

/** S4, T7: an import is reviewed first; overrides and a memory file wait for confirmation. */
export async function importTrajectory(page: PageActionsHost, trajectory: Trajectory): Promise<void> {
  const review = reviewImport(trajectory);
  if (review.needsConfirmation) page.importReview = review;
  else await finishImport(page, review, false);
}

export async function finishImport(
  page: PageActionsHost,
  review: ImportReview | FilesReview,
  useExtras: boolean,
): Promise<void> {
  page.importReview = undefined;
  if (page.runs.running) return;
  if ('finish' in review) {
    await attempt(page, 'Could not import', () => review.finish(useExtras));
    return;
  }
  await attempt(page, 'Could not import', async () => {
    const session = await page.library.importSession(review.apply(useExtras, defaultSettings()));
    await page.library.refresh();
    await page.openSession(session.id);
    page.notice = {
      kind: 'info',
      text:
        `Imported "${session.title}"` +
        (review.needsConfirmation && !useExtras ? ' without its prompt overrides, memory and skills' : '') +
        '.',
    };
  });
}

export async function restoreCheckpoint(page: PageActionsHost, oid: string): Promise<void> {
  if (!page.session || page.runs.running) return;
  const session = page.session;
  await attempt(page, 'Could not restore', async () => {
    await page.files.restoreCheckpoint(session.id, oid, session.history.length);
    await page.library.saveFiles(session.id, session.history.length, await page.files.collect());
    page.notice = {
      kind: 'info',
      text: `Restored checkpoint ${oid.slice(0, 7)}; the files before it are the newest checkpoint, to undo.`,
    };
  });
}
