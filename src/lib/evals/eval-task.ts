/**
 * O2: an eval task is data — a folder with `task.json` (the task text, a check command, tags and
 * optional limits or settings), `workspace/` (the starting files) and `reference.json` (a scripted
 * solution through the harness). Suites can come from anywhere, so every field is validated with
 * a message that names the task and the field.
 */
import { pathKey } from '../harness/context/path-key';
import { Ajv } from '../harness/tools/ajv';
import type { AgentSettings, Limits } from '../harness/settings';
import type { FileMap } from '../workspace/workspace-files';

export interface EvalTask {
  id: string;
  title: string;
  /** What the model is asked to do. */
  task: string;
  /** Run in the workspace after the run; the task passes when it exits 0. */
  check: string;
  tags: string[];
  /** The ladder (O2): 1 = one obvious step, 2 = a few steps, 3 = judgement over several files. */
  rung: Rung;
  /**
   * Workspace paths (a file, or a folder ending in "/") the model must not change: before the check
   * they get the task's own content back, recreated if deleted, so a run cannot pass by editing its tests.
   */
  protect: string[];
  /** Files the model never sees, written into the workspace only for the check (hidden assertions). */
  hidden: FileMap;
  /** Wrong solutions that must fail the check (same form as the reference). */
  shortcuts: { name: string; replies: string[] }[];
  /** Limits for this task (e.g. a step budget), over the run's own. */
  limits?: Partial<Limits>;
  /** Scenario settings: command rules, a done-check command. */
  settings?: Pick<Partial<AgentSettings>, 'shellRules' | 'verifyCommand' | 'toolProfile' | 'skillsFolder'>;
  files: FileMap;
  /** Replies that solve the task through the harness (text protocol). */
  reference: string[];
  /** O5: the family of tasks it is a variant of, and that family's split. */
  family?: string;
  split?: Split;
  /** Fields this version does not know, ignored (said, so a typo is seen; a newer suite still runs). */
  ignored?: string[];
}

/**
 * O5: tuning tasks are the only ones whose sessions may be read to change the harness; dev
 * chooses among changes by pass rate; test runs on a frozen configuration, its sessions unread.
 */
export const splits = ['tuning', 'dev', 'test'] as const;
export type Split = (typeof splits)[number];

const known = {
  top: ['id', 'title', 'task', 'check', 'tags', 'rung', 'family', 'split', 'protect', 'limits', 'settings'],
  limits: ['maxSteps', 'maxTokens', 'maxSeconds', 'maxFormatErrors', 'maxFailedSteps'],
  settings: ['shellRules', 'verifyCommand', 'toolProfile', 'skillsFolder'],
};

/** Keeps the known fields of an object; names the others. */
function pick(
  value: Record<string, unknown>,
  keys: string[],
  where: string,
  ignored: string[],
): Record<string, unknown> {
  for (const key of Object.keys(value)) if (!keys.includes(key)) ignored.push(`${where}${key}`);
  return Object.fromEntries(Object.entries(value).filter(([key]) => keys.includes(key)));
}

const schema = {
  type: 'object',
  required: ['id', 'title', 'task', 'check', 'tags'],
  properties: {
    // Safe as a file name part and in a run id (joined with "|").
    id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$' },
    title: { type: 'string', minLength: 1, maxLength: 200 },
    task: { type: 'string', minLength: 1, maxLength: 20_000 },
    check: { type: 'string', minLength: 1, maxLength: 4000 },
    tags: { type: 'array', items: { type: 'string', maxLength: 40 }, maxItems: 20 },
    rung: { enum: [1, 2, 3] },
    family: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,59}$' },
    split: { enum: splits },
    protect: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 300 }, maxItems: 100 },
    limits: {
      type: 'object',
      properties: {
        maxSteps: { type: 'integer', minimum: 0 },
        maxTokens: { type: 'integer', minimum: 0 },
        maxSeconds: { type: 'integer', minimum: 0 },
        maxFormatErrors: { type: 'integer', minimum: 0 },
        maxFailedSteps: { type: 'integer', minimum: 0 },
      },
    },
    settings: {
      type: 'object',
      properties: {
        shellRules: {
          type: 'object',
          required: ['allow', 'deny'],
          properties: {
            allow: { type: 'array', items: { type: 'string' } },
            deny: { type: 'array', items: { type: 'string' } },
          },
        },
        verifyCommand: { type: 'string', maxLength: 4000 },
        toolProfile: { enum: ['structured', 'core', 'bash-only'] },
        // P5: where the task's skills live (relative to its workspace; not a safety setting).
        skillsFolder: { type: 'string', maxLength: 200 },
      },
    },
  },
};
const validateSpec = new Ajv({ strict: false, allErrors: false }).compile(schema);

export class EvalTaskError extends Error {}

export type Rung = 1 | 2 | 3;
/** A task that says no rung is counted as judgement work (rung 3): suites written before the ladder still run. */
export const defaultRung: Rung = 3;

/** The parts of a task folder besides task.json, each optional. */
export interface TaskFolder {
  files: FileMap;
  reference?: unknown;
  hidden?: FileMap;
  /** `shortcuts/NAME.json`, by NAME. */
  shortcuts?: Record<string, unknown>;
}

function replies(name: string, file: string, value: unknown): string[] {
  const list = (value as { replies?: unknown } | undefined)?.replies;
  if (!Array.isArray(list) || list.some((reply) => typeof reply !== 'string'))
    throw new EvalTaskError(`eval task "${name}": ${file} must be {"replies": ["…", …]} (one string per model reply)`);
  return list as string[];
}

/** A protected path covers a task file when it names it, or names a folder ("test/") holding it. */
export function isProtected(protect: readonly string[], path: string): boolean {
  return protect.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));
}

/** Builds a task from its parts, or throws an EvalTaskError that says what is wrong and where. */
export function evalTask(name: string, spec: unknown, folder: TaskFolder): EvalTask {
  const { files } = folder;
  if (!validateSpec(spec)) {
    const [first] = validateSpec.errors ?? [];
    throw new EvalTaskError(
      `eval task "${name}": task.json is invalid at ` +
        `${first?.instancePath || '(top level)'}: ` +
        `${first?.message ?? 'invalid'}`,
    );
  }
  const reference = replies(name, 'reference.json', folder.reference);
  const shortcuts = Object.entries(folder.shortcuts ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([shortcut, value]) => ({ name: shortcut, replies: replies(name, `shortcuts/${shortcut}.json`, value) }));
  if (Object.keys(files).length === 0) throw new EvalTaskError(`eval task "${name}": workspace/ has no files`);
  // The id names the run, its session file and its line in results.jsonl: one that is not its
  // folder's name could be another folder's too, and the two would overwrite each other.
  const id = (spec as { id: string }).id;
  if (id !== name)
    throw new EvalTaskError(`eval task "${name}": task.json says id "${id}"; the id must be the folder's name`);
  const ignored: string[] = [];
  const fields = pick(spec as Record<string, unknown>, known.top, '', ignored);
  if (fields.limits) fields.limits = pick(fields.limits as Record<string, unknown>, known.limits, 'limits.', ignored);
  if (fields.settings)
    fields.settings = pick(fields.settings as Record<string, unknown>, known.settings, 'settings.', ignored);
  const protect = (fields.protect as string[] | undefined) ?? [];
  for (const entry of protect)
    if (!Object.keys(files).some((path) => isProtected([entry], path)))
      throw new EvalTaskError(
        `eval task "${name}": protect names "${entry}", which no file of workspace/ is or is under`,
      );
  // O2: a check sees what the model left. A hidden file in a workspace file's place
  // would put back a file the model deleted or changed (a deleted test replaced by the check's copy).
  for (const path of Object.keys(folder.hidden ?? {}))
    if (Object.keys(files).some((file) => pathKey(file) === pathKey(path)))
      throw new EvalTaskError(
        `eval task "${name}": hidden/${path} would replace workspace/${path}; hidden files go beside the workspace ` +
          '(e.g. hidden/check/), and the check compares them with what the model left',
      );
  return {
    ...(fields as unknown as Omit<EvalTask, 'files' | 'reference' | 'rung' | 'protect' | 'hidden' | 'shortcuts'>),
    rung: (fields.rung as Rung | undefined) ?? defaultRung,
    protect,
    hidden: folder.hidden ?? {},
    shortcuts,
    files,
    reference,
    ...(ignored.length ? { ignored } : {}),
  };
}
