/**
 * What the person chose in Settings (U1), with defaults, and the URL parameters that preset a
 * session for shareable demos and tests: host, model, workspace, sample, protocol, approval.
 * T7: a link may preset a session, but one that lowers safety or changes the server is only a
 * proposal the person confirms.
 */
import { upgradeModelOptions } from '../harness/model-options';
import type { ApiKey } from './api-key';
import type { RetryPolicy } from '../harness/recovery/retry-policy';
import { defaultRetryPolicy } from '../harness/recovery/retry-policy';
import { sameServer } from './api-key';
import type { Hooks } from '../harness/hook-types';
import { packNames } from '../harness/pack-lists';
import type {
  AgentSettings,
  ApprovalPolicy,
  Limits,
  ProtocolChoice,
  ShellRules,
  HarnessProfile,
  ToolProfile,
} from '../harness/settings';
import {
  harnessProfiles,
  defaultContextCap,
  defaultDenyRules,
  defaultLimits,
  defaultSettings,
  withTrustedSafety,
} from '../harness/settings';
import type { Session } from '../harness/session';
import type { ModelOptions } from '../harness/model-types';
import type { ServerKind } from '../model/server-client';
import { serverKinds, serverLabel } from '../model/server-client';

export type WorkspaceChoice = 'auto' | 'webcontainer' | 'offline';

export interface PlaygroundSettings {
  host: string;
  /** M1, M2: Ollama's own API, or any OpenAI-compatible chat-completions server. */
  serverKind: ServerKind;
  /** Empty: the demo model (scripted), so a first run works without Ollama. */
  model: string;
  protocol: ProtocolChoice;
  /** O4: the harness profile (default, or small for models under about 1B parameters). */
  profile: HarnessProfile;
  /** O5: the pack of rules by name ("" = the profile's own: rule-packs.ts). */
  pack: string;
  /** T6: run calls a model wrote in its reply's text (fenced JSON, <tool_call>) as calls. */
  recoverCalls: boolean;
  /** O4: show the files the task names with it (the small profile always does). */
  showNamedFiles: boolean;
  /** T6: constrained replies begin with a short thought the grammar asks for. */
  thinkFirst: boolean;
  toolProfile: ToolProfile;
  approval: ApprovalPolicy;
  readOnly: boolean;
  /** contextWindow unset: the model's context length, capped at `contextCap`. */
  options: ModelOptions;
  contextCap: number;
  limits: Limits;
  shellRules: ShellRules;
  /** L3: a command that must pass before a final answer counts ("" = none). */
  verifyCommand: string;
  /** D1: how deep delegation may nest (0–3). */
  maxDepth: number;
  /** T8: commands attached to the loop; the page's own settings only (T7). */
  hooks: Hooks;
  /** P5: where skills live in the workspace ("" = .harness/skills). */
  skillsFolder: string;
  workspace: WorkspaceChoice;
  sample: string;
  fallbackModel: string;
}

export const demoModelName = 'demo (scripted)';

export function defaultPlaygroundSettings(): PlaygroundSettings {
  return {
    host: 'http://127.0.0.1:11434',
    serverKind: 'ollama',
    model: '',
    protocol: 'auto',
    profile: 'default',
    pack: '',
    recoverCalls: true,
    showNamedFiles: false,
    thinkFirst: false,
    toolProfile: 'structured',
    approval: 'ask',
    readOnly: false,
    options: { outputLimit: 1024, temperature: 0.2, keepLoaded: '10m' },
    contextCap: defaultContextCap,
    limits: { ...defaultLimits },
    shellRules: { allow: [], deny: [...defaultDenyRules] },
    verifyCommand: '',
    maxDepth: 1,
    hooks: {},
    skillsFolder: '',
    workspace: 'auto',
    sample: 'failing-test',
    fallbackModel: '',
  };
}

/** Stored settings from an older version lack newer fields: defaults fill them, nested too. */
export function withDefaults(saved: Partial<PlaygroundSettings> | undefined): PlaygroundSettings {
  const defaults = defaultPlaygroundSettings();
  if (!saved || typeof saved !== 'object') return defaults;
  return {
    ...defaults,
    ...saved,
    serverKind: serverKinds.includes(saved.serverKind as ServerKind) ? (saved.serverKind as ServerKind) : 'ollama',
    options: { ...defaults.options, ...upgradeModelOptions(saved.options) },
    limits: { ...defaults.limits, ...(saved.limits ?? {}) },
    hooks: saved.hooks && typeof saved.hooks === 'object' ? saved.hooks : {},
    shellRules: {
      allow: saved.shellRules?.allow ?? defaults.shellRules.allow,
      deny: saved.shellRules?.deny ?? defaults.shellRules.deny,
    },
  };
}

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export interface UrlPreset {
  settings: PlaygroundSettings;
  ignored: string[];
  /** Changes the person must confirm first (they lower safety or change the server), each said plainly. */
  proposals: { key: 'host' | 'approval'; value: string; why: string }[];
}

/** What a host proposal means for the API key (a key belongs to the server it was entered for). */
function keyClause(apiKey: ApiKey | undefined, host: string): string {
  if (!apiKey) return '';
  return sameServer(apiKey.host, host)
    ? '; your API key would be sent to it'
    : `; your API key, entered for ${apiKey.host}, would not be sent to it`;
}

/** URL parameters over stored settings; unknown values are ignored and reported. */
export function applyUrlParameters(settings: PlaygroundSettings, search: string, apiKey?: ApiKey): UrlPreset {
  const parameters = new URLSearchParams(search);
  const next = { ...settings };
  const ignored: string[] = [];
  const proposals: UrlPreset['proposals'] = [];
  const host = parameters.get('host');
  if (host !== null) {
    const normalized = host.replace(/\/+$/, '');
    if (!/^https?:\/\/[^\s/]+/.test(host)) ignored.push(`host=${host}`);
    else if (normalized !== settings.host)
      proposals.push({
        key: 'host',
        value: normalized,
        why:
          `use the ${serverLabel(settings.serverKind)} at ${normalized} (your setting: ${settings.host})` +
          keyClause(apiKey, normalized),
      });
  }
  const model = parameters.get('model');
  if (model !== null) next.model = model === 'demo' ? '' : model;
  const approval = parameters.get('approval');
  if (approval !== null) {
    const chosen = pick(approval, ['ask', 'auto', 'never'] as const);
    if (!chosen) ignored.push(`approval=${approval}`);
    // "never" and "ask" only make the page stricter; "auto" runs risky tools without asking.
    else if (chosen === 'auto' && settings.approval !== 'auto')
      proposals.push({
        key: 'approval',
        value: chosen,
        why: 'run risky tools (writes, shell commands) without asking you',
      });
    else next.approval = chosen === 'auto' ? settings.approval : chosen;
  }
  const choices: [keyof PlaygroundSettings, readonly string[]][] = [
    ['workspace', ['auto', 'webcontainer', 'offline']],
    ['protocol', ['auto', 'native', 'text', 'constrained']],
    ['profile', harnessProfiles],
    ['pack', packNames],
  ];
  for (const [key, allowed] of choices) {
    const value = parameters.get(key);
    if (value === null) continue;
    const chosen = pick(value, allowed);
    if (chosen) (next as Record<string, unknown>)[key] = chosen;
    else ignored.push(`${key}=${value}`);
  }
  const sample = parameters.get('sample');
  if (sample !== null) next.sample = sample;
  return { settings: next, ignored, proposals };
}

/**
 * T8: the hooks with a command (an emptied field turns its hook off), as plain data: the page's
 * settings are reactive proxies, which IndexedDB cannot store.
 */
function activeHooks(hooks: Hooks): Hooks | undefined {
  const active: Hooks = {};
  for (const [point, spec] of Object.entries(hooks) as [keyof Hooks, Hooks[keyof Hooks]][]) {
    if (!spec?.command.trim()) continue;
    active[point] = {
      command: spec.command.trim(),
      ...(spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}),
      ...(spec.required ? { required: true } : {}),
    };
  }
  return Object.keys(active).length ? active : undefined;
}

/**
 * T7: the settings a run uses. Safety (approval, read-only, rules, verify command, depth) and the
 * run's knobs come from the page's settings; the session keeps only its prompt overrides. The
 * scripted demo model speaks the text protocol whatever is chosen.
 */
export function runSettings(page: PlaygroundSettings, session: Session, demo: boolean): AgentSettings {
  const trusted = defaultSettings({
    // U3: "auto" on a fork is its parent's protocol (it sends the parent's request); a protocol
    // chosen in Settings is used, and the run says its prompt was built afresh.
    protocol: demo ? 'text' : page.protocol === 'auto' && session.pinned ? session.pinned.protocol : page.protocol,
    // The demo's scripted replies are written for the default harness.
    profile: demo ? 'default' : page.profile,
    ...(!demo && page.pack ? { pack: page.pack } : {}),
    ...(page.recoverCalls === false ? { recoverCalls: false } : {}),
    ...(page.showNamedFiles ? { showNamedFiles: true } : {}),
    ...(page.thinkFirst ? { thinkFirst: true } : {}),
    toolProfile: page.toolProfile,
    approval: page.approval,
    readOnly: page.readOnly,
    limits: { ...page.limits },
    options: { ...page.options },
    contextCap: page.contextCap,
    shellRules: { allow: [...page.shellRules.allow], deny: [...page.shellRules.deny] },
    maxDepth: page.maxDepth,
    ...(page.verifyCommand.trim() ? { verifyCommand: page.verifyCommand.trim() } : {}),
    ...(activeHooks(page.hooks) ? { hooks: activeHooks(page.hooks) } : {}),
    ...(page.skillsFolder.trim() ? { skillsFolder: page.skillsFolder.trim() } : {}),
  });
  return {
    ...withTrustedSafety(session.settings, trusted),
    protocol: trusted.protocol,
    profile: trusted.profile,
    ...(trusted.pack ? { pack: trusted.pack } : { pack: undefined }),
    recoverCalls: trusted.recoverCalls !== false,
    showNamedFiles: trusted.showNamedFiles === true,
    thinkFirst: trusted.thinkFirst === true,
    toolProfile: trusted.toolProfile,
    limits: trusted.limits,
    options: trusted.options,
    contextCap: trusted.contextCap,
    ...(trusted.skillsFolder ? { skillsFolder: trusted.skillsFolder } : {}),
    sectionOverrides: { ...session.settings.sectionOverrides },
  };
}

/** R1, R2: the page's retries: the harness's defaults, with the fallback model chosen in Settings. */
export function pageRetryPolicy(page: PlaygroundSettings): RetryPolicy {
  return { ...defaultRetryPolicy, ...(page.fallbackModel ? { fallbackModel: page.fallbackModel } : {}) };
}
