/**
 * U3: the page's side of teaching — where a replay gets the open session, its events and its
 * kept files, and how a fork or a lesson becomes a session of its own.
 */
import type { Session } from '../../harness/session';
import type { RunController } from '../run-controller.svelte';
import type { SessionLibrary } from '../session-library.svelte';
import type { WorkspaceState } from '../workspace-state.svelte';
import type { TeachingHost } from './teaching-state.svelte';

/** The parts of the page teaching uses (not the Playground itself: no import cycle). */
export interface TeachingPage {
  readonly session: Session | undefined;
  notice: { kind: 'error' | 'info'; text: string } | undefined;
  readonly runs: RunController;
  readonly library: SessionLibrary;
  readonly files: WorkspaceState;
  /** True while a session is being made or opened (an open asked for meanwhile is dropped). */
  readonly loading: boolean;
  openSession(id: string): Promise<void>;
}

export function teachingHost(page: TeachingPage): TeachingHost {
  const saveCurrent = async () => {
    if (page.session)
      await page.library.saveFiles(page.session.id, page.session.history.length, await page.files.collect());
  };
  return {
    session: () => page.session,
    events: () => page.runs.events,
    running: () => page.runs.running,
    snapshotAt: (id, items) => page.library.snapshotAt(id, items),
    showFiles: (files) => page.files.replaceFiles(files),
    keepFiles: saveCurrent,
    restoreFiles: async () => {
      if (!page.session) return;
      const files = await page.library.filesAt(page.session.id, Number.MAX_SAFE_INTEGER);
      if (files) await page.files.replaceFiles(files);
    },
    // A lesson clicked while the page still makes its first session waits inside openSession.
    open: (id) => page.openSession(id),
    importSession: async (trajectory) => {
      // A lesson opens fresh each time: the copy from last time (and any change to it) goes.
      await page.library.remove(trajectory.session.id).catch(() => undefined);
      const session = await page.library.importSession(trajectory);
      await page.library.refresh();
      return session.id;
    },
    createFork: async (session, files, exactFiles) => {
      await page.library.create(session, files);
      await page.library.refresh();
      await page.openSession(session.id);
      // The fork banner says what Run does; a notice only when the files are not that step's.
      if (!exactFiles)
        page.notice = {
          kind: 'info',
          text:
            `Forked at step ${session.forkOf?.step}. Its files are the newest kept ones, not that ` +
            `step's (no snapshot of them was kept).`,
        };
    },
  };
}
