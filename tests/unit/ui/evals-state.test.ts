/**
 * O2: the page's eval runs, on the state class the Evals view drives (no server: the reference
 * solution and the no-op stand in for models, on the offline workspace).
 */
import { describe, expect, it } from 'vitest';
import { loadEvals } from '../../../src/cli/load-evals';
import { EvalsState } from '../../../src/lib/ui/evals-state.svelte';
import type { EvalPlan } from '../../../src/lib/ui/evals-state.svelte';
import { MemorySessionStore } from '../../../src/lib/store/memory-session-store';
import type { ServerClient } from '../../../src/lib/model/server-client';

const tasks = loadEvals('evals')
  .filter((task) => task.rung === 1 && task.split === 'tuning')
  .slice(0, 2);

function plan(overrides: Partial<EvalPlan> = {}): EvalPlan {
  return {
    tasks,
    models: ['reference', 'noop'],
    protocols: ['text', 'native'],
    presets: [{ name: 'default', sections: {} }],
    repeat: 1,
    parallel: 2,
    outputLimit: 512,
    maxSteps: 4,
    ...overrides,
  };
}

const noServer = () => {
  throw new Error('a scripted model asks no server');
};
const dependencies = (store = new MemorySessionStore()) => ({
  store,
  client: noServer as unknown as () => ServerClient,
  toolModels: new Set<string>(),
});

describe('O2 the page runs evals', () => {
  it('O2 each planned run is scored once: the reference passes, the no-op fails, and each session is kept', async () => {
    const state = new EvalsState();
    const store = new MemorySessionStore();
    await state.run(plan(), dependencies(store));
    // Scripted models run one protocol (text); native is not planned for a model without tools.
    expect(state.results).toHaveLength(tasks.length * 2);
    expect(state.results.filter((result) => result.model === 'reference').every((result) => result.passed)).toBe(true);
    expect(state.results.filter((result) => result.model === 'noop').some((result) => result.passed)).toBe(false);
    expect(state.progress).toMatchObject({ done: tasks.length * 2, total: tasks.length * 2, current: 'done' });
    expect(state.running).toBe(false);
    for (const result of state.results) expect(await store.load(result.session ?? '')).not.toBeNull();
  });

  it('O2 "add" keeps the table and a run again takes its old row; "replace" starts a new table', async () => {
    const state = new EvalsState();
    await state.run(plan({ models: ['noop'] }), dependencies());
    const first = state.results.map((result) => result.runId);
    await state.run(plan({ models: ['noop', 'reference'] }), dependencies(), 'add');
    expect(state.results).toHaveLength(tasks.length * 2);
    expect(new Set(state.results.map((result) => result.runId)).size).toBe(tasks.length * 2);
    expect(state.results.map((result) => result.runId)).toEqual(expect.arrayContaining(first));
    await state.run(plan({ models: ['reference'], tasks: tasks.slice(0, 1) }), dependencies());
    expect(state.results.map((result) => result.model)).toEqual(['reference']);
  });

  it('O2 a store that fails is said on the page and the run is still scored', async () => {
    const state = new EvalsState();
    const store = new MemorySessionStore();
    store.saveSession = () => Promise.reject(new Error('the disk is full'));
    await state.run(plan({ models: ['reference'], tasks: tasks.slice(0, 1) }), dependencies(store));
    expect(state.problem).toBe("A run's session could not be kept: the disk is full");
    expect(state.results).toMatchObject([{ model: 'reference', passed: true }]);
    // No link to a session that is not there.
    expect(state.results[0]!.session).toBeFalsy();
  });

  it('O2 a stopped run ends with the runs it finished, none half-scored', async () => {
    const state = new EvalsState();
    const running = state.run(plan({ parallel: 1 }), dependencies());
    state.stop();
    await running;
    expect(state.running).toBe(false);
    expect(state.progress.current).toBe('stopped');
    expect(state.results.length).toBeLessThan(tasks.length * 2);
  });
});
