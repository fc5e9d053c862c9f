/**
 * `--export FILE`: a session of the headless runner as the file the page imports (Sessions →
 * Import) and replays step by step (U3, S4): items, events, task board, the files at the end and
 * after each changing step. A workspace too large to carry travels without its files, and the
 * runner says so instead of writing a file the page would refuse.
 */
import { writeFileSync } from 'node:fs';
import type { Session } from '../lib/harness/session';
import type { SessionStore } from '../lib/harness/ports';
import type { TaskStore } from '../lib/harness/tasks/task-types';
import { exportTrajectory } from '../lib/store/session-export';
import type { FileTrail } from '../lib/store/file-trail';

export async function writeSessionFile(
  file: string,
  parts: { session: Session; store: SessionStore; tasks: TaskStore; trail: FileTrail },
): Promise<string> {
  const { session, store, tasks, trail } = parts;
  const files = await trail.files();
  const snapshots = trail.before(session.history.length);
  const text = exportTrajectory({
    session,
    events: await store.loadEvents(session.id),
    tasks: await tasks.list(),
    files: files ?? {},
    ...(snapshots.length ? { snapshots } : {}),
  });
  writeFileSync(file, text);
  const size = `${(text.length / 1024).toFixed(0)} KB`;
  return files
    ? `exported session ${session.id} to ${file} (${size}, ` +
        `${snapshots.length} earlier snapshot(s)): open it in the page with ` +
        `Sessions → Import`
    : `exported session ${session.id} to ${file} (${size}) without its ` +
        `files: the workspace is too large to carry (${trail.tooLarge})`;
}
