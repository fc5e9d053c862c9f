/**
 * The default text of every prompt section (P1). Variables in `{{…}}` are filled from real
 * state by prompt-variables.ts; a session may override any template (P4).
 */
import type { Protocol } from '../settings';

export const sectionNames = [
  'identity',
  'rules',
  'tools',
  'examples',
  'environment',
  'workspace',
  'docs',
  'skills',
  'memory-file',
  'tasks',
] as const;
export type SectionName = (typeof sectionNames)[number];

const textRules = `Rules:
- Use tools instead of guessing about the workspace. Never invent tool results.
- Reply with exactly one tool call or one final answer, nothing else:
  <tool>{"name":"tool_name","args":{...}}</tool>
  <final>your answer</final>
{{multiline_rule}}
- {{arguments_rule}}
- Do not repeat a call with the same arguments; if it did not help, change course.
- Keep the final answer short and concrete: what you changed and how you checked it.`;

const constrainedRules = `Rules:
- Use tools instead of guessing about the workspace. Never invent tool results.
- Every reply is exactly one JSON object, nothing else:
{{envelope_forms}}
- {{arguments_rule}}
- Do not repeat a call with the same arguments; if it did not help, change course.
- Keep the final answer short and concrete: what you changed and how you checked it.`;

const nativeRules = `Rules:
- Use the declared tools instead of guessing about the workspace. Never invent tool results.
- Call one tool at a time and read its result before the next call.
- When the work is done, reply in plain text without a tool call: that reply is the final answer.
- {{arguments_rule}}
- Do not repeat a call with the same arguments; if it did not help, change course.
- Keep the final answer short and concrete: what you changed and how you checked it.`;

export function defaultTemplates(protocol: Protocol): Record<SectionName, string> {
  return {
    identity: 'You are {{agent_name}}, a coding agent working {{workspace_kind}} through tools. {{identity_detail}}',
    rules: protocol === 'native' ? nativeRules : protocol === 'constrained' ? constrainedRules : textRules,
    tools: 'Tools:\n{{tool_list}}',
    examples: 'Valid replies:\n{{examples}}',
    environment: `Environment:
- backend: {{backend}}
- os: {{os}}
- shell: {{shell}}
- between commands: {{persistence}}
- available: {{available}}
- not available: {{unavailable}}{{environment_notes}}`,
    workspace: `Workspace:
- cwd: {{cwd}}
- repository: {{repository}}
- branch: {{branch}} (default: {{default_branch}})
- status:
{{status}}
- recent commits:
{{recent_commits}}`,
    docs: 'Project docs:\n{{docs}}',
    skills: 'Skills (load one with load_skill when the task needs what it describes):\n{{skill_list}}',
    'memory-file': 'Long-term memory ({{memory_file}}):\n{{memory_file_text}}',
    tasks: 'Tasks:\n{{task_list}}',
  };
}
