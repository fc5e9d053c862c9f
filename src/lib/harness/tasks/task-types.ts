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
