/**
 * K2: the rules of the task graph over any TaskStore: creation with known dependencies and no
 * cycles, claiming only pending and unblocked tasks, completion that reports what it unblocked,
 * and release of an in-progress task (for an owner that crashed). Errors are thrown as
 * TaskError with a message for the model; the tools turn them into results.
 */
import type { Task, TaskStore } from './task-types';

export class TaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskError';
  }
}

export class TaskGraph {
  constructor(
    private readonly store: TaskStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** task-1, task-2, …: short ids a small model can copy without mistakes. */
  private newId(existing: Task[]): string {
    const numbers = existing
      .map((task) => /^task-(\d+)$/.exec(task.id)?.[1])
      .filter(Boolean)
      .map(Number);
    return `task-${Math.max(0, ...numbers) + 1}`;
  }

  async create(input: { subject: string; description?: string; blockedBy?: string[] }): Promise<Task> {
    const tasks = await this.store.list();
    const known = new Set(tasks.map((task) => task.id));
    const blockedBy = [...new Set(input.blockedBy ?? [])];
    const unknown = blockedBy.filter((id) => !known.has(id));
    if (unknown.length)
      throw new TaskError(
        `unknown dependenc${unknown.length > 1 ? 'ies' : 'y'}: ${unknown.join(', ')} (list_tasks shows the ids)`,
      );
    const now = this.now();
    const task: Task = {
      id: this.newId(tasks),
      subject: input.subject.trim(),
      description: (input.description ?? '').trim(),
      status: 'pending',
      owner: '',
      blockedBy,
      createdAt: now,
      updatedAt: now,
    };
    await this.store.save(task);
    return task;
  }

  /** Adds dependencies to an existing task, refusing any that would close a cycle. */
  async addDependencies(id: string, dependencies: string[]): Promise<Task> {
    const tasks = new Map((await this.store.list()).map((task) => [task.id, task]));
    const task = tasks.get(id);
    if (!task) throw new TaskError(`no task ${id}`);
    for (const dependency of dependencies) {
      if (!tasks.has(dependency)) throw new TaskError(`unknown dependency: ${dependency}`);
      if (this.reaches(tasks, dependency, id))
        throw new TaskError(`${id} cannot wait for ${dependency}: ${dependency} already waits for ${id} (a cycle)`);
    }
    task.blockedBy = [...new Set([...task.blockedBy, ...dependencies])];
    task.updatedAt = this.now();
    await this.store.save(task);
    return task;
  }

  /** True when `from` depends, directly or not, on `to` (or is it). */
  private reaches(tasks: Map<string, Task>, from: string, to: string): boolean {
    const seen = new Set<string>();
    const pending = [from];
    while (pending.length) {
      const current = pending.pop()!;
      if (current === to) return true;
      if (seen.has(current)) continue;
      seen.add(current);
      pending.push(...(tasks.get(current)?.blockedBy ?? []));
    }
    return false;
  }

  list(): Promise<Task[]> {
    return this.store.list();
  }

  async get(id: string): Promise<Task> {
    const task = await this.store.get(id);
    if (!task) throw new TaskError(`no task ${id} (list_tasks shows the ids)`);
    return task;
  }

  async openBlockers(task: Task): Promise<Task[]> {
    const blockers = await Promise.all(task.blockedBy.map((id) => this.store.get(id)));
    return blockers.filter((blocker): blocker is Task => Boolean(blocker) && blocker!.status !== 'completed');
  }

  async claim(id: string, owner: string): Promise<Task> {
    const task = await this.get(id);
    if (task.status !== 'pending')
      throw new TaskError(
        `${id} is ${task.status}${task.owner ? ` (owner ${task.owner})` : ''}; only pending tasks can be claimed`,
      );
    const blockers = await this.openBlockers(task);
    if (blockers.length)
      throw new TaskError(
        `${id} is blocked by ${blockers.map((blocker) => `${blocker.id} (${blocker.status})`).join(', ')}`,
      );
    Object.assign(task, { status: 'in_progress', owner, updatedAt: this.now() });
    await this.store.save(task);
    return task;
  }

  /** Completes a task and returns the tasks that this made claimable. */
  async complete(id: string): Promise<{ task: Task; unblocked: Task[] }> {
    const task = await this.get(id);
    if (task.status === 'completed') throw new TaskError(`${id} is already completed`);
    Object.assign(task, { status: 'completed', updatedAt: this.now() });
    await this.store.save(task);
    const unblocked: Task[] = [];
    for (const other of await this.store.list()) {
      if (other.status !== 'pending' || !other.blockedBy.includes(id)) continue;
      if ((await this.openBlockers(other)).length === 0) unblocked.push(other);
    }
    return { task, unblocked };
  }

  async release(id: string): Promise<Task> {
    const task = await this.get(id);
    if (task.status !== 'in_progress')
      throw new TaskError(`${id} is ${task.status}; only in-progress tasks can be released`);
    Object.assign(task, { status: 'pending', owner: '', updatedAt: this.now() });
    await this.store.save(task);
    return task;
  }
}

export function taskLine(task: Task): string {
  const blocked = task.blockedBy.length ? ` blockedBy=[${task.blockedBy.join(', ')}]` : '';
  return `- ${task.id} [${task.status}${task.owner ? ` by ${task.owner}` : ''}] ${task.subject}${blocked}`;
}
