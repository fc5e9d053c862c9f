/**
 * The page's start-up: its database and saved settings, what a link's parameters set or propose
 * (T7: a change that lowers safety or changes the server waits for the person), and the session
 * to show first — an interrupted one always, else the newest, else a new one on a sample.
 */
import type { HarnessEvent } from '../harness/events';
import type { Session } from '../harness/session';
import { IndexedDbSessionStore } from '../store/indexeddb-session-store';
import { openHarnessDatabase } from '../store/harness-database';
import type { Playground } from './playground.svelte';
import type { PlaygroundSettings } from './playground-settings';
import { applyUrlParameters, withDefaults } from './playground-settings';
import { tabId } from './tab-id';

function wasInterrupted(session: Session, events: HarnessEvent[]): boolean {
  const lastStart = events.findLastIndex((event) => event.type === 'run.started' && event.sessionId === session.id);
  const lastEnd = events.findLastIndex((event) => event.type === 'run.finished' && event.sessionId === session.id);
  return session.history.length > 0 && lastStart > lastEnd;
}

async function openStorage(page: Playground): Promise<void> {
  try {
    page.database = await openHarnessDatabase({ onVersionChange: (message) => (page.storageProblem = message) });
    page.library.store = new IndexedDbSessionStore(page.database, { owner: tabId() });
    const saved = (await page.database.get('settings', 'playground'))?.value as Partial<PlaygroundSettings> | undefined;
    page.settings = withDefaults(saved);
  } catch (error) {
    page.storageProblem = `${(error as Error).message} Sessions will last only until this tab closes.`;
  }
}

export async function startUp(page: Playground, search: string): Promise<void> {
  await openStorage(page);
  const preset = applyUrlParameters(page.settings, search, page.connection.apiKey);
  page.settings = preset.settings;
  if (preset.ignored.length)
    page.notice = { kind: 'info', text: `Ignored URL parameters: ${preset.ignored.join(', ')}` };
  if (preset.proposals.length) page.linkProposal = preset.proposals;
  page.files.factory.start(page.settings.workspace);
  await page.library.refresh();
  // Read once at start-up, never kept: no reactive URLSearchParams is needed.
  const sampleInUrl = new URLSearchParams(search).has('sample');
  const latest = page.library.sessions.find((summary) => !summary.parentId);
  const opened = latest ? await page.library.open(latest.id).catch(() => undefined) : undefined;
  // An interrupted session always wins over a preset: its work is not lost behind a new one.
  const interrupted = opened && wasInterrupted(opened.session, opened.events);
  if (opened && (interrupted || !sampleInUrl)) await page.show(opened.session, opened.events, opened.files);
  else await page.newSession(page.settings.sample, undefined, { demo: page.isDemo && !sampleInUrl });
  // A link that proposes another server is answered first: checking the old one meanwhile
  // would flash its problems (say, a missing model) at a person about to leave it.
  if (!page.linkProposal?.some((proposal) => proposal.key === 'host')) page.checkConnection();
}

/**
 * T7: apply (or drop) what a link proposed. The dialog closes only once the choice is stored: a
 * reload in between would read the old settings and ask again (the link is still in the URL).
 */
export async function answerLinkProposal(page: Playground, apply: boolean): Promise<void> {
  const proposals = page.linkProposal ?? [];
  if (apply) {
    for (const proposal of proposals) {
      if (proposal.key === 'host') page.settings.host = proposal.value;
      if (proposal.key === 'approval') page.settings.approval = 'auto';
    }
    await page.saveSettings();
  }
  page.linkProposal = undefined;
  page.checkConnection();
}
