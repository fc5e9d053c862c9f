/**
 * M2: a ModelClient for any OpenAI-compatible chat-completions server (llama.cpp's server,
 * llama-cpp-python, vLLM, LM Studio, Ollama's /v1), on the `openai` SDK in the browser and in
 * Node. Streams, collects native tool calls, asks for constrained output with `response_format`
 * (falling back to the `json_object` + schema dialect of llama.cpp servers), reads usage and
 * timings where sent, and never throws.
 */
import { wireTools } from './wire-tools';
import type OpenAI from 'openai';
import type { WarmResult } from '../harness/model-types';
import type { ModelClient, ModelError, ModelInfo, ModelRequest, ModelResult, ToolCall } from '../harness/ports';
import { sideReadSignal, sideReadTimeout, withBoundedBody } from './bounded-body';
import { cutAtLimit, overBudget, stopped, StreamBudget, streamedTokens } from './stream-budget';
import { toOpenAIModelError } from './openai-errors';
import type { OpenAISdk } from './openai-errors';
import type { OpenAIErrorContext } from './openai-errors';
import { samplingFields, statsFrom, toWireMessages, ToolCallCollector } from './openai-wire';
import type { LocalModel } from './ollama-model-client';

export interface OpenAIClientOptions {
  /** The server's base URL, with or without the trailing /v1. */
  host: string;
  /** Sent as a bearer token when set; never stored by the client. */
  apiKey?: string;
  fetch?: typeof fetch;
  origin?: string;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: ModelError };

/** Constrained output dialects: OpenAI's json_schema, then llama.cpp's json_object with a schema. */
type FormatDialect = 'json_schema' | 'json_object';

export const defaultMaxTokens = 1024;

/** The base URL ending in /v1, as the chat API's paths hang from it. */
export function openAIBase(host: string): string {
  const trimmed = host.replace(/\/+$/, '');
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

function formatField(dialect: FormatDialect, schema: Record<string, unknown>) {
  return dialect === 'json_schema'
    ? { type: 'json_schema', json_schema: { name: 'reply', schema, strict: true } }
    : { type: 'json_object', schema };
}

/** The SDK loads with the first request: a page on Ollama never downloads it (U1 entry size). */
let sdkLoading: Promise<OpenAISdk> | undefined;
function loadSdk(): Promise<OpenAISdk> {
  sdkLoading ??= import('openai');
  return sdkLoading;
}

/** llama.cpp's /props is a few kilobytes; a model list of more entries than this is not a local server's. */
const maxPropsBytes = 1024 * 1024;
const maxListedModels = 10_000;

const numberAt = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);

export class OpenAICompatibleClient implements ModelClient {
  readonly kind = 'openai' as const;
  private dialect: FormatDialect = 'json_schema';

  constructor(readonly options: OpenAIClientOptions) {}

  get host(): string {
    return this.options.host.replace(/\/+$/, '');
  }

  private fetcher(): typeof fetch {
    return this.options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  }

  private async connect(signal?: AbortSignal): Promise<OpenAI> {
    const sdk = await loadSdk();
    const base = this.fetcher();
    const key = this.options.apiKey;
    const fetchWith = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      // The SDK wants a key; a local server without one must not receive a made-up one.
      if (!key) headers.delete('authorization');
      const signals = [signal, init.signal ?? undefined].filter((entry): entry is AbortSignal => Boolean(entry));
      const combined = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
      const response = await base(input, { ...init, headers, ...(combined ? { signal: combined } : {}) });
      return withBoundedBody(response);
    };
    return new sdk.OpenAI({
      baseURL: openAIBase(this.host),
      apiKey: key || 'unset',
      dangerouslyAllowBrowser: true,
      // The harness retries itself (R1) and has its own deadlines.
      maxRetries: 0,
      timeout: 60 * 60 * 1000,
      fetch: fetchWith as typeof fetch,
    });
  }

  private async fail(error: unknown, model: string, extra: Partial<OpenAIErrorContext> = {}): Promise<ModelError> {
    const sdk = await loadSdk().catch(() => undefined);
    return toOpenAIModelError(error, this.context(model, extra), sdk);
  }

  private context(model: string, extra: Partial<OpenAIErrorContext> = {}): OpenAIErrorContext {
    return { host: this.host, model, origin: this.options.origin, streaming: false, aborted: false, ...extra };
  }

  async chat(request: ModelRequest): Promise<ModelResult> {
    const first = await this.chatOnce(request);
    // A server that refuses json_schema may take llama.cpp's dialect: try it once, then keep it.
    if (
      !first.ok &&
      request.format &&
      this.dialect === 'json_schema' &&
      first.error.status !== undefined &&
      /response_format|json_schema/i.test(first.error.message)
    ) {
      this.dialect = 'json_object';
      const second = await this.chatOnce(request);
      if (second.ok || !/response_format|json_object/i.test(second.error.message)) return second;
      this.dialect = 'json_schema';
      return {
        ok: false,
        error: {
          kind: 'bad_reply',
          retryable: false,
          status: second.error.status,
          message:
            `The server at ${this.host} does not take constrained output (response_format with a JSON ` +
            `schema): ${first.error.message}. Use the text or native protocol.`,
        },
      };
    }
    return first;
  }

  private requestBody(request: ModelRequest): Record<string, unknown> {
    return {
      model: request.model,
      messages: toWireMessages(request.messages),
      ...samplingFields(request, defaultMaxTokens),
      stream: true as const,
      stream_options: { include_usage: true },
      ...(request.tools?.length ? { tools: wireTools(request.tools) } : {}),
      ...(request.format ? { response_format: formatField(this.dialect, request.format) } : {}),
    };
  }

  private async chatOnce(request: ModelRequest): Promise<ModelResult> {
    // What was streamed before a failure: a reply cut midway still cost its tokens.
    const progress = { streaming: false, content: '' };
    try {
      const body = this.requestBody(request);
      const stream = await (
        await this.connect(request.signal)
      ).chat.completions.create(body as unknown as OpenAI.ChatCompletionCreateParamsStreaming, {
        signal: request.signal,
      });
      progress.streaming = true;
      return await this.readStream(request, stream, body, progress);
    } catch (error) {
      const { streaming, content } = progress;
      const mapped = await this.fail(error, request.model, { streaming, aborted: request.signal.aborted });
      if (streaming && content) mapped.billed = { outputTokens: streamedTokens(content) };
      return { ok: false, error: mapped };
    }
  }

  private async readStream(
    request: ModelRequest,
    stream: AsyncIterable<OpenAI.ChatCompletionChunk> & { controller: AbortController },
    body: Record<string, unknown>,
    progress: { content: string },
  ): Promise<ModelResult> {
    const calls = new ToolCallCollector(new StreamBudget(request.maxChars));
    let finish: string | undefined;
    let usage: unknown;
    let timings: unknown;
    let model = request.model;
    for await (const chunk of stream) {
      if (request.signal.aborted) return stopped();
      if (chunk.model) model = chunk.model;
      if (chunk.usage) usage = chunk.usage;
      const extra = chunk as unknown as { timings?: unknown };
      if (extra.timings) timings = extra.timings;
      const choice = chunk.choices?.[0];
      const piece = choice?.delta?.content ?? '';
      if (piece) {
        progress.content += piece;
        request.onToken?.(piece);
      }
      const problem = calls.add(choice?.delta?.tool_calls);
      if (problem) {
        stream.controller.abort();
        return overBudget(problem);
      }
      if (choice?.finish_reason) finish = choice.finish_reason;
      if (request.maxChars !== undefined && progress.content.length > request.maxChars) {
        stream.controller.abort();
        return cutAtLimit({ model, content: progress.content, toolCalls: calls.done() }, request.maxChars);
      }
    }
    const { content } = progress;
    // The SDK ends the iteration quietly when the signal fires.
    if (request.signal.aborted) return stopped();
    // llama-cpp-python fails some requests (a prompt over its window) after "200 OK" with an empty
    // stream; asked once more without streaming, it answers in its own words (a 400).
    if (!finish && !content && calls.done().length === 0) return await this.chatWhole(request, body);
    if (!finish)
      return {
        ok: false,
        error: { kind: 'stream', retryable: true, message: 'the reply stream ended without a finish reason' },
      };
    const toolCalls: ToolCall[] = calls.done();
    return { ok: true, reply: { model, content, toolCalls, stats: statsFrom(usage, timings, finish) } };
  }

  private async chatWhole(request: ModelRequest, streamed: Record<string, unknown>): Promise<ModelResult> {
    try {
      const { stream_options: _usage, ...rest } = streamed;
      const body = { ...rest, stream: false };
      const completion = await (
        await this.connect(request.signal)
      ).chat.completions.create(body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming, {
        signal: request.signal,
      });
      const choice = completion.choices?.[0];
      const content = choice?.message?.content ?? '';
      if (content) request.onToken?.(content);
      const calls = new ToolCallCollector();
      calls.add((choice?.message?.tool_calls ?? []).map((call, index) => ({ index, ...call })));
      const extra = completion as unknown as { timings?: unknown };
      const stats = statsFrom(completion.usage, extra.timings, choice?.finish_reason ?? undefined);
      if (!choice?.finish_reason)
        return {
          ok: false,
          error: { kind: 'stream', retryable: true, message: 'the server sent an empty reply with no finish reason' },
        };
      return { ok: true, reply: { model: completion.model || request.model, content, toolCalls: calls.done(), stats } };
    } catch (error) {
      return { ok: false, error: await this.fail(error, request.model, { aborted: request.signal.aborted }) };
    }
  }

  /**
   * P2: a server with a prompt cache (llama.cpp's `cache_prompt`, on by default; llama-cpp-python
   * keeps the last prompt it read) reads the prefix now; one token is generated. A server
   * without one reads it again later: the warm-up then costs only time.
   */
  async warm(request: ModelRequest): Promise<WarmResult> {
    try {
      const completion = await (
        await this.connect(request.signal)
      ).chat.completions.create(
        {
          model: request.model,
          messages: toWireMessages(request.messages),
          ...samplingFields(request, defaultMaxTokens),
          max_tokens: 1,
          stream: false,
          ...(request.tools?.length ? { tools: wireTools(request.tools) } : {}),
          cache_prompt: true,
        } as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming,
        { signal: request.signal },
      );
      const extra = completion as unknown as { timings?: unknown };
      return { ok: true, stats: statsFrom(completion.usage, extra.timings, undefined) };
    } catch (error) {
      return { ok: false, error: await this.fail(error, request.model, { aborted: request.signal.aborted }) };
    }
  }

  async listModels(signal?: AbortSignal): Promise<Outcome<LocalModel[]>> {
    const listed = await this.rawModels(signal);
    return listed.ok ? { ok: true, value: listed.value.map((entry) => ({ name: entry.id, size: 0 })) } : listed;
  }

  /** There is no version endpoint in this API: a model list that answers is the sign of life. */
  async version(signal?: AbortSignal): Promise<Outcome<string>> {
    const listed = await this.listModels(signal);
    return listed.ok ? { ok: true, value: 'OpenAI-compatible' } : listed;
  }

  /**
   * The chat API says nothing of capabilities: they are reported unknown (the harness then
   * picks the text protocol for "auto"; native can still be chosen). Context length from
   * llama.cpp's /props, or /v1/models metadata (vLLM's max_model_len, LM Studio's and others'
   * context_length); else it stays unknown and the settings decide (the page says which).
   */
  async describe(model: string, signal?: AbortSignal): Promise<ModelInfo | ModelError> {
    const listed = await this.rawModels(signal);
    if (!listed.ok) return listed.error;
    const entry = listed.value.find((item) => item.id === model) as Record<string, unknown> | undefined;
    const meta = (entry?.meta ?? {}) as Record<string, unknown>;
    const contextLength =
      (await this.propsContext(signal)) ??
      numberAt(entry?.max_model_len) ??
      numberAt(entry?.context_length) ??
      numberAt(entry?.max_context_length) ??
      numberAt(meta.n_ctx);
    return {
      name: model,
      capabilities: ['completion'],
      capabilitiesUnknown: true,
      ...(contextLength ? { contextLength } : {}),
    };
  }

  /** Every entry of /v1/models as the server sent it (metadata included), all pages. */
  private async rawModels(signal?: AbortSignal): Promise<Outcome<{ id: string }[]>> {
    const side = sideReadSignal(signal);
    try {
      const entries: { id: string }[] = [];
      const pages = (await this.connect()).models.list({ signal: side });
      for await (const entry of pages) {
        entries.push(entry);
        // Pages are bounded one by one; so is their number.
        if (entries.length > maxListedModels) break;
      }
      return { ok: true, value: entries };
    } catch (error) {
      const busy = side.aborted ? sideReadTimeout(this.host, '/v1/models', signal) : undefined;
      if (busy) return { ok: false, error: busy };
      return { ok: false, error: await this.fail(error, '') };
    }
  }

  /** llama.cpp's server says the window it serves with at /props; others answer 404 there. */
  private async propsContext(signal?: AbortSignal): Promise<number | undefined> {
    try {
      const headers: Record<string, string> = this.options.apiKey
        ? { authorization: `Bearer ${this.options.apiKey}` }
        : {};
      const url = `${openAIBase(this.host).replace(/\/v1$/, '')}/props`;
      const sent = await this.fetcher()(url, { headers, signal: sideReadSignal(signal) });
      const response = withBoundedBody(sent, { totalBytes: maxPropsBytes });
      if (!response.ok) return undefined;
      const props = (await response.json()) as { default_generation_settings?: { n_ctx?: unknown }; n_ctx?: unknown };
      return numberAt(props.default_generation_settings?.n_ctx) ?? numberAt(props.n_ctx);
    } catch {
      return undefined;
    }
  }
}
