/** Variables for the prompt templates, computed from real state only (P1, W4, W5). */
import type { RepoContext, WorkspaceDescription } from '../workspace-types';
import type { HarnessProfile, Protocol, ShellRules } from '../settings';
import type { AnyTool } from '../tools/tool-definition';
import { formatExample } from '../protocol/notices';
import { clip } from '../context/clip';
import { profileShape } from '../profile-shape';

/** The final answer the instructions show as an example (echoed-answer knows it when it comes back). */
export const exampleAnswer = 'Done: <what you changed, and how you checked it>';

export interface PromptState {
  protocol: Protocol;
  tools: AnyTool[];
  environment: WorkspaceDescription;
  repo: RepoContext;
  depth: number;
  /** Long-term memory file (S5), when the workspace has one. */
  memoryFile?: { path: string; text: string };
  /** Rendered task board lines (K), when there are tasks. */
  taskLines?: string[];
  /** T4: the command rules in force, so the prompt can say what they are (and are not). */
  rules?: ShellRules;
  /** O4: the harness profile, read through its shape (profile-shape.ts). */
  profile?: HarnessProfile;
  /** The workspace's files at the start of the run, when there are few enough to name (O4). */
  files?: string[];
  /** Characters kept of each project doc (C3: fewer when the window is tight). */
  docChars?: number;
  /** P5: the workspace's skills, by name and description only. */
  skills?: { name: string; description: string }[];
  /** T6: constrained replies begin with a short thought (protocol/think-first.ts). */
  thinkFirst?: boolean;
}

export const defaultDocChars = 1200;

/** O4: `read_file(path) — show a file`, the short form the small-model profile lists. */
function briefToolLine(tool: AnyTool): string {
  return `- ${tool.name}(${Object.keys(tool.parameters.properties).join(', ')}): ${tool.description}`;
}

function toolLine(tool: AnyTool): string {
  const fields = Object.entries(tool.parameters.properties)
    .map(([key, property]) => {
      const optional = !tool.parameters.required.includes(key);
      const fallback = property.default !== undefined ? `=${JSON.stringify(property.default)}` : optional ? '?' : '';
      return `${key}: ${property.type}${fallback}`;
    })
    .join(', ');
  return `- ${tool.name}(${fields}) [${tool.risky ? 'needs approval' : 'safe'}] ${tool.description}`;
}

/** The constrained protocol's two reply forms, with the thought first when the grammar asks for one. */
function envelopeForms(thinkFirst: boolean): string {
  // Not a sample sentence: Qwen2.5-Coder-1.5B began every thought with one ("The last result showed").
  const thought = thinkFirst ? '"thought":"…",' : '';
  return [
    `  {${thought}"action":"tool","name":"tool_name","args":{...}} to call a tool`,
    `  {${thought}"action":"final","final":"your answer"} when the work is done`,
    ...(thinkFirst ? ['  "thought" first: in one short sentence, what you know now and why this reply'] : []),
  ].join('\n');
}

/** What the environment has and lacks, and the notes that are true for it (W5). */
function environmentVariables(state: PromptState): Record<string, string> {
  const { environment } = state;
  const has = environment.has;
  const programs: [string, boolean][] = [
    ['node', has.node],
    ['npm', has.npm],
    ['git (binary)', has.git],
    ['network', has.network],
  ];
  const names = new Set(state.tools.map((tool) => tool.name));
  // W5: say how git works here only through what really exists (a binary, or the git tools).
  const gitNote = !has.git && names.has('git') ? ['There is no git binary: use the git and git_commit tools.'] : [];
  const ruleNote =
    state.rules && (state.rules.allow.length > 0 || state.rules.deny.length > 0) && names.has('run_shell')
      ? ['Command allow/deny rules apply to run_shell; they are a guard against mistakes, not a sandbox.']
      : [];
  const hostNote =
    !environment.sandboxed && names.has('run_shell')
      ? [
          'run_shell is not sandboxed here: commands run on the host machine ' +
            "with the user's rights and can reach files outside the workspace. " +
            'Stay inside the workspace.',
        ]
      : [];
  const listed = (present: boolean) =>
    programs
      .filter(([, has]) => has === present)
      .map(([name]) => name)
      .join(', ');
  return {
    backend: `${environment.backend} (${environment.label})`,
    os: environment.os,
    shell: environment.shell,
    persistence: environment.persistence,
    available: listed(true) || 'only the shell built-ins and its commands',
    unavailable: listed(false) || 'nothing notable',
    environment_notes: [...environment.notes, ...gitNote, ...hostNote, ...ruleNote]
      .map((line) => `\n- ${line}`)
      .join(''),
    workspace_kind: environment.sandboxed
      ? 'in a sandboxed workspace'
      : 'in a real directory on the host machine (not a sandbox)',
  };
}

/** The repository, its docs, memory, tasks and skills, as the prompt shows them. */
function repoVariables(state: PromptState): Record<string, string> {
  const { repo } = state;
  return {
    cwd: repo.cwd,
    repository: repo.repository ? repo.repoRoot : `none (${repo.note ?? 'no git repository'})`,
    branch: repo.branch || '-',
    default_branch: repo.defaultBranch || '-',
    status: clip(repo.status || 'clean', 1500),
    recent_commits: repo.recentCommits.map((line) => `- ${line}`).join('\n') || '- none',
    docs: repo.docs.map((doc) => `- ${doc.path}\n${clip(doc.text, state.docChars ?? defaultDocChars)}`).join('\n'),
    memory_file: state.memoryFile?.path ?? '',
    memory_file_text: clip(state.memoryFile?.text ?? '', 2000),
    task_list: (state.taskLines ?? []).join('\n'),
    skill_list: (state.skills ?? []).map((skill) => `- ${skill.name}: ${skill.description}`).join('\n'),
  };
}

export function promptVariables(state: PromptState): Record<string, string> {
  const names = new Set(state.tools.map((tool) => tool.name));
  return {
    agent_name: state.depth > 0 ? 'a read-only helper agent' : 'Harness Playground agent',
    identity_detail:
      state.depth > 0
        ? 'You investigate and report back to the agent that delegated to you; you cannot change files.'
        : 'You finish every task with a final answer.',
    tool_list: state.tools.map(profileShape(state.profile).briefToolLines ? briefToolLine : toolLine).join('\n'),
    file_list: state.files ? state.files.join(', ') || '(none yet)' : '(too many to list: use list_files)',
    // W5: rules name only tools this session has.
    multiline_rule: names.has('write_file')
      ? '- For write_file and patch_file with multi-line text, use the XML ' +
        'form:\n  <tool name="write_file" ' +
        'path="file.js"><content>...</content></tool>'
      : '- Put multi-line text in the JSON string with \\n for newlines.',
    envelope_forms: envelopeForms(state.thinkFirst === true),
    arguments_rule: names.has('patch_file')
      ? 'Required arguments must not be empty; read a file before patching it, and copy old_text exactly.'
      : 'Required arguments must not be empty.',
    examples: [
      ...state.tools.map((tool) => formatExample(tool, state.protocol)),
      state.protocol === 'constrained'
        ? JSON.stringify({ action: 'final', final: exampleAnswer })
        : `<final>${exampleAnswer}</final>`,
    ].join('\n'),
    ...environmentVariables(state),
    ...repoVariables(state),
  };
}
