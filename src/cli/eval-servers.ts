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
    const version = await client.version();
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
