/**
 * Finds the real Ollama for the live suite (O3): OLLAMA_HOST (as `npm run ollama:serve` prints
 * it, or a user's own "127.0.0.1:11434") with the test model. Nothing here fakes a server: when
 * none is there the suite is skipped with the reason, and on CI (HARNESS_REQUIRE_LIVE=1) that
 * is a failure instead.
 */
export const liveModel = process.env.HARNESS_LIVE_MODEL || 'gemma3:270m';
export const secondLiveModel = 'smollm2:135m';

export interface LiveTarget {
  host: string;
  model: string;
  /** Every model the server lists. */
  models: string[];
  version: string;
}

export function normalizeHost(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const trimmed = value.trim().replace(/\/+$/, '');
  const withScheme = /^https?:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`;
  return withScheme.replace('://0.0.0.0', '://127.0.0.1');
}

export type LiveLookup = { ok: true; target: LiveTarget } | { ok: false; reason: string };

export async function findLiveServer(): Promise<LiveLookup> {
  const host = normalizeHost(process.env.OLLAMA_HOST);
  if (!host) return { ok: false, reason: 'OLLAMA_HOST is not set (start one with `npm run ollama:serve`)' };
  try {
    const version = (await (await fetch(`${host}/api/version`, { signal: AbortSignal.timeout(5000) })).json()) as {
      version: string;
    };
    const tags = (await (await fetch(`${host}/api/tags`, { signal: AbortSignal.timeout(5000) })).json()) as {
      models: { name: string }[];
    };
    const models = tags.models.map((entry) => entry.name);
    if (!models.includes(liveModel))
      return {
        ok: false,
        reason:
          `the Ollama at ${host} has no ${liveModel} (it has: ` +
          `${models.join(', ') || 'nothing'}); \`npm run ollama:serve\` imports ` +
          `it`,
      };
    return { ok: true, target: { host, model: liveModel, models, version: version.version } };
  } catch (error) {
    return { ok: false, reason: `no Ollama answers at ${host} (${(error as Error).message})` };
  }
}

/** The lookup, or a thrown error when CI requires the live suite to run. */
export async function requireLiveOrSkip(): Promise<LiveLookup> {
  const found = await findLiveServer();
  if (!found.ok && process.env.HARNESS_REQUIRE_LIVE === '1') {
    throw new Error(`HARNESS_REQUIRE_LIVE=1 but the live suite cannot run: ${found.reason}`);
  }
  if (!found.ok) process.stdout.write(`live suite skipped: ${found.reason}\n`);
  return found;
}
