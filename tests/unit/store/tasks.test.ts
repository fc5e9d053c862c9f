import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TaskGraph } from '../../../src/lib/harness/tasks/task-graph';
import type { TaskStore } from '../../../src/lib/harness/tasks/task-types';
import { MemoryTaskStore } from '../../../src/lib/store/memory-task-store';
import { FileTaskStore } from '../../../src/lib/store/file-task-store';
import { IndexedDbTaskStore } from '../../../src/lib/store/indexeddb-task-store';
import { openHarnessDatabase } from '../../../src/lib/store/harness-database';
import { final, harness, tool, toolResults } from '../helpers';

const stores: [string, () => Promise<TaskStore>][] = [
  ['memory', async () => new MemoryTaskStore()],
  ['files', async () => new FileTaskStore(mkdtempSync(path.join(tmpdir(), 'harness-tasks-')))],
  [
    'IndexedDB',
    async () => {
      globalThis.indexedDB = new IDBFactory();
      return new IndexedDbTaskStore(await openHarnessDatabase(), 'workspace-1');
    },
  ],
];

for (const [name, create] of stores) {
  describe(`task graph over ${name}`, () => {
    it('K1 tasks persist with subject, description, status, owner and blockedBy', async () => {
      const store = await create();
      const graph = new TaskGraph(store, () => 100);
      const first = await graph.create({ subject: 'schema', description: 'define it' });
      const again = new TaskGraph(store);
      expect(await again.get(first.id)).toEqual({
        id: first.id,
        subject: 'schema',
        description: 'define it',
        status: 'pending',
        owner: '',
        blockedBy: [],
        createdAt: 100,
        updatedAt: 100,
      });
    });

    it('K2 claim only pending unblocked tasks; complete reports what it unblocked; release returns a task', async () => {
      const graph = new TaskGraph(await create());
      const schema = await graph.create({ subject: 'schema' });
      const api = await graph.create({ subject: 'api', blockedBy: [schema.id] });
      await expect(graph.claim(api.id, 's1')).rejects.toThrow(`blocked by ${schema.id} (pending)`);
      await graph.claim(schema.id, 's1');
      await expect(graph.claim(schema.id, 's2')).rejects.toThrow('in_progress (owner s1)');
      const done = await graph.complete(schema.id);
      expect(done.unblocked.map((task) => task.id)).toEqual([api.id]);
      await graph.claim(api.id, 's2');
      expect((await graph.release(api.id)).status).toBe('pending');
    });

    it('K2 unknown dependencies and cycles are refused', async () => {
      const graph = new TaskGraph(await create());
      await expect(graph.create({ subject: 'x', blockedBy: ['task-99'] })).rejects.toThrow(
        'unknown dependency: task-99',
      );
      const a = await graph.create({ subject: 'a' });
      const b = await graph.create({ subject: 'b', blockedBy: [a.id] });
      await expect(graph.addDependencies(a.id, [b.id])).rejects.toThrow('a cycle');
      await expect(graph.addDependencies(a.id, [a.id])).rejects.toThrow('a cycle');
    });
  });
}

describe('task tools', () => {
  it('K2 K3 the agent creates, claims and completes tasks; the board is in the next prompt', async () => {
    const tasks = new MemoryTaskStore();
    const h = harness(
      [
        tool('create_task', { subject: 'write parser' }),
        tool('create_task', { subject: 'test parser', blocked_by: ['task-1'] }),
        tool('create_task', { subject: 'bad', blocked_by: ['task-42'] }),
        tool('claim_task', { id: 'task-2' }),
        tool('claim_task', { id: 'task-1' }),
        tool('complete_task', { id: 'task-1' }),
        tool('list_tasks'),
        final('planned'),
      ],
      { agent: { tasks } },
    );
    await h.agent.run('plan the parser');
    const results = toolResults(h);
    expect(results[2]).toContain('unknown dependency: task-42');
    expect(results[3]).toContain('blocked by task-1');
    expect(results[5]).toContain('Unblocked: task-2 (test parser)');
    expect(results[6]).toContain(`- task-1 [completed by ${h.agent.session.id}] write parser`);
    const next = harness([final('ok')], { agent: { tasks } });
    await next.agent.run('what is left?');
    expect(next.model.requests[0].messages[0].content).toContain('Tasks:\n- task-1 [completed');
    expect(next.model.requests[0].messages[0].content).toContain('- task-2 [pending] test parser blockedBy=[task-1]');
  });
});
