/**
 * S4, W6: a session as one JSON file (a trajectory): settings, prompt sections, items, events,
 * memory, tasks and the workspace files. Import validates the shape and says exactly what is
 * wrong with a damaged or foreign file.
 */
import { upgradeEvent, upgradeSession } from '../harness/model-options';
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
  /** Earlier workspace snapshots, keyed by history items, so replay shows each step's files (U3). */
  snapshots?: { step: number; files: Record<string, string> }[];
}

const text = (maxLength = 2_000_000) => ({ type: 'string', maxLength });
const id = { type: 'string', pattern: '^[\\w.-]{1,128}$' };
const edited = { type: 'object', required: ['original'], properties: { original: text() } };
const itemBase = { seq: { type: 'integer', minimum: 0 }, at: { type: 'number' }, edited };
const item = {
  type: 'object',
  required: ['seq', 'at', 'kind', 'content'],
  discriminator: { propertyName: 'kind' },
  oneOf: [
    { properties: { ...itemBase, kind: { const: 'user' }, content: text() } },
    {
      properties: {
        ...itemBase,
        kind: { const: 'assistant' },
        content: text(),
        toolCalls: {
          type: 'array',
          maxItems: 1000,
          items: { type: 'object', required: ['name'], properties: { name: text(1000) } },
        },
      },
    },
    {
      required: ['name', 'args', 'ok'],
      properties: {
        ...itemBase,
        kind: { const: 'tool' },
        content: text(),
        name: text(1000),
        args: { type: 'object' },
        ok: { type: 'boolean' },
        childSessionId: id,
      },
    },
    {
      required: ['reason'],
      properties: { ...itemBase, kind: { const: 'notice' }, content: text(), reason: text(200) },
    },
  ],
};
const fileMap = { type: 'object', maxProperties: 10_000, additionalProperties: text(8 * 1024 * 1024) };
const stringList = { type: 'array', maxItems: 1000, items: text(10_000) };
const schema = {
  type: 'object',
  required: ['format', 'version', 'session', 'events', 'tasks', 'files'],
  properties: {
    exportedAt: { type: 'string' },
    session: {
      type: 'object',
      required: ['id', 'createdAt', 'updatedAt', 'title', 'model', 'settings', 'memory', 'history', 'workspace'],
      properties: {
        id,
        parentId: id,
        forkOf: {
          type: 'object',
          required: ['sessionId', 'step'],
          properties: { sessionId: id, step: { type: 'integer', minimum: 0 } },
        },
        createdAt: { type: 'number' },
        updatedAt: { type: 'number' },
        notes: {
          type: 'array',
          maxItems: 10_000,
          items: {
            type: 'object',
            required: ['step', 'slot', 'text'],
            properties: { step: { type: 'integer', minimum: 1 }, slot: text(100), text: text(20_000) },
          },
        },
        title: text(1000),
        model: text(500),
        server: text(200),
        workspace: {
          type: 'object',
          required: ['backend', 'label'],
          properties: { backend: text(200), label: text(1000), id: text(200) },
        },
        settings: {
          type: 'object',
          properties: { sectionOverrides: { type: 'object', additionalProperties: text(100_000) } },
        },
        memory: {
          type: 'object',
          required: ['task', 'files', 'notes'],
          properties: { task: text(100_000), files: stringList, notes: stringList },
        },
        history: { type: 'array', maxItems: 100_000, items: item },
      },
    },
    events: {
      type: 'array',
      maxItems: 500_000,
      items: {
        type: 'object',
        required: ['type'],
        properties: { type: text(64), at: { type: 'number' }, step: { type: 'integer' } },
      },
    },
    prompt: {
      type: 'array',
      items: { type: 'object', required: ['name', 'text'], properties: { name: text(100), text: text() } },
    },
    tasks: {
      type: 'array',
      maxItems: 10_000,
      items: {
        type: 'object',
        required: ['id', 'subject', 'status', 'blockedBy'],
        properties: {
          id: text(200),
          subject: text(10_000),
          status: { enum: ['pending', 'in_progress', 'completed'] },
          blockedBy: stringList,
        },
      },
    },
    files: fileMap,
    snapshots: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        required: ['step', 'files'],
        properties: { step: { type: 'integer', minimum: 0 }, files: fileMap },
      },
    },
  },
};
const validate = new Ajv({ allErrors: false, strict: false, discriminator: true }).compile(schema);

/** A file key must be a plain relative path: a `../` or absolute key would write outside the workspace. */
function badFileKey(files: Record<string, string>): string | undefined {
  return Object.keys(files).find(
    (key) =>
      !key ||
      key.length > 1024 ||
      key.includes('\0') ||
      key.startsWith('/') ||
      key.startsWith('~') ||
      /^[a-zA-Z]:/.test(key) ||
      key.split(/[\\/]/).some((part) => part === '..'),
  );
}

export function exportTrajectory(
  input: Omit<Trajectory, 'format' | 'version' | 'exportedAt'>,
  now = new Date(),
): string {
  const trajectory: Trajectory = {
    format: trajectoryFormat,
    version: trajectoryVersion,
    exportedAt: now.toISOString(),
    ...input,
  };
  return JSON.stringify(trajectory, null, 1);
}

export type ImportResult = { ok: true; trajectory: Trajectory } | { ok: false; error: string };

export function importTrajectory(text: string): ImportResult {
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  const record = parsed.value as Partial<Trajectory> | null;
  if (!record || typeof record !== 'object' || record.format !== trajectoryFormat) {
    return {
      ok: false,
      error:
        'This is not a Harness Playground session file (its "format" is missing or different); nothing was imported.',
    };
  }
  if (typeof record.version !== 'number' || record.version > trajectoryVersion) {
    return {
      ok: false,
      error:
        `This session file has version ${String(record.version)}, newer than ` +
        `this app understands (${trajectoryVersion}); update Harness ` +
        `Playground.`,
    };
  }
  const damage = damageOf(record);
  if (damage) return { ok: false, error: `The session file is damaged${damage}; nothing was imported.` };
  const trajectory = record as Trajectory;
  // Files written before the model port's own names open as they did.
  return {
    ok: true,
    trajectory: {
      ...trajectory,
      session: upgradeSession(trajectory.session),
      events: trajectory.events.map(upgradeEvent),
    },
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // A file cut short (an interrupted download or copy) fails at its very end, or no longer
    // ends with its closing brace.
    const message = (error as Error).message;
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? Number.NaN);
    const torn =
      /Unexpected end|Unterminated|end of (JSON|data)/i.test(message) ||
      position >= text.trimEnd().length - 1 ||
      !/\}\s*$/.test(text);
    return {
      ok: false,
      error: torn
        ? 'The file is cut off (an incomplete download or copy?); nothing was imported.'
        : `The file is not JSON (${message}); nothing was imported.`,
    };
  }
}

/** Where a file of the right format and version breaks its schema or its invariants (" at /files/x: …"). */
function damageOf(record: Partial<Trajectory>): string | undefined {
  if (!validate(record)) {
    const [first] = validate.errors ?? [];
    return ` at ${first?.instancePath || '(top level)'}: ${first?.message ?? 'invalid'}`;
  }
  const outside = 'a file path must stay inside the workspace';
  const key = badFileKey(record.files as Record<string, string>);
  if (key !== undefined) return ` at /files/${key}: ${outside}`;
  for (const [index, snapshot] of (record.snapshots ?? []).entries()) {
    const bad = badFileKey(snapshot.files);
    if (bad !== undefined) return ` at /snapshots/${index}/files/${bad}: ${outside}`;
  }
  if (record.session!.history.some((entry, index) => entry.seq !== index))
    return ': its history items are out of order or missing';
  return undefined;
}
