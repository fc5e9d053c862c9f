/**
 * P1 T1: the tools' examples, drawn from the run's workspace. Examples that tell a story (a file
 * with a bug, a README that says how tests run) are told back by small models, as calls and
 * answers about files that are not there. Here a path in an example is a file that is there, and
 * a text the model must write itself (old_text, new_text, content, a note, the answer) is said in
 * words between angle brackets, which `placeholderArgument` refuses should it come back as an
 * argument.
 */
import type { AnyTool } from './tool-definition';

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

/** The example's arguments pointed at the workspace's file, where the tool has them. */
function pointedAt(tool: AnyTool, file: string): Record<string, unknown> | undefined {
  const example = tool.example as Record<string, unknown>;
  switch (tool.name) {
    case 'read_file':
    case 'write_file':
    case 'patch_file':
      return { ...example, path: file };
    case 'search': {
      // A name of one or two letters (`a.c`) would find everything: the tool's own pattern stays.
      const pattern = stem(file);
      return pattern.length > 2 ? { ...example, pattern } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The tools with their examples pointed at the workspace's own files; unchanged when the listing
 * is unknown (too many files) or empty. Computed once a run, so the prefix stays stable (P2).
 * patch_file's old_text stays a placeholder: a real line of a file as the example is patched as
 * such, whatever the task (round four's diary: `git show a55e05b:docs/measurements.md`).
 */
export function withWorkspaceExamples(tools: readonly AnyTool[], files: readonly string[] | undefined): AnyTool[] {
  const file = files ? exampleFile(files) : undefined;
  if (!file) return [...tools];
  return tools.map((tool) => {
    const example = pointedAt(tool, file);
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

/** Arguments that are the text itself: a file's content, a patch's new text. */
const textArguments = ['content', 'new_text'];
/**
 * A description of a text in angle brackets where the text should be (`<the output of the
 * command>`): words from "the", "a", "your" … to the closing bracket, no `=` (a tag's attribute)
 * and no other bracket — a placeholder of the model's own making, which `placeholderArgument` does
 * not know.
 */
const description = /^<(?:the|a|an|your|some|insert|put|paste|write|replace)\s[^<>=]*>$/i;

/** The name of a text argument that is a description in angle brackets, or undefined. */
export function describedArgument(args: Record<string, unknown>): string | undefined {
  return textArguments.find((key) => typeof args[key] === 'string' && description.test(String(args[key]).trim()));
}
