/**
 * S4, W6: a session as one JSON file (a trajectory): settings, prompt sections, items, events,
 * memory, tasks and the workspace files. Import validates the shape and says exactly what is
 * wrong with a damaged or foreign file.
 */
import { Ajv } from '../harness/tools/ajv';
import type { HarnessEvent } from '../harness/events';
import type { Session } from '../harness/session';
import type { Task } from '../harness/tasks/task-types';

export const trajectoryFormat = 'harness-playground/session';
export const trajectoryVersion = 1;

export interface Trajectory {
  format: typeof trajectoryFormat;
  version: number;
  exportedAt: string;
  session: Session;
  events: HarnessEvent[];
  /** The prompt as it was last assembled, section by section (for study and replay). */
  prompt?: { name: string; text: string }[];
  tasks: Task[];
  files: Record<string, string>;
}

const item = {
  type: 'object',
  required: ['seq', 'at', 'kind', 'content'],
  properties: { seq: { type: 'integer', minimum: 0 }, at: { type: 'number' }, kind: { enum: ['user', 'assistant', 'tool', 'notice'] }, content: { type: 'string' } },
};
const validate = new Ajv({ allErrors: false, strict: false }).compile({
  type: 'object',
  required: ['format', 'version', 'session', 'events', 'tasks', 'files'],
  properties: {
    session: {
      type: 'object',
      required: ['id', 'createdAt', 'updatedAt', 'title', 'model', 'settings', 'memory', 'history', 'workspace'],
      properties: {
        id: { type: 'string', pattern: '^[\\w.-]{1,128}$' },
        history: { type: 'array', items: item },
        memory: { type: 'object', required: ['task', 'files', 'notes'], properties: { files: { type: 'array', items: { type: 'string' } }, notes: { type: 'array', items: { type: 'string' } } } },
      },
    },
    events: { type: 'array', items: { type: 'object', required: ['type'] } },
    tasks: { type: 'array', items: { type: 'object', required: ['id', 'subject', 'status', 'blockedBy'] } },
    files: { type: 'object', additionalProperties: { type: 'string' } },
  },
});

export function exportTrajectory(input: Omit<Trajectory, 'format' | 'version' | 'exportedAt'>, now = new Date()): string {
  const trajectory: Trajectory = { format: trajectoryFormat, version: trajectoryVersion, exportedAt: now.toISOString(), ...input };
  return JSON.stringify(trajectory, null, 1);
}

export type ImportResult = { ok: true; trajectory: Trajectory } | { ok: false; error: string };

export function importTrajectory(text: string): ImportResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // A file cut short (an interrupted download or copy) fails at its very end, or no longer
    // ends with its closing brace.
    const message = (error as Error).message;
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? Number.NaN);
    const torn = /Unexpected end|Unterminated|end of (JSON|data)/i.test(message) || position >= text.trimEnd().length - 1 || !/\}\s*$/.test(text);
    return { ok: false, error: torn ? 'The file is cut off (an incomplete download or copy?); nothing was imported.' : `The file is not JSON (${(error as Error).message}); nothing was imported.` };
  }
  const record = value as Partial<Trajectory> | null;
  if (!record || typeof record !== 'object' || record.format !== trajectoryFormat) {
    return { ok: false, error: 'This is not a Harness Playground session file (its "format" is missing or different); nothing was imported.' };
  }
  if (typeof record.version !== 'number' || record.version > trajectoryVersion) {
    return { ok: false, error: `This session file has version ${String(record.version)}, newer than this app understands (${trajectoryVersion}); update Harness Playground.` };
  }
  if (!validate(value)) {
    const [first] = validate.errors ?? [];
    return { ok: false, error: `The session file is damaged at ${first?.instancePath || '(top level)'}: ${first?.message ?? 'invalid'}; nothing was imported.` };
  }
  const history = record.session!.history;
  if (history.some((entry, index) => entry.seq !== index)) return { ok: false, error: 'The session file is damaged: its history items are out of order or missing; nothing was imported.' };
  return { ok: true, trajectory: value as Trajectory };
}
