/**
 * D1: a delegate call whose task is one call the model could make itself runs as that call,
 * here: a quoted command as run_shell ("Run `X`", "What is the output of `X`?"), a file's content
 * as read_file ("What is the content of X?"). The read-only child cannot run anything, and what
 * the model meant is plain, so that runs: a rewritten call, validated, checked for repeats and
 * approved like any other. Only a task that is the request and its object; anything else goes to
 * the child.
 */
import type { Rule } from '../rules/rule';
import type { ToolCall } from '../model-types';
import type { ReadonlyWorkspace } from '../workspace-types';
import { workspacePaths } from '../facts/workspace-paths';

/** "Run 'X'", "Run `X` again to check …", "What is the output of `X`?". */
const commandAsked = [
  /^(?:please\s+)?(?:run|execute)\s+(['"`])([^'"`\n]{1,200})\1(?:\s+again)?(?:\s+to\s[^.?!\n]{0,80})?[.!]?$/i,
  /^what\s+(?:is|does)\s+(?:the\s+)?output\s+of\s+(['"`])([^'"`\n]{1,200})\1(?:\s+\w+){0,2}\s*\??$/i,
];
/** "What is the (current) content of X?", "What is in X?", "Show X", "Read X". */
const fileAsked = new RegExp(
  '^(?:what\\s+(?:is|are)\\s+(?:in|the\\s+(?:current\\s+)?(?:content|contents|text)\\s+of)|show(?:\\s+me)?|read)' +
    '\\s+(?:the\\s+file\\s+)?([\'"`]?)([\\w./-]{1,200}\\.\\w{1,8})\\1\\s*[?.]?$',
  'i',
);

/** The command a delegate task asks to run, or undefined. */
export function delegatedCommand(task: string): string | undefined {
  for (const pattern of commandAsked) {
    const command = pattern.exec(task.trim())?.[2]?.trim();
    if (command) return command;
  }
  return undefined;
}

/** The file a delegate task asks to see: the path, or the one file of that name (bounded search). */
export async function delegatedFile(task: string, workspace: ReadonlyWorkspace): Promise<string | undefined> {
  const named = fileAsked.exec(task.trim())?.[2]?.replace(/^\.\//, '');
  if (!named) return undefined;
  if ((await workspace.stat(named).catch(() => null))?.kind === 'file') return named;
  const files = (await workspacePaths(workspace).catch(() => undefined))?.files ?? [];
  const same = files.filter((path) => path === named || path.endsWith(`/${named}`));
  return same.length === 1 ? same[0] : undefined;
}

async function delegatedCall(task: string, workspace: ReadonlyWorkspace) {
  const command = delegatedCommand(task);
  if (command) return { call: { name: 'run_shell', arguments: { command } }, what: `\`${command}\` ran` };
  const path = await delegatedFile(task, workspace);
  if (path) return { call: { name: 'read_file', arguments: { path } }, what: `${path} was read` };
  return undefined;
}

export const delegatedCalls: Rule = {
  id: 'delegated-call',
  principle: 'A delegate task that is one call the model could make itself runs as that call, and says so.',
  layer: 'pack',
  decides: true,
  reads: ['tools', 'workspace'],
  priority: 170,
  async rewriteTool(call, { context, setup }) {
    // A call is rewritten only to a tool the session has (read-only: no run_shell).
    const has = (name: string) => setup.tools.some((tool) => tool.name === name);
    const task = (call.arguments as { task?: unknown } | undefined)?.task;
    if (call.name !== 'delegate' || !has('delegate') || typeof task !== 'string') return undefined;
    const instead = await delegatedCall(task, context.options.workspace);
    if (!instead || !has(instead.call.name)) return undefined;
    const tool = instead.call.name;
    return {
      call: instead.call as ToolCall,
      note:
        `a delegated child is not needed for this: ${instead.what} here, as ${tool} ` +
        `(call ${tool} yourself next time):`,
    };
  },
};
