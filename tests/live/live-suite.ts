/** Shared by the live test files: the real target, or one skipped block that says why. */
import { describe, it } from 'vitest';
import type { LiveTarget } from './live-target';
import { requireLiveOrSkip } from './live-target';

export interface LiveSuiteTarget extends LiveTarget {
  /** A model that lists "tools", if the server has one (the provisioned models do not). */
  toolModel?: string;
}

export async function liveSuite(): Promise<LiveSuiteTarget | undefined> {
  const found = await requireLiveOrSkip();
  if (!found.ok) {
    describe.skip(`live suite skipped: ${found.reason}`, () => {
      it('O3 needs a real Ollama with the test model', () => undefined);
    });
    return undefined;
  }
  const { host, models } = found.target;
  let toolModel: string | undefined;
  for (const name of models) {
    const show = (await (
      await fetch(`${host}/api/show`, { method: 'POST', body: JSON.stringify({ model: name }) })
    ).json()) as { capabilities?: string[] };
    if (show.capabilities?.includes('tools')) toolModel = name;
  }
  return { ...found.target, ...(toolModel ? { toolModel } : {}) };
}
