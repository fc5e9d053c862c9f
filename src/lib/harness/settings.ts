/** Per-session settings of the agent: protocol, tools, approval, limits. */
import type { Hooks } from './hook-types';
import type { ModelOptions } from './model-types';

/**
 * T6: native tool calls; the text protocol (`<tool>…</tool>`, `<final>…</final>`); or the text
 * protocol's JSON envelope with constrained output (Ollama `format`) from the first reply on.
 */
export type Protocol = 'native' | 'text' | 'constrained';
export type ProtocolChoice = Protocol | 'auto';
/**
 * T2: `structured` offers every tool; `core` only the six coding tools (list, read, search, run,
 * write, patch; load_skill when there are skills) — no delegate, note or task tools, which
 * Qwen2.5-Coder-1.5B called with the prompt's example arguments instead of doing the task;
 * `bash-only` offers run_shell alone.
 */
export type ToolProfile = 'structured' | 'core' | 'bash-only';
export const toolProfiles: readonly ToolProfile[] = ['structured', 'core', 'bash-only'];
export type ApprovalPolicy = 'ask' | 'auto' | 'never';
/**
 * O4: `small` is the harness for models under about 1B parameters: five short tools, a short
 * prompt with one worked example, a per-reply grammar naming only real paths and leaving out the
 * call just made, and no final answer accepted before a tool call has worked.
 */
export type HarnessProfile = 'default' | 'small';
export const harnessProfiles: readonly HarnessProfile[] = ['default', 'small'];

/** L1: each limit is off when 0. */
export interface Limits {
  maxSteps: number;
  maxTokens: number;
  maxSeconds: number;
  /** Unparseable replies in a row (only those: a refused or failed tool call is a result). */
  maxFormatErrors: number;
  /** Steps in a row whose every tool call failed; a separate guard, off by default. */
  maxFailedSteps: number;
}

export interface ShellRules {
  /**
   * Commands matching one of these run without asking (`*` matches anything). A command with a
   * substitution, a redirection to a file, eval/source or a nested shell is never auto-allowed.
   */
  allow: string[];
  /** Commands (at any depth: `sh -c`, `$(…)`, `env X=1 …`) matching one of these are refused. */
  deny: string[];
}

export interface AgentSettings {
  protocol: ProtocolChoice;
  profile: HarnessProfile;
  /**
   * T6: run a call a small model wrote in the text (fenced JSON, `<tool_call>`, arguments beside
   * the name) as that call. On unless set to false: the choice is measured.
   */
  recoverCalls?: boolean;
  /**
   * O4: show the files the task names (at most 3, each cut) with it, as read_file would, before
   * the first request — the small profile always does. Off unless set: it is measured.
   */
  showNamedFiles?: boolean;
  /**
   * T6: in the constrained protocol, every reply begins with a short "thought" (the grammar
   * requires it) before its action. Off unless set: it is measured.
   */
  thinkFirst?: boolean;
  /**
   * O5: the pack of rules the harness adds around the model (rule-packs.ts): `default`, `small`,
   * `bare` (the loop with no heuristic rule) or another pack by name. Unset: the profile's own.
   */
  pack?: string;
  toolProfile: ToolProfile;
  approval: ApprovalPolicy;
  readOnly: boolean;
  limits: Limits;
  shellRules: ShellRules;
  /** `contextWindow` unset: the model's context length, capped at `contextCap` (C3). */
  options: ModelOptions;
  /** The largest context window chosen automatically (a user-set contextWindow is not capped). */
  contextCap: number;
  /** D1: how deep delegation may nest (0 disables the delegate tool; at most maxDelegationDepth). */
  maxDepth: number;
  /** Per-session template overrides by section name (P4). */
  sectionOverrides: Record<string, string>;
  /** L3: a command that must pass before a final answer is accepted (e.g. the tests). */
  verifyCommand?: string;
  /** Context length to budget for when the server does not report one. */
  contextLength?: number;
  /** T8: commands attached to the loop (before a tool, after it, on a final answer); trusted only (T7). */
  hooks?: Hooks;
  /** P5: the folder of skills (`<name>/SKILL.md`), relative to the workspace; default `.harness/skills`. */
  skillsFolder?: string;
}

export const defaultLimits: Limits = {
  maxSteps: 30,
  maxTokens: 0,
  maxSeconds: 0,
  maxFormatErrors: 3,
  maxFailedSteps: 0,
};
export const defaultContextCap = 8192;
export const maxDelegationDepth = 3;

/** A guard against mistakes, not a sandbox: see README "Approval and command rules". */
export const defaultDenyRules = [
  'rm -rf /',
  'rm -rf /*',
  'rm -rf ~',
  'rm -rf ~/*',
  'rm -rf $HOME',
  'rm -rf $HOME/*',
  'sudo *',
  'curl * | sh',
  'curl * | sh *',
  'curl * | bash',
  'curl * | bash *',
  'wget * | sh',
  'wget * | sh *',
  'wget * | bash',
  'wget * | bash *',
  'find / -delete',
  'find / * -delete',
  'mkfs*',
  'dd * of=/dev/*',
];

export function defaultSettings(overrides: Partial<AgentSettings> = {}): AgentSettings {
  return {
    protocol: 'auto',
    profile: 'default',
    toolProfile: 'structured',
    approval: 'ask',
    readOnly: false,
    shellRules: { allow: [], deny: [...defaultDenyRules] },
    options: { outputLimit: 1024, temperature: 0.2 },
    contextCap: defaultContextCap,
    maxDepth: 1,
    sectionOverrides: {},
    ...overrides,
    limits: { ...defaultLimits, ...(overrides.limits ?? {}) },
  };
}

/** T7: the settings that gate safety. They never come from a stored, imported or linked artefact. */
export const safetySettingKeys = ['approval', 'readOnly', 'shellRules', 'verifyCommand', 'maxDepth', 'hooks'] as const;

/**
 * T7: `stored` (a session file, an import) may bring its protocol, limits and model options; every
 * setting that gates safety comes from `trusted` (the command line or the page's own settings):
 * approval, read-only, shell rules, the verify command, delegation depth, hooks and the skills folder.
 * Not on the list, by decision: `showNamedFiles` (it shows only workspace files the task names,
 * which read_file, a safe tool, would show anyway), `recoverCalls` and `thinkFirst` (a sentence the
 * model writes before its call), and `pack` (the heuristic rules: they refuse, send back or add
 * lines, never let through what the gate would stop; T9's gate is not in any pack).
 */
export function withTrustedSafety(stored: AgentSettings, trusted: AgentSettings): AgentSettings {
  const merged: AgentSettings = {
    ...defaultSettings(),
    ...stored,
    limits: { ...defaultLimits, ...stored.limits },
    shellRules: trusted.shellRules,
    approval: trusted.approval,
    readOnly: trusted.readOnly,
    maxDepth: trusted.maxDepth,
  };
  if (trusted.verifyCommand) merged.verifyCommand = trusted.verifyCommand;
  else delete merged.verifyCommand;
  // T8: hooks run commands; only the user's own settings may attach them.
  if (trusted.hooks && Object.keys(trusted.hooks).length) merged.hooks = trusted.hooks;
  else delete merged.hooks;
  // P5: the skills folder chooses which files enter the prompt and load_skill's answers.
  if (trusted.skillsFolder) merged.skillsFolder = trusted.skillsFolder;
  else delete merged.skillsFolder;
  return merged;
}
