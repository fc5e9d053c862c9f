/**
 * O4: the small-model profile's tools. A model under about 1B parameters does better with a few
 * tools it can tell apart than with eight it confuses, and every declaration costs prompt tokens
 * on a 4k window: so list, read, patch, write and run, each with a few words and only the
 * arguments it needs. patch_file came in after the rung-2 sweeps on Qwen2.5-Coder-1.5B: with
 * write_file alone, a one-line fix meant writing the whole file back, and it dropped lines
 * (`export`, the function around a JSX span) or wrote the file back unchanged. The tools
 * themselves are the ordinary ones (same checks, same approval).
 */
import type { AnyTool, ArgumentSchema } from './tool-definition';

/** Tool name → the short description the profile gives it, in the order the prompt lists them. */
const brief: Record<string, string> = {
  list_files: 'list a folder',
  read_file: 'show a file',
  patch_file: 'change part of a file: old_text, copied exactly from it, becomes new_text',
  write_file: 'create a file, or replace one with the whole new content',
  run_shell: 'run a shell command',
};

export const smallToolNames: readonly string[] = Object.keys(brief);

/** Only the required arguments: an optional one is a choice the model does not need to make. */
function requiredOnly(schema: ArgumentSchema, keep: readonly string[]): ArgumentSchema {
  const names = new Set([...schema.required, ...keep]);
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(schema.properties).filter(([key]) => names.has(key))),
  };
}

/** The profile's subset of `tools`, slimmed; tools it does not know are dropped. */
export function smallTools(tools: readonly AnyTool[]): AnyTool[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return smallToolNames.flatMap((name) => {
    const tool = byName.get(name);
    if (!tool) return [];
    // list_files keeps its folder argument: without it, the model could only ever list the root.
    const parameters = requiredOnly(tool.parameters, name === 'list_files' ? ['path'] : []);
    const example = Object.fromEntries(
      Object.entries(tool.example as Record<string, unknown>).filter(([key]) => key in parameters.properties),
    );
    return [{ ...tool, description: brief[name]!, parameters, example } as AnyTool];
  });
}
