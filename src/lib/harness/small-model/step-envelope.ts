/**
 * O4: the small-model profile's constrained output, made afresh for every reply. Ollama turns the
 * schema into a grammar, so what it leaves out the model cannot say:
 * - a path to read or list is one that exists (a small model invents paths);
 * - a file read or a folder listed since the files last changed is not offered again (it would
 *   show nothing new; small models alternate two reads to the step limit), and a write or a
 *   command sits out the reply after it (a grammar cannot
 *   say "any command but this one"; without this, a small model repeats a refused call to the
 *   step limit);
 * - a path to write is a file that exists or one the task names (small models write to
 *   /home/someone/..., or to the file they just read), and a command starts with a program the
 *   backend has (small models "run" the task's words: `water the plants`);
 * - a final answer is offered only once a tool call has worked (an answer with nothing done is
 *   prose, not a result).
 */
import type { AnyTool } from '../tools/tool-definition';
import type { ReadonlyWorkspace } from '../workspace-types';
import type { ToolCall } from '../model-types';
import { envelopeSchemaFor } from '../protocol/constrained-output';
import { ignoredNames } from '../tools/path-checks';

export interface WorkspacePaths {
  files: string[];
  /** Folders, with "." for the root. */
  folders: string[];
}

/** More paths than this and the grammar would cost more than it helps: paths are left free. */
export const pathChoiceLimit = 200;

/** The workspace's files and folders, or undefined when there are more than `limit`. */
export async function workspacePaths(
  workspace: ReadonlyWorkspace,
  limit = pathChoiceLimit,
): Promise<WorkspacePaths | undefined> {
  const paths: WorkspacePaths = { files: [], folders: ['.'] };
  const queue = ['.'];
  while (queue.length > 0) {
    const folder = queue.shift()!;
    for (const entry of await workspace.readdir(folder)) {
      if (ignoredNames.has(entry.name)) continue;
      const path = folder === '.' ? entry.name : `${folder}/${entry.name}`;
      if (entry.kind === 'directory') {
        paths.folders.push(path);
        queue.push(path);
      } else if (entry.kind === 'file') paths.files.push(path);
      if (paths.files.length + paths.folders.length > limit) return undefined;
    }
  }
  return paths;
}

export interface StepChoices {
  paths?: WorkspacePaths;
  /** Paths the user's task names (a file to create is often one of them). */
  named?: readonly string[];
  /** Programs a command may start with. */
  programs?: readonly string[];
  /** The previous call: its tool sits out the next reply when its arguments are free text. */
  last?: ToolCall;
  /** Files read and folders listed since the files last changed: reading them again shows nothing new. */
  seen?: { read: ReadonlySet<string>; listed: ReadonlySet<string> };
  allowFinal: boolean;
}

/** The path a read or list call named ("." when a listing named none), as the choices spell it. */
export function calledPath(call: ToolCall): string | undefined {
  const path = (call.arguments as Record<string, unknown> | undefined)?.path;
  if (typeof path === 'string') return path.replace(/^\.\/(?=.)/, '').replace(/\/+$/, '') || '.';
  return call.name === 'list_files' ? '.' : undefined;
}

/** `tool` with its path argument limited to `choices`, or undefined when no choice is left. */
function withPaths(tool: AnyTool, choices: string[], excluded: ReadonlySet<string>): AnyTool | undefined {
  const left = choices.filter((path) => !excluded.has(path));
  if (left.length === 0) return undefined;
  const path = tool.parameters.properties.path!;
  return {
    ...tool,
    parameters: {
      ...tool.parameters,
      properties: { ...tool.parameters.properties, path: { ...path, enum: left } },
      required: [...new Set([...tool.parameters.required, 'path'])],
    },
  } as AnyTool;
}

/** A workspace-relative path of plain names: no leading "/", "~" or "..", no spaces. */
export const relativePathPattern = '^[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$';

/** `tool` with one of its string arguments narrowed (an enum or a pattern). */
function narrowed(tool: AnyTool, key: string, narrowing: { enum: string[] } | { pattern: string }): AnyTool {
  const property = tool.parameters.properties[key];
  if (!property) return tool;
  return {
    ...tool,
    parameters: {
      ...tool.parameters,
      properties: { ...tool.parameters.properties, [key]: { ...property, ...narrowing } },
    },
  } as AnyTool;
}

/**
 * Workspace paths the task's text names ("write it into ANSWER.txt", "fix src/a.js"): words
 * with an extension or a folder, in the plain relative form a grammar allows.
 */
const relativePath = new RegExp(relativePathPattern);

export function namedPaths(task: string): string[] {
  const words = task.match(/[A-Za-z0-9_][A-Za-z0-9_./-]*/g) ?? [];
  const paths = words
    .map((word) => word.replace(/[.]+$/, ''))
    .filter((word) => /\.[A-Za-z0-9]{1,8}$/.test(word) || word.includes('/'))
    .filter((word) => relativePath.test(word) && !/^\d+(\.\d+)+$/.test(word));
  return [...new Set(paths)];
}

/** Programs a small model may start a command with: ones every backend here has, and the ones it says it has. */
export function commonPrograms(has: { node: boolean; npm: boolean; git: boolean }): string[] {
  const shell = ['ls', 'cat', 'head', 'tail', 'wc', 'grep', 'echo', 'printf', 'rm', 'cp', 'mv', 'mkdir', 'touch'];
  return [
    ...shell,
    'sed',
    'sort',
    'find',
    'test',
    'diff',
    ...(has.node ? ['node'] : []),
    ...(has.npm ? ['npm'] : []),
    ...(has.git ? ['git'] : []),
  ];
}

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function stepEnvelope(tools: readonly AnyTool[], choices: StepChoices): Record<string, unknown> {
  const { paths, last } = choices;
  const none = new Set<string>();
  const offered = tools.flatMap((tool) => {
    if (paths && tool.name === 'read_file') return withPaths(tool, paths.files, choices.seen?.read ?? none) ?? [];
    if (paths && tool.name === 'list_files') return withPaths(tool, paths.folders, choices.seen?.listed ?? none) ?? [];
    if (last?.name === tool.name) return [];
    if (tool.name === 'run_shell' && choices.programs?.length)
      // Not `.*`: in Ollama's grammar a dot also matches the closing quote, and the reply runs on
      // past the JSON string to the output limit. Single quotes serve the shell instead.
      return [narrowed(tool, 'command', { pattern: `^(${choices.programs.map(escaped).join('|')})( [^"\\\\]*)?$` })];
    // A file to write is one that exists or one the task names; with neither (or with too many
    // files to list), any plain relative path.
    const writable = [...new Set([...(paths?.files ?? []), ...(choices.named ?? [])])].sort();
    if (tool.name === 'write_file' && paths && writable.length > 0) return [narrowed(tool, 'path', { enum: writable })];
    // A patch changes a file that is there.
    if (tool.name === 'patch_file' && paths && paths.files.length > 0)
      return [narrowed(tool, 'path', { enum: [...paths.files].sort() })];
    return [narrowed(tool, 'path', { pattern: relativePathPattern })];
  });
  // With nothing left to call, the answer is always offered: a grammar with no alternative is no reply at all.
  return envelopeSchemaFor(offered, { final: choices.allowFinal || offered.length === 0 });
}
