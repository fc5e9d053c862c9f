/** K1 in the browser: tasks per workspace in IndexedDB, shared by that workspace's sessions. */
import type { Task, TaskStore } from '../harness/tasks/task-types';
import type { HarnessDatabase } from './harness-database';
import { storeError } from './store-error';

export class IndexedDbTaskStore implements TaskStore {
  constructor(
    private readonly database: HarnessDatabase,
    readonly workspaceId: string,
  ) {}

  async list(): Promise<Task[]> {
    try {
      const records = await this.database.getAll(
        'tasks',
        IDBKeyRange.bound([this.workspaceId, ''], [this.workspaceId, '\uffff']),
      );
      return records.map((record) => record.task).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    } catch (error) {
      throw storeError(error, 'reading the task board');
    }
  }

  async get(id: string): Promise<Task | undefined> {
    try {
      return (await this.database.get('tasks', [this.workspaceId, id]))?.task;
    } catch (error) {
      throw storeError(error, `reading task ${id}`);
    }
  }

  async save(task: Task): Promise<void> {
    try {
      await this.database.put('tasks', { workspaceId: this.workspaceId, id: task.id, task });
    } catch (error) {
      throw storeError(error, `saving task ${task.id}`);
    }
  }
}
