/**
 * O4: the small-model profile's prompt — short, and with the workspace's files named up front so
 * the first step need not be a listing. Nothing here names or special-cases a task: it is the
 * same text for every task.
 *
 * No worked example: tried first, gemma3:270m copied it word for word (it wrote the example's
 * "blue" into the example's file instead of doing the task). The only call shown is one that is
 * harmless anywhere.
 */
import type { Protocol } from '../settings';
import type { SectionName } from './default-templates';

const reply: Record<Protocol, string> = {
  text: `Reply with exactly one tool call, like <tool>{"name":"list_files","args":{"path":"."}}</tool>
or, when the task is done, <final>what you did</final>`,
  constrained: 'Reply with one JSON object: a tool call, or the final answer when the task is done.',
  native: 'Call one tool at a time. When the task is done, reply in plain text with what you did.',
};

export function smallTemplates(protocol: Protocol): Partial<Record<SectionName, string>> {
  return {
    identity: 'You are a coding agent. You change files and run commands {{workspace_kind}} through tools.',
    rules: `${reply[protocol]}
Do the task with the tools before you answer. Never repeat the same call.`,
    tools: 'Tools:\n{{tool_list}}',
    environment: 'Files: {{file_list}}\nAvailable: {{available}}',
  };
}
