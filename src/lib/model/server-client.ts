/**
 * M1, M2: the two kinds of model server behind one face — what the page, `npm run agent` and
 * `npm run eval` need from either (chat, describe, a model list, a sign of life) — and how the
 * kind is found when the user says "auto".
 */
import type { ModelClient, ModelError, ModelInfo } from '../harness/ports';
import { OllamaModelClient } from './ollama-model-client';
import type { LocalModel } from './ollama-model-client';
import { OpenAICompatibleClient } from './openai-model-client';

export const serverKinds = ['ollama', 'openai'] as const;
export type ServerKind = (typeof serverKinds)[number];

type Outcome<T> = { ok: true; value: T } | { ok: false; error: ModelError };

export interface ServerClient extends ModelClient {
  readonly kind: ServerKind;
  readonly host: string;
  /** The side reads give up when `signal` fires, and after a time limit of their own. */
  listModels(signal?: AbortSignal): Promise<Outcome<LocalModel[]>>;
  version(signal?: AbortSignal): Promise<Outcome<string>>;
  describe(model: string, signal?: AbortSignal): Promise<ModelInfo | ModelError>;
}

export interface ServerClientOptions {
  host: string;
  /** Only the OpenAI kind sends it (Ollama has no keys). */
  apiKey?: string;
  origin?: string;
  fetch?: typeof fetch;
}

export function serverClient(kind: ServerKind, options: ServerClientOptions): ServerClient {
  if (kind === 'openai') return new OpenAICompatibleClient(options);
  return new OllamaModelClient({
    host: options.host,
    ...(options.origin ? { origin: options.origin } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

export function serverLabel(kind: ServerKind): string {
  return kind === 'ollama' ? 'Ollama' : 'OpenAI-compatible server';
}

/**
 * U5: a server in a few words for session lists: "Ollama :11434" on this machine, "OpenAI
 * :8091", "Ollama gpu-box:11434" elsewhere. A URL that does not parse is kept, cut short.
 */
export function shortServer(kind: ServerKind, host: string): string {
  const name = kind === 'ollama' ? 'Ollama' : 'OpenAI';
  try {
    const url = new URL(host);
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    const port = url.port ? `:${url.port}` : '';
    return `${name} ${local && port ? port : `${url.hostname}${port}`}`;
  } catch {
    return `${name} ${host.slice(0, 60)}`;
  }
}

/**
 * "auto": a URL ending in /v1 is the chat-completions API; otherwise an answer from Ollama's
 * /api/version means Ollama, and anything else is tried as OpenAI-compatible. Unreachable
 * resolves to Ollama, the first-class kind, whose errors then say what to start.
 */
export async function detectServerKind(host: string, fetcher: typeof fetch = globalThis.fetch): Promise<ServerKind> {
  const base = host.replace(/\/+$/, '');
  if (/\/v1$/.test(base)) return 'openai';
  try {
    const response = await fetcher(`${base}/api/version`, { signal: AbortSignal.timeout(5000) });
    if (response.ok) {
      const body = (await response.json().catch(() => ({}))) as { version?: unknown };
      if (typeof body.version === 'string') return 'ollama';
    }
  } catch {
    return 'ollama';
  }
  return 'openai';
}
