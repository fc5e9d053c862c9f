/** K1: a task of the persistent task graph, shared by the sessions of one workspace. */

export type TaskStatus = 'pending' | 'in_progress' | 'completed';

export interface Task {
  id: string;
  subject: string;
  description: string;
  status: TaskStatus;
  /** Session (or person) that claimed it; empty when unclaimed. */
  owner: string;
  /** Ids of tasks that must be completed first. */
  blockedBy: string[];
  createdAt: number;
  updatedAt: number;
}

/**
 * Where tasks persist (K1). Contract: `save` resolves once the task is durable; `list` returns
 * every task of the workspace in creation order. Rejections are reported, never lose data.
 */
export interface TaskStore {
  list(): Promise<Task[]>;
  get(id: string): Promise<Task | undefined>;
  save(task: Task): Promise<void>;
}

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
