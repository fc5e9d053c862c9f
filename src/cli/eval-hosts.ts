/**
 * M3: `--hosts URL[#kind=K&parallel=N],…` — the servers one sweep spreads over. The settings
 * ride in the URL's fragment, which no server sees and no shell needs quoted.
 */
import type { ServerKind } from '../lib/model/server-client';
import { serverKinds } from '../lib/model/server-client';
import { UsageError } from './cli-options';

export interface HostSpec {
  url: string;
  kind: 'auto' | ServerKind;
  parallel: number;
}

/** Runs at a time on one server, and servers in one sweep: a local server runs a few at most. */
export const maxParallel = 16;
export const maxHosts = 16;

export function parseHostList(spec: string, defaults: { kind: 'auto' | ServerKind; parallel: number }): HostSpec[] {
  const entries = spec
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new UsageError('--hosts needs at least one URL');
  if (entries.length > maxHosts)
    throw new UsageError(`--hosts takes at most ${maxHosts} servers, got ${entries.length}`);
  const hosts = entries.map((entry) => parseHost(entry, defaults));
  const seen = new Set<string>();
  for (const host of hosts) {
    if (seen.has(host.url))
      throw new UsageError(`--hosts names ${host.url} twice; give it #parallel=N for more runs at a time`);
    seen.add(host.url);
  }
  return hosts;
}

function parseHost(entry: string, defaults: { kind: 'auto' | ServerKind; parallel: number }): HostSpec {
  const [base, fragment = ''] = entry.split('#', 2);
  if (!/^https?:\/\/[^\s/]+/.test(base)) throw new UsageError(`--hosts: "${base}" is not an http(s) URL`);
  let kind = defaults.kind;
  let parallel = defaults.parallel;
  for (const pair of fragment.split('&').filter(Boolean)) {
    const [key, value = ''] = pair.split('=', 2);
    if (key === 'kind') {
      if (value !== 'auto' && !serverKinds.includes(value as ServerKind))
        throw new UsageError(`--hosts: kind must be auto, ${serverKinds.join(' or ')}, got "${value}" in ${entry}`);
      kind = value as HostSpec['kind'];
    } else if (key === 'parallel') {
      if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > maxParallel)
        throw new UsageError(
          `--hosts: parallel must be a whole number from 1 to ${maxParallel}, got "${value}" in ${entry}`,
        );
      parallel = Number(value);
    } else throw new UsageError(`--hosts: unknown setting "${key}" in ${entry} (use kind= and parallel=)`);
  }
  return { url: base.replace(/\/+$/, ''), kind, parallel };
}
