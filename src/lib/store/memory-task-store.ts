/** K1: the task board in memory, for tests and a page without IndexedDB. */
import type { Task, TaskStore } from '../harness/tasks/task-types';

/** A TaskStore in memory, for tests and throwaway sessions. */
export class MemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, Task>();

  async list(): Promise<Task[]> {
    return [...this.tasks.values()]
      .map((task) => structuredClone(task))
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  async get(id: string): Promise<Task | undefined> {
    const task = this.tasks.get(id);
    return task ? structuredClone(task) : undefined;
  }

  async save(task: Task): Promise<void> {
    this.tasks.set(task.id, structuredClone(task));
  }
}
