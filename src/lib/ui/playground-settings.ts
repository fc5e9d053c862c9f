/**
 * What the person chose in Settings (U1), with defaults, and the URL parameters that preset a
 * session for shareable demos and tests: host, model, workspace, sample, protocol, approval.
 */
import type { ApprovalPolicy, Limits, ProtocolChoice, ToolProfile } from '../harness/settings';
import { defaultLimits } from '../harness/settings';
import type { ModelOptions } from '../harness/ports';

export type WorkspaceChoice = 'auto' | 'webcontainer' | 'offline';

export interface PlaygroundSettings {
  host: string;
  /** Empty: the demo model (scripted), so a first run works without Ollama. */
  model: string;
  protocol: ProtocolChoice;
  toolProfile: ToolProfile;
  approval: ApprovalPolicy;
  readOnly: boolean;
  options: ModelOptions;
  limits: Limits;
  workspace: WorkspaceChoice;
  sample: string;
  fallbackModel: string;
}

export const demoModelName = 'demo (scripted)';

export function defaultPlaygroundSettings(): PlaygroundSettings {
  return {
    host: 'http://127.0.0.1:11434',
    model: '',
    protocol: 'auto',
    toolProfile: 'structured',
    approval: 'ask',
    readOnly: false,
    options: { numCtx: 8192, numPredict: 1024, temperature: 0.2, keepAlive: '10m' },
    limits: { ...defaultLimits },
    workspace: 'auto',
    sample: 'failing-test',
    fallbackModel: '',
  };
}

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** URL parameters win over stored settings; unknown values are ignored, and reported. */
export function applyUrlParameters(settings: PlaygroundSettings, search: string): { settings: PlaygroundSettings; ignored: string[] } {
  const parameters = new URLSearchParams(search);
  const next = { ...settings };
  const ignored: string[] = [];
  const host = parameters.get('host');
  if (host !== null) {
    if (/^https?:\/\/[^\s/]+/.test(host)) next.host = host.replace(/\/+$/, '');
    else ignored.push(`host=${host}`);
  }
  const model = parameters.get('model');
  if (model !== null) next.model = model === 'demo' ? '' : model;
  const choices: [keyof PlaygroundSettings, readonly string[]][] = [
    ['workspace', ['auto', 'webcontainer', 'offline']],
    ['protocol', ['auto', 'native', 'text']],
    ['approval', ['ask', 'auto', 'never']],
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
  return { settings: next, ignored };
}
