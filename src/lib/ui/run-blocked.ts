/**
 * U1: why Run is disabled right now, in words for the person (the task box's description);
 * undefined when a run may start. One place, so the button and the box never disagree.
 */
import type { Playground } from './playground.svelte';

export function runBlocked(page: Playground): string | undefined {
  if (page.loading || !page.session) return 'The session is still loading.';
  if (page.teaching.replaying) return 'This is a replay: leave it (Exit replay) or fork a step to run from there.';
  if (page.runs.running) return 'A run is going; stop it first.';
  const status = page.connection.status;
  if (
    !page.isDemo &&
    (status.kind === 'down' ||
      status.kind === 'cors' ||
      status.kind === 'model-missing' ||
      status.kind === 'not-ollama')
  )
    return status.message;
  // The demo model replays one script written for its own sample: elsewhere it fails on missing files.
  if (page.isDemo && !page.files.files.includes('src/sum.js'))
    return (
      'The Demo model plays one recorded script that fits only its own sample (src/sum.js): ' +
      'start a new session with the demo, or choose a real model in Settings.'
    );
  if (!page.task.trim()) return 'Type a task first.';
  return undefined;
}
