/**
 * M2, M3: the servers of one eval sweep — each asked for its kind (unless given), checked to
 * answer and to have every model — and the protocols each model runs with.
 */
import type { Protocol } from '../lib/harness/settings';
import type { PoolHost } from '../lib/evals/host-pool';
import { detectServerKind, serverClient, serverLabel } from '../lib/model/server-client';
import type { ServerClient } from '../lib/model/server-client';
import { UsageError } from './cli-options';
import type { HostSpec } from './eval-hosts';

/** Times a busy server (one that is up but answers nothing while it generates) is asked again. */
export const busyTries = 8;

/**
 * The server's version, asked again while it is busy: a second sweep started beside a first
 * found llama-cpp-python generating for it and stopped with "the request was stopped".
 */
export async function versionWhenFree(client: ServerClient, url: string, log: (line: string) => void) {
  let version = await client.version();
  for (let tries = 1; !version.ok && version.error.kind === 'overloaded' && tries < busyTries; tries++) {
    log(`host: ${url} is busy (${version.error.message}); asking again (${tries + 1} of ${busyTries})`);
    version = await client.version();
  }
  return version;
}

export async function connectHosts(
  specs: HostSpec[],
  models: string[],
  log: (line: string) => void,
): Promise<PoolHost<ServerClient>[]> {
  const apiKey = process.env.HARNESS_API_KEY || undefined;
  const hosts: PoolHost<ServerClient>[] = [];
  for (const spec of specs) {
    const kind = spec.kind === 'auto' ? await detectServerKind(spec.url) : spec.kind;
    const client = serverClient(kind, { host: spec.url, ...(apiKey ? { apiKey } : {}) });
    const version = await versionWhenFree(client, spec.url, log);
    if (!version.ok) throw new UsageError(`${spec.url}: ${version.error.message}`);
    const listed = await client.listModels();
    const names = listed.ok ? listed.value.map((model) => model.name) : [];
    // A server that serves one model whatever the name (llama-cpp-python) lists only its alias.
    const missing = models.filter((model) => !names.includes(model) && !names.includes(`${model}:latest`));
    if (missing.length)
      throw new UsageError(
        `${spec.url} (${serverLabel(kind)}) does not list ${missing.map((name) => `"${name}"`).join(', ')} ` +
          `(it lists ${names.join(', ') || 'nothing'}); every host of a sweep must serve every model, under one name`,
      );
    const label = kind === 'ollama' ? `Ollama ${version.value}` : serverLabel(kind);
    log(`host: ${spec.url} · ${label} · ${spec.parallel} at a time`);
    hosts.push({
      name: spec.url,
      label,
      parallel: spec.parallel,
      client,
      alive: async () => (await client.version()).ok,
    });
  }
  return hosts;
}

/** Each model's protocols: native only where the first server lists "tools" (or cannot say). */
export async function protocolsFor(
  client: ServerClient,
  model: string,
  wanted: Protocol[],
  log: (line: string) => void,
): Promise<Protocol[]> {
  const info = await client.describe(model);
  if (!('capabilities' in info)) throw new UsageError(info.message);
  const native = info.capabilities.includes('tools') || info.capabilitiesUnknown === true;
  const protocols = wanted.filter((protocol) => protocol !== 'native' || native);
  if (protocols.length < wanted.length)
    log(`note: ${model} does not list "tools": the native protocol is not run for it`);
  if (info.capabilitiesUnknown && wanted.includes('native'))
    log(`note: ${client.host} does not say whether ${model} takes tool calls; native is tried`);
  return protocols;
}
