/**
 * A ModelClient for a real Ollama server, on ollama-js (`ollama/browser`, which also runs in
 * Node). Streams /api/chat, maps native tool calls, always sends num_ctx and num_predict
 * (Ollama otherwise drops the oldest messages silently), and never throws.
 */
import { wireTools } from './wire-tools';
import { Ollama } from 'ollama/browser';
import { chatBody, readStream, seconds, toWireMessage, wireOptions } from './ollama-wire';
import type { WarmResult } from '../harness/model-types';
import type { ChatRequest } from 'ollama/browser';
import type { ChatMessage, ModelClient, ModelError, ModelInfo, ModelRequest, ModelResult } from '../harness/ports';
import { toModelError } from './ollama-errors';
import { sideReadMs, sideReadSignal, sideReadTimeout, withBoundedBody } from './bounded-body';
import { streamedTokens } from './stream-budget';

export interface OllamaClientOptions {
  host: string;
  /** For tests and proxies; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** The page origin in a browser, so that errors can name the OLLAMA_ORIGINS fix. */
  origin?: string;
  /** How long a side read (version, list, show) waits; for tests. */
  sideReadMs?: number;
}

export interface LocalModel {
  name: string;
  size: number;
  parameterSize?: string;
  quantization?: string;
  family?: string;
  modifiedAt?: string;
}

export interface PullProgress {
  status: string;
  completed?: number;
  total?: number;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: ModelError };

export class OllamaModelClient implements ModelClient {
  readonly kind = 'ollama' as const;

  constructor(readonly options: OllamaClientOptions) {}

  get host(): string {
    return this.options.host.replace(/\/+$/, '');
  }

  /**
   * A fresh ollama-js instance whose fetch follows `signal`, keeps the reply headers, and bounds
   * what the server sends (a streamed reply's lines, any other answer whole).
   */
  private connect(signal: AbortSignal | undefined, headers: { retryAfter?: string | null }): Ollama {
    const base =
      this.options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
    const fetchWith: typeof fetch = async (input, init = {}) => {
      const signals = [signal, init.signal ?? undefined].filter((entry): entry is AbortSignal => Boolean(entry));
      const combined = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
      const response = await base(input, { ...init, ...(combined ? { signal: combined } : {}) });
      headers.retryAfter = response.headers.get('retry-after');
      return withBoundedBody(response);
    };
    return new Ollama({ host: this.host, fetch: fetchWith });
  }

  private context(model: string, extra: { retryAfter?: string | null; streaming?: boolean; aborted?: boolean } = {}) {
    return {
      host: this.host,
      model,
      origin: this.options.origin,
      retryAfter: extra.retryAfter,
      streaming: extra.streaming ?? false,
      aborted: extra.aborted ?? false,
    };
  }

  async chat(request: ModelRequest): Promise<ModelResult> {
    const headers: { retryAfter?: string | null } = {};
    const ollama = this.connect(request.signal, headers);
    // What was streamed before a failure: a reply cut midway still cost its tokens.
    const progress = { streaming: false, content: '' };
    try {
      const stream = await ollama.chat(chatBody(request));
      progress.streaming = true;
      const stop = () => stream.abort();
      request.signal.addEventListener('abort', stop, { once: true });
      try {
        return await readStream(request, stream, progress);
      } finally {
        request.signal.removeEventListener('abort', stop);
      }
    } catch (error) {
      const { streaming, content } = progress;
      const mapped = toModelError(
        error,
        this.context(request.model, { retryAfter: headers.retryAfter, streaming, aborted: request.signal.aborted }),
      );
      // Tokens already streamed were produced (and billed by the server) even though the reply failed.
      if (streaming && content) mapped.billed = { outputTokens: streamedTokens(content) };
      return { ok: false, error: mapped };
    }
  }

  /**
   * P2: Ollama reuses the longest common prefix of the last prompt it read: reading the prefix
   * now (one token generated, the same options, so the model is not loaded again) makes the next
   * request that starts with it read only the rest.
   */
  async warm(request: ModelRequest): Promise<WarmResult> {
    try {
      const reply = await this.connect(request.signal, {}).chat({
        model: request.model,
        messages: request.messages.map(toWireMessage),
        options: { ...wireOptions(request), num_predict: 1 },
        stream: false,
        ...(request.tools?.length ? { tools: wireTools(request.tools) as ChatRequest['tools'] } : {}),
        ...(request.options.keepLoaded ? { keep_alive: request.options.keepLoaded } : {}),
      });
      return {
        ok: true,
        stats: {
          promptTokens: reply.prompt_eval_count,
          promptSeconds: seconds(reply.prompt_eval_duration),
          totalSeconds: seconds(reply.total_duration),
          loadSeconds: seconds(reply.load_duration),
        },
      };
    } catch (error) {
      return {
        ok: false,
        error: toModelError(error, this.context(request.model, { aborted: request.signal.aborted })),
      };
    }
  }

  /**
   * U3: the prompt exactly as the model's chat template renders it, without generating
   * (`_debug_render_only`, Ollama 0.11.5+). Older servers generate instead: that is reported.
   */
  async renderPrompt(model: string, messages: ChatMessage[], tools?: ModelRequest['tools']): Promise<Outcome<string>> {
    try {
      const fetcher =
        this.options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
      const response = await fetcher(`${this.host}/api/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          model,
          messages: messages.map(toWireMessage),
          stream: false,
          _debug_render_only: true,
          ...(tools?.length ? { tools } : {}),
        }),
      });
      const body = (await response.json()) as { error?: string; _debug_info?: { rendered_template?: string } };
      if (!response.ok)
        return {
          ok: false,
          error: toModelError(
            Object.assign(new Error(body.error ?? response.statusText), { status_code: response.status }),
            this.context(model),
          ),
        };
      const rendered = body._debug_info?.rendered_template;
      if (typeof rendered !== 'string')
        return {
          ok: false,
          error: {
            kind: 'bad_reply',
            retryable: false,
            message: 'this Ollama does not support _debug_render_only (it needs 0.11.5 or newer)',
          },
        };
      return { ok: true, value: rendered };
    } catch (error) {
      return { ok: false, error: toModelError(error, this.context(model)) };
    }
  }

  /**
   * M3: a side read that gave up on its own timer says the server is busy (it is up: Ollama
   * queues such reads behind a long prompt on a loaded CPU), not that the request was stopped.
   */
  private sideRead(signal: AbortSignal | undefined) {
    const waitMs = this.options.sideReadMs ?? sideReadMs;
    const side = sideReadSignal(signal, waitMs);
    const failure = (error: unknown, what: string, model: string): ModelError =>
      (side.aborted ? sideReadTimeout(this.host, what, signal, waitMs) : undefined) ??
      toModelError(error, this.context(model));
    return { side, failure };
  }

  async describe(model: string, signal?: AbortSignal): Promise<ModelInfo | ModelError> {
    const { side, failure } = this.sideRead(signal);
    try {
      const show = await this.connect(side, {}).show({ model });
      const info = (show.model_info ?? {}) as unknown as Record<string, unknown>;
      const architecture =
        typeof info['general.architecture'] === 'string' ? (info['general.architecture'] as string) : undefined;
      const key = architecture
        ? `${architecture}.context_length`
        : Object.keys(info).find((name) => name.endsWith('.context_length'));
      const contextLength = key && typeof info[key] === 'number' ? (info[key] as number) : undefined;
      return { name: model, capabilities: show.capabilities ?? [], ...(contextLength ? { contextLength } : {}) };
    } catch (error) {
      return failure(error, '/api/show', model);
    }
  }

  async listModels(signal?: AbortSignal): Promise<Outcome<LocalModel[]>> {
    const { side, failure } = this.sideRead(signal);
    try {
      const list = await this.connect(side, {}).list();
      const models = list.models.map((model) => ({
        name: model.name,
        size: model.size,
        parameterSize: model.details?.parameter_size,
        quantization: model.details?.quantization_level,
        family: model.details?.family,
        modifiedAt: model.modified_at ? String(model.modified_at) : undefined,
      }));
      return { ok: true, value: models };
    } catch (error) {
      return { ok: false, error: failure(error, '/api/tags', '') };
    }
  }

  async version(signal?: AbortSignal): Promise<Outcome<string>> {
    const { side, failure } = this.sideRead(signal);
    try {
      return { ok: true, value: (await this.connect(side, {}).version()).version };
    } catch (error) {
      return { ok: false, error: failure(error, '/api/version', '') };
    }
  }

  /** Pulls a model, reporting progress; resolves when the server says "success". */
  async pull(
    model: string,
    options: { signal?: AbortSignal; onProgress?: (progress: PullProgress) => void } = {},
  ): Promise<Outcome<void>> {
    const signal = options.signal ?? new AbortController().signal;
    let streaming = false;
    try {
      const stream = await this.connect(signal, {}).pull({ model, stream: true });
      streaming = true;
      for await (const part of stream) {
        options.onProgress?.({
          status: part.status,
          ...(part.total ? { total: part.total, completed: part.completed ?? 0 } : {}),
        });
        if (part.status === 'success') return { ok: true, value: undefined };
      }
      return {
        ok: false,
        error: { kind: 'stream', retryable: true, message: 'the pull stream ended before "success"' },
      };
    } catch (error) {
      const mapped = toModelError(error, this.context(model, { streaming, aborted: signal.aborted }));
      if (mapped.kind === 'stream') mapped.message = `pulling ${model} failed: ${(error as Error).message}`;
      return { ok: false, error: mapped };
    }
  }
}
