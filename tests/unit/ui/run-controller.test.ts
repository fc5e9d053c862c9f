/**
 * R4: the page's loop loads with the first run. When that load fails (a new deploy replaced the
 * chunk, the network went away), the run ends with an outcome that says so and what to do — not
 * a store error, not a throw — and the page can run again once the loop loads.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSession } from '../../../src/lib/harness/session';
import { defaultSettings } from '../../../src/lib/harness/settings';
import { MemorySessionStore } from '../../../src/lib/store/memory-session-store';

const session = () =>
  createSession({ model: 'm', settings: defaultSettings(), workspace: { backend: 'memory', label: 'x' } });

afterEach(() => {
  vi.doUnmock('../../../src/lib/harness/agent');
  vi.resetModules();
});

describe('R4 the page loads its loop on the first run', () => {
  it('R4 a loop that cannot load ends the run with an outcome that says so, before any lease is taken', async () => {
    vi.resetModules();
    vi.doMock('../../../src/lib/harness/agent', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/agent-1a2b3c.js');
    });
    const { RunController } = await import('../../../src/lib/ui/run-controller.svelte');
    const runs = new RunController();
    const store = new MemorySessionStore();
    const acquired: string[] = [];
    const released: string[] = [];
    const leased = Object.assign(store, {
      acquire: async (id: string) => void acquired.push(id),
      release: async (id: string) => void released.push(id),
    });
    const open = session();
    const outcome = await runs.run(open, 'write hello.txt', { store: leased } as never);
    expect(outcome).toMatchObject({ kind: 'error', error: { kind: 'internal' } });
    const message = outcome.kind === 'error' ? outcome.error.message : '';
    expect(message).toContain('The agent loop could not load');
    expect(message).toContain('Reload the page');
    expect(runs.running).toBe(false);
    // Never taken, so nothing is held; the release every run ends with is a no-op for a lease not held.
    expect(acquired).toEqual([]);
    expect(released).toEqual([open.id]);
  });

  it('R4 a store that refuses the session (another tab holds it) is still a store error', async () => {
    const { RunController } = await import('../../../src/lib/ui/run-controller.svelte');
    const runs = new RunController();
    const store = Object.assign(new MemorySessionStore(), {
      acquire: async () => {
        throw new Error('another tab is running this session');
      },
      release: async () => {},
    });
    const outcome = await runs.run(session(), 'write hello.txt', { store } as never);
    expect(outcome).toEqual({
      kind: 'error',
      error: { kind: 'store', message: 'another tab is running this session' },
    });
    expect(runs.running).toBe(false);
  });
});
