/**
 * S1, W6: making a session and opening one, the page's two ways to change what it shows. One at
 * a time (`takeTurn`): a session asked for while another is being made (a sample chosen, then at
 * once a zip imported) waits its turn instead of being dropped, and nothing runs against a
 * half-made one. Written against the parts of the page they use, like session-actions.ts.
 */
import type { HarnessEvent } from '../harness/events';
import type { Session } from '../harness/session';
import { createSession } from '../harness/session';
import { defaultSettings } from '../harness/settings';
import type { FileMap } from '../workspace/workspace-files';
import { findSample } from '../workspace/samples/sample-projects';
import type { SessionView } from './session-view';
import { sessionView } from './session-view';
import { demoFiles, demoTask } from './demo-session';
import type { PageActionsHost } from './session-actions';
import { whenSettled } from './session-actions';
import type { WarmUp } from './warm-up.svelte';

export interface SessionOpeningHost extends Omit<PageActionsHost, 'openSession' | 'newSession'> {
  view: SessionView | undefined;
  task: string;
  readonly warmUp: WarmUp;
  readonly settings: { sample: string };
  readonly modelLabel: string;
  refreshTasks(): Promise<void>;
}

const newWorkspaceId = () => `workspace-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Marks the page as making or opening a session, unless a run is going on (see the header). */
async function takeTurn(page: SessionOpeningHost): Promise<boolean> {
  if (page.loading) await whenSettled(page);
  if (page.runs.running || page.loading) return false;
  page.loading = true;
  return true;
}

/** Shows a session: files from its newest snapshot, transcript from its events and items. */
export async function showSession(
  page: SessionOpeningHost,
  session: Session,
  events: HarnessEvent[],
  files?: FileMap,
): Promise<void> {
  page.warmUp.cancel();
  await page.files.make(files ?? {});
  page.session = session;
  page.view = sessionView(session);
  page.runs.show(session, events);
  page.task = '';
  await Promise.all([page.refreshTasks(), page.files.refreshCheckpoints(session.id)]);
}

/** A new session on a sample, on given files, or (`demo`) on the Demo model's bundled project. */
export async function newSession(
  page: SessionOpeningHost,
  sampleId: string,
  files: FileMap | undefined,
  options: { demo?: boolean; task?: string },
): Promise<void> {
  if (!(await takeTurn(page))) return;
  const typedAtStart = page.task;
  // A notice about the session left behind ("Imported …") is not about the new one.
  if (page.notice?.kind === 'info') page.notice = undefined;
  try {
    if (page.teaching.replaying) await page.teaching.exit();
    const sample = findSample(sampleId);
    const useDemo = (options.demo ?? false) && !files;
    const chosen = files ?? (useDemo ? demoFiles : (sample?.files ?? {}));
    await page.files.make(chosen);
    // An untouched empty session is reused, not joined by another identical one.
    const untouched = page.library.untouched();
    if (untouched) await page.library.remove(untouched.id).catch(() => undefined);
    const description = page.files.current.describe();
    const session = createSession({
      model: page.modelLabel,
      settings: defaultSettings(),
      workspace: { backend: description.backend, label: description.label, id: newWorkspaceId() },
    });
    page.session = session;
    page.view = sessionView(session);
    page.runs.show(session, []);
    // Text typed while the session was being made is the person's, not replaced by the sample's.
    if (page.task === typedAtStart)
      page.task = options.task ?? (useDemo ? demoTask : files ? '' : (sample?.task ?? ''));
    await page.library
      .create(session, chosen)
      .catch((error: Error) => (page.notice = { kind: 'error', text: error.message }));
    await Promise.all([page.library.refresh(), page.refreshTasks(), page.files.refreshCheckpoints(session.id)]);
  } finally {
    page.loading = false;
  }
}

/** Opens a stored session; a failure is the notice the person sees. */
export async function openSession(page: SessionOpeningHost, id: string): Promise<void> {
  if (!(await takeTurn(page))) return;
  try {
    if (page.teaching.replaying) await page.teaching.exit();
    const opened = await page.library.open(id);
    await showSession(page, opened.session, opened.events, opened.files);
  } catch (error) {
    page.notice = { kind: 'error', text: (error as Error).message };
  } finally {
    page.loading = false;
  }
}
