/**
 * P1 T1 (issue 32): the tools' examples, drawn from the run's workspace. The prompt's examples
 * used to tell one story (a binary_search.js with an off-by-one, a README.md that says how tests
 * run), and Qwen2.5-Coder-1.5B told it back: "off-by-one" in calls or answers in 53 of 99 recorded
 * rung-1 and rung-2 runs, the delegate example's task word for word in 33, a README.md read where
 * there was none. Here a path in an example is a file that is there, patch_file's old_text is a
 * line of that file, and a text the model must write itself (new_text, content, a note, the
 * answer) is said in words between angle brackets, which `placeholderArgument` refuses should it
 * come back as an argument.
 */
import type { AnyTool } from '../tools/tool-definition';
import type { ReadonlyWorkspace } from '../workspace-types';

/** Read first: code that is not a test, then any text that is not a manifest or a lock file. */
const codeFile = /\.(?:[cm]?[jt]sx?|py|go|rs|rb|java|svelte|vue|c|cc|cpp|h)$/i;
const testFile = /(?:^|\/)(?:tests?|__tests__|spec)\/|\.(?:test|spec)\.[^/]+$/i;
const manifest = /(?:^|\/)(?:package(?:-lock)?\.json|[\w.-]+\.lock|\.[^/]+)$/i;

/** The file an example names: the first of the listing's best kind, or undefined (no files). */
export function exampleFile(files: readonly string[]): string | undefined {
  const ranked = [
    (path: string) => codeFile.test(path) && !testFile.test(path),
    (path: string) => !manifest.test(path) && !testFile.test(path),
    (path: string) => !manifest.test(path),
    () => true,
  ];
  for (const fits of ranked) {
    const found = files.find(fits);
    if (found) return found;
  }
  return undefined;
}

/** A word to search for: the example file's name without its folder and extension. */
const stem = (path: string): string =>
  path
    .split('/')
    .pop()!
    .replace(/\.[^.]*$/, '') || path;

/** What the examples show of the workspace: a file, and a line of it patch_file's old_text may copy. */
export interface ExampleSource {
  file: string;
  line?: string;
}

/** Lines a patch rarely starts from: imports, comments, lone brackets. */
const unlikelyLine = /^(?:import\b|\/\/|\/\*|\*|#|[()[\]{};,]*$)/;

/**
 * A line of `text` for patch_file's example: the first that is code, 8–100 characters, and found
 * once in the file (old_text must be). Issue 32: shown only placeholders, Qwen2.5-Coder-1.5B gave
 * old_text from the task (`greet()`) or from the test output (`9 !== 5`); shown the old story's
 * `return -1;`, it had copied code lines. Bounded: the first 200 lines.
 */
export function exampleLine(text: string): string | undefined {
  return text
    .split('\n', 200)
    .map((line) => line.trim())
    .find(
      (line) => line.length >= 8 && line.length <= 100 && !unlikelyLine.test(line) && text.split(line).length === 2,
    );
}

/** The example's arguments pointed at the workspace's file (and line), where the tool has them. */
function pointedAt(tool: AnyTool, { file, line }: ExampleSource): Record<string, unknown> | undefined {
  const example = tool.example as Record<string, unknown>;
  switch (tool.name) {
    case 'read_file':
    case 'write_file':
      return { ...example, path: file };
    case 'patch_file':
      return { ...example, path: file, ...(line ? { old_text: line } : {}) };
    case 'search':
      // A name of one or two letters (a.json) would find everything: the tool's own pattern stays.
      return stem(file).length > 2 ? { ...example, pattern: stem(file) } : undefined;
    default:
      return undefined;
  }
}

/** Bytes of the example file read for its line: a larger file gives no line (placeholders stay). */
const readLimit = 20_000;

/**
 * The file and line the examples show, from the workspace as the run starts; undefined when the
 * listing is unknown (too many files) or empty. A file that cannot be read gives no line.
 */
export async function exampleSource(
  workspace: ReadonlyWorkspace,
  files: readonly string[] | undefined,
): Promise<ExampleSource | undefined> {
  const file = files ? exampleFile(files) : undefined;
  if (!file) return undefined;
  const stat = await workspace.stat(file).catch(() => null);
  const text = stat && stat.size <= readLimit ? await workspace.readFile(file).catch(() => '') : '';
  const line = exampleLine(text);
  return line ? { file, line } : { file };
}

/**
 * The tools with their examples pointed at the workspace's own file; unchanged without one.
 * Computed once a run, so the prefix stays stable (P2).
 */
export function withWorkspaceExamples(tools: readonly AnyTool[], source: ExampleSource | undefined): AnyTool[] {
  if (!source) return [...tools];
  return tools.map((tool) => {
    const example = pointedAt(tool, source);
    return example ? ({ ...tool, example } as AnyTool) : tool;
  });
}

const placeholder = /^<[^<>]+>$/;

/**
 * The name of an argument that is its example's placeholder word for word (`<the exact text in
 * the file>`), or undefined. A small model copies examples; such a call would write the words.
 */
export function placeholderArgument(tool: AnyTool, args: Record<string, unknown>): string | undefined {
  const example = tool.example as Record<string, unknown>;
  return Object.keys(args).find((key) => {
    const value = example[key];
    return typeof value === 'string' && placeholder.test(value) && String(args[key]).trim() === value;
  });
}
