/**
 * T7: a link's proposal (another server, approval "auto") is answered once, and its dialog closes
 * only when the answer is stored: a reload in between read the old settings, asked again and never
 * looked for the server (CI saw it as a page without its "Ollama found" offer after a reload).
 */
import { describe, expect, it } from 'vitest';
import { answerLinkProposal } from '../../../src/lib/ui/start-up';
import type { Playground } from '../../../src/lib/ui/playground.svelte';
import { defaultPlaygroundSettings } from '../../../src/lib/ui/playground-settings';

function pageWithSlowStore() {
  let store: () => void = () => {};
  const stored: unknown[] = [];
  const checks: string[] = [];
  const page = {
    settings: defaultPlaygroundSettings(),
    linkProposal: [
      { key: 'host', value: 'http://127.0.0.1:40077', why: 'use the server at http://127.0.0.1:40077' },
      { key: 'approval', value: 'auto', why: 'run every tool call without asking' },
    ],
    saveSettings(this: { settings: unknown }) {
      return new Promise<void>((resolve) => {
        store = () => (stored.push(structuredClone(this.settings)), resolve());
      });
    },
    checkConnection(this: { settings: { host: string } }) {
      checks.push(this.settings.host);
    },
  };
  return { page, stored, checks, finishStoring: () => store() };
}

describe('T7 a link proposal', () => {
  it('T7 applied, the dialog stays until the settings are stored; then the new server is checked', async () => {
    const { page, stored, checks, finishStoring } = pageWithSlowStore();
    const answered = answerLinkProposal(page as unknown as Playground, true);
    await Promise.resolve();
    expect(page.linkProposal).toBeDefined();
    expect(checks).toEqual([]);
    finishStoring();
    await answered;
    expect(page.linkProposal).toBeUndefined();
    expect(stored).toEqual([expect.objectContaining({ host: 'http://127.0.0.1:40077', approval: 'auto' })]);
    expect(checks).toEqual(['http://127.0.0.1:40077']);
  });

  it('T7 declined, nothing is stored or changed, and the server already set is checked', async () => {
    const { page, stored, checks } = pageWithSlowStore();
    const before = structuredClone(page.settings);
    await answerLinkProposal(page as unknown as Playground, false);
    expect(page.linkProposal).toBeUndefined();
    expect(stored).toEqual([]);
    expect(page.settings).toEqual(before);
    expect(checks).toEqual([before.host]);
  });
});
