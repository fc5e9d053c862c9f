/**
 * M2: the second real OpenAI-compatible server of the live suite — llama-cpp-python, as
 * `npm run llama-cpp:serve` prints it (LLAMA_CPP_HOST, LLAMA_CPP_MODEL, LLAMA_CPP_N_CTX). When
 * none is there the suite is skipped with the reason; on CI (HARNESS_REQUIRE_LIVE=1) that fails.
 */
import { normalizeHost } from './live-target';

export interface LlamaCppTarget {
  host: string;
  model: string;
  nCtx: number;
  version: string;
}

export type LlamaCppLookup = { ok: true; target: LlamaCppTarget } | { ok: false; reason: string };

export async function findLlamaCppServer(): Promise<LlamaCppLookup> {
  const host = normalizeHost(process.env.LLAMA_CPP_HOST);
  if (!host) return { ok: false, reason: 'LLAMA_CPP_HOST is not set (start one with `npm run llama-cpp:serve`)' };
  const model = process.env.LLAMA_CPP_MODEL || 'smollm2:135m';
  try {
    const response = await fetch(`${host}/v1/models`, { signal: AbortSignal.timeout(5000) });
    const body = (await response.json()) as { data?: { id: string }[] };
    if (!body.data?.some((entry) => entry.id === model))
      return { ok: false, reason: `the server at ${host} does not list ${model}` };
    return {
      ok: true,
      target: {
        host,
        model,
        nCtx: Number(process.env.LLAMA_CPP_N_CTX || 4096),
        version: process.env.LLAMA_CPP_VERSION || 'unknown',
      },
    };
  } catch (error) {
    return { ok: false, reason: `no server answers at ${host}/v1/models (${(error as Error).message})` };
  }
}

export async function requireOrSkip(found: LlamaCppLookup): Promise<LlamaCppTarget | undefined> {
  if (found.ok) return found.target;
  if (process.env.HARNESS_REQUIRE_LIVE === '1')
    throw new Error(`HARNESS_REQUIRE_LIVE=1 but the llama-cpp-python live suite cannot run: ${found.reason}`);
  process.stdout.write(`llama-cpp-python live suite skipped: ${found.reason}\n`);
  return undefined;
}
