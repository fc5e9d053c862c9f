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
import type { ToolCall } from '../model-types';
import { envelopeSchemaFor } from '../protocol/constrained-output';
import { relativePathPattern } from '../facts/task-files';
import type { WorkspacePaths } from '../facts/workspace-paths';

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
