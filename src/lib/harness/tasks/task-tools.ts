/** K2: the task tools, declared once like every other tool, over a TaskGraph. */
import type { AnyTool, ToolResult } from '../tools/tool-definition';
import { objectSchema, stringProperty } from '../tools/tool-definition';
import type { TaskGraph } from './task-graph';
import { TaskError, taskLine } from './task-graph';

async function attempt(work: () => Promise<string>): Promise<ToolResult> {
  try {
    return { ok: true, output: await work() };
  } catch (error) {
    if (error instanceof TaskError) return { ok: false, output: `error: ${error.message}` };
    return { ok: false, output: `error: the task store failed: ${(error as Error).message}` };
  }
}

const idSchema = objectSchema({ id: stringProperty('Task id, e.g. task-1.', { minLength: 1 }) }, ['id']);

/**
 * Reading the board is safe; changing it is a write (T4): the board persists across sessions, so
 * read-only sessions and delegated children do not get those tools, and approval applies.
 */
export function taskTools(graph: TaskGraph, owner: string): AnyTool[] {
  return [createTask(graph), ...readTasks(graph), ...moveTasks(graph, owner)];
}

function createTask(graph: TaskGraph): AnyTool {
  return {
    name: 'create_task',
    access: 'write',
    risky: true,
    description: 'Add a task to the persistent task board; blocked_by lists ids it waits for.',
    parameters: objectSchema(
      {
        subject: stringProperty('Short title.', { minLength: 1 }),
        description: stringProperty('What done means.', { default: '' }),
        blocked_by: {
          type: 'array',
          items: { type: 'string' },
          description: 'Ids of tasks that must be completed first.',
          default: [],
        },
      },
      ['subject'],
    ),
    example: { subject: 'Write tests for parse()', description: 'cover empty input', blocked_by: ['task-1'] },
    run: (args: { subject: string; description: string; blocked_by: string[] }) =>
      attempt(async () => {
        const task = await graph.create({
          subject: args.subject,
          description: args.description,
          blockedBy: args.blocked_by,
        });
        return `created ${taskLine(task).slice(2)}`;
      }),
  };
}

function readTasks(graph: TaskGraph): AnyTool[] {
  return [
    {
      name: 'list_tasks',
      access: 'read',
      risky: false,
      description: 'List every task with its status, owner and dependencies.',
      parameters: objectSchema({}, []),
      example: {},
      run: () => attempt(async () => (await graph.list()).map(taskLine).join('\n') || '(no tasks)'),
    },
    {
      name: 'get_task',
      access: 'read',
      risky: false,
      description: 'Show one task in full.',
      parameters: idSchema,
      example: { id: 'task-1' },
      run: (args: { id: string }) =>
        attempt(async () => {
          const task = await graph.get(args.id);
          return `${taskLine(task).slice(2)}\n${task.description || '(no description)'}`;
        }),
    },
  ];
}

/** Claim, complete, release: the board's changes, each a write the approval policy sees (T4). */
function moveTasks(graph: TaskGraph, owner: string): AnyTool[] {
  return [
    {
      name: 'claim_task',
      access: 'write',
      risky: true,
      description: 'Start a pending, unblocked task (it becomes yours, in progress).',
      parameters: idSchema,
      example: { id: 'task-1' },
      run: (args: { id: string }) =>
        attempt(async () => `claimed ${taskLine(await graph.claim(args.id, owner)).slice(2)}`),
    },
    {
      name: 'complete_task',
      access: 'write',
      risky: true,
      description: 'Mark a task completed; reports which tasks it unblocked.',
      parameters: idSchema,
      example: { id: 'task-1' },
      run: (args: { id: string }) =>
        attempt(async () => {
          const { task, unblocked } = await graph.complete(args.id);
          const freed = unblocked.map((other) => `${other.id} (${other.subject})`).join(', ');
          return `completed ${task.id}. ${unblocked.length ? `Unblocked: ${freed}` : 'Nothing was waiting for it.'}`;
        }),
    },
    {
      name: 'release_task',
      access: 'write',
      risky: true,
      description: 'Put an in-progress task back to pending (e.g. its owner crashed).',
      parameters: idSchema,
      example: { id: 'task-1' },
      run: (args: { id: string }) => attempt(async () => `released ${taskLine(await graph.release(args.id)).slice(2)}`),
    },
  ];
}
