/**
 * A ModelClient that replays a script of replies and records every request it got. Used by
 * tests, the benchmark and the demo model. Its statistics follow Ollama's fields, with token
 * counts estimated from characters (about 4 a token) when the script gives none.
 */
import { sleep } from '../harness/recovery/retry-policy';
import type { WarmResult } from '../harness/model-types';
import type {
  ModelClient,
  ModelError,
  ModelInfo,
  ModelRequest,
  ModelResult,
  ReplyStats,
  ToolCall,
} from '../harness/ports';

export type ScriptedReply =
  | { text: string; toolCalls?: ToolCall[]; stats?: ReplyStats; delayMs?: number; chunkSize?: number }
  | { toolCalls: ToolCall[]; text?: string; stats?: ReplyStats; delayMs?: number; chunkSize?: number }
  | { error: ModelError; delayMs?: number }
  /** Computes the reply from the request (for replies that depend on what the harness sent). */
  | { respond: (request: ModelRequest) => ScriptedReply };

export interface ScriptedModelOptions {
  capabilities?: string[];
  contextLength?: number;
  /** What to do when the script runs out: an error (default) or repeat the last reply. */
  whenExhausted?: 'error' | 'repeat-last';
}

const aborted: ModelResult = {
  ok: false,
  error: { kind: 'aborted', message: 'the request was aborted', retryable: false },
};

const flatPrompt = (request: ModelRequest) =>
  request.messages.map((message) => `${message.role}:${message.content}\n`).join('');

export class ScriptedModelClient implements ModelClient {
  readonly requests: ModelRequest[] = [];
  private position = 0;
  /** What a server's KV cache would hold: the last prompt and its reply, as flat text. */
  private cached = '';

  constructor(
    private readonly script: ScriptedReply[],
    private readonly options: ScriptedModelOptions = {},
  ) {}

  get remaining(): number {
    return this.script.length - this.position;
  }

  async describe(model: string): Promise<ModelInfo> {
    return {
      name: model,
      capabilities: this.options.capabilities ?? ['completion'],
      contextLength: this.options.contextLength,
    };
  }

  /** P2: the warm-ups asked for, as sent; each fills the cache as a server's would. */
  readonly warmed: ModelRequest[] = [];

  async warm(request: ModelRequest): Promise<WarmResult> {
    this.warmed.push({ ...request, messages: request.messages.map((message) => ({ ...message })) });
    const read = this.read(flatPrompt(request), '');
    return {
      ok: true,
      stats: { promptTokens: read.promptTokens, promptSeconds: read.evaluated / 1000 },
    };
  }

  /** As a local server: only the part after the start it shares with the cache is evaluated. */
  private read(prompt: string, reply: string): { promptTokens: number; evaluated: number } {
    let shared = 0;
    while (shared < this.cached.length && shared < prompt.length && this.cached[shared] === prompt[shared]) shared++;
    this.cached = `${prompt}assistant:${reply}\n`;
    return {
      promptTokens: Math.ceil(prompt.length / 4),
      evaluated: Math.max(1, Math.ceil((prompt.length - shared) / 4)),
    };
  }

  async chat(request: ModelRequest): Promise<ModelResult> {
    // Requests are recorded as sent; messages are copied because the harness reuses arrays.
    this.requests.push({ ...request, messages: request.messages.map((message) => ({ ...message })) });
    let entry = this.script[this.position];
    if (entry) this.position++;
    else if (this.options.whenExhausted === 'repeat-last' && this.script.length)
      entry = this.script[this.script.length - 1];
    else
      return {
        ok: false,
        error: {
          kind: 'server',
          message: `the scripted model has no reply left (it had ${this.script.length})`,
          retryable: false,
        },
      };
    while ('respond' in entry) entry = entry.respond(request);
    if (entry.delayMs && !(await sleep(entry.delayMs, request.signal))) return aborted;
    if (request.signal.aborted) return aborted;
    if ('error' in entry) return { ok: false, error: entry.error };
    // Like a real client, at most `maxChars` of a reply are kept (a flood is cut, "length").
    const full = entry.text ?? '';
    const text =
      request.maxChars !== undefined && full.length > request.maxChars ? full.slice(0, request.maxChars) : full;
    const size = entry.chunkSize ?? 16;
    // As a real stream: an abort between pieces ends it (the harness stops a runaway reply so).
    for (let index = 0; index < text.length; index += size) {
      if (request.signal.aborted) return aborted;
      request.onToken?.(text.slice(index, index + size));
    }
    if (request.signal.aborted) return aborted;
    const { promptTokens, evaluated } = this.read(flatPrompt(request), text);
    // Durations as a small local model might report them (50 tokens/s out, 1 ms a prompt token).
    const outputTokens = Math.max(1, Math.ceil(text.length / 4));
    const stats: ReplyStats = {
      promptTokens,
      outputTokens,
      totalSeconds: (evaluated + outputTokens * 20) / 1000,
      loadSeconds: 0,
      promptSeconds: evaluated / 1000,
      outputSeconds: outputTokens / 50,
      stopReason: 'stop',
      ...entry.stats,
      ...(text.length < full.length ? { stopReason: 'length' } : {}),
    };
    return { ok: true, reply: { model: request.model, content: text, toolCalls: entry.toolCalls ?? [], stats } };
  }
}
