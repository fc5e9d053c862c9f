/** K1 in Node: one JSON file per task in a folder (default `.harness/tasks` in the workspace). */
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import type { Task, TaskStore } from '../harness/tasks/task-types';

const safeId = /^[\w.-]{1,128}$/;

export class FileTaskStore implements TaskStore {
  constructor(readonly directory: string) {}

  private file(id: string): string {
    if (!safeId.test(id)) throw new Error(`invalid task id "${id}"`);
    return nodePath.join(this.directory, `${id}.json`);
  }

  async list(): Promise<Task[]> {
    const names = await fs
      .readdir(this.directory)
      .catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
    const tasks: Task[] = [];
    for (const name of names.filter((entry) => entry.endsWith('.json'))) {
      try {
        tasks.push(JSON.parse(await fs.readFile(nodePath.join(this.directory, name), 'utf8')) as Task);
      } catch (error) {
        throw new Error(`task file ${name} is damaged: ${(error as Error).message}`, { cause: error });
      }
    }
    return tasks.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  async get(id: string): Promise<Task | undefined> {
    try {
      return JSON.parse(await fs.readFile(this.file(id), 'utf8')) as Task;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async save(task: Task): Promise<void> {
    await fs.mkdir(this.directory, { recursive: true });
    const temporary = `${this.file(task.id)}.${process.pid}.tmp`;
    await fs.writeFile(temporary, JSON.stringify(task, null, 2), 'utf8');
    await fs.rename(temporary, this.file(task.id));
  }
}
