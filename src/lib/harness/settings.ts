/** Per-session settings of the agent: protocol, tools, approval, limits. */
import type { ModelOptions } from './ports';

export type Protocol = 'native' | 'text';
export type ProtocolChoice = Protocol | 'auto';
export type ToolProfile = 'structured' | 'bash-only';
export type ApprovalPolicy = 'ask' | 'auto' | 'never';

/** L1: each limit is off when 0. */
export interface Limits {
  maxSteps: number;
  maxTokens: number;
  maxSeconds: number;
  maxFormatErrors: number;
}

export interface ShellRules {
  /** Commands matching one of these run without asking (glob-like: `*` matches anything). */
  allow: string[];
  /** Commands matching one of these are refused before anyone is asked. */
  deny: string[];
}

export interface AgentSettings {
  protocol: ProtocolChoice;
  toolProfile: ToolProfile;
  approval: ApprovalPolicy;
  readOnly: boolean;
  limits: Limits;
  shellRules: ShellRules;
  options: ModelOptions;
  /** D1: how deep delegation may nest (0 disables the delegate tool). */
  maxDepth: number;
  /** Per-session template overrides by section name (P4). */
  sectionOverrides: Record<string, string>;
  /** L3: a command that must pass before a final answer is accepted (e.g. the tests). */
  verifyCommand?: string;
  /** Context length to budget for, when the server's is unknown or overridden. */
  contextLength?: number;
}

export const defaultLimits: Limits = { maxSteps: 30, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 3 };

export function defaultSettings(overrides: Partial<AgentSettings> = {}): AgentSettings {
  return {
    protocol: 'auto',
    toolProfile: 'structured',
    approval: 'ask',
    readOnly: false,
    shellRules: { allow: [], deny: ['rm -rf /*', 'rm -rf /', 'sudo *', 'curl * | sh', 'wget * | sh'] },
    options: { numCtx: 8192, numPredict: 1024, temperature: 0.2 },
    maxDepth: 1,
    sectionOverrides: {},
    ...overrides,
    limits: { ...defaultLimits, ...(overrides.limits ?? {}) },
  };
}
