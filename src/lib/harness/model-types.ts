/** The model port and its data: what the harness sends a chat model and what comes back. */

/** One message of a chat request, in the harness's own shape (not a wire type). */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** Native tool calls made by an assistant message. */
  toolCalls?: ToolCall[];
  /** For role "tool": which tool produced this result. */
  toolName?: string;
}

/** A tool call as the model asked for it; arguments are whatever the model sent. */
export interface ToolCall {
  name: string;
  arguments: unknown;
}

/**
 * A tool as the harness declares it to a model: its name, what it does, and a JSON Schema of its
 * arguments. Each client wraps it in its server's shape (both Ollama and the chat-completions API
 * take `{ type: "function", function: … }` today).
 */
export interface ToolDeclaration {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * What the harness asks of a model's run, named for what it means; each client maps the names to
 * its server's fields (Ollama: num_ctx, num_predict, keep_alive, num_thread; chat completions:
 * max_tokens; its context window is fixed when the server starts). Unset: the server decides.
 */
export interface ModelOptions {
  /** Tokens of context the model works in (prompt and reply together). */
  contextWindow?: number;
  /** The most tokens of reply. */
  outputLimit?: number;
  temperature?: number;
  topP?: number;
  seed?: number;
  /** How long the server keeps the model loaded after a request ("10m", "0" to unload). */
  keepLoaded?: string;
  /** CPU threads the server uses for this model. */
  threads?: number;
}

export interface ModelRequest {
  model: string;
  messages: ChatMessage[];
  /** Present only in the native protocol. */
  tools?: ToolDeclaration[];
  /** A JSON Schema the reply must follow (constrained output), when the harness asks for one. */
  format?: Record<string, unknown>;
  options: ModelOptions;
  /**
   * The most characters of reply to keep: a client stops reading there and returns what it has,
   * with stop reason "length" (a server that ignores the output limit cannot flood the harness).
   */
  maxChars?: number;
  /** Aborting it must end the request promptly with an `aborted` error. */
  signal: AbortSignal;
  /** Called with each streamed piece of text, in order. */
  onToken?: (text: string) => void;
}

/**
 * Statistics of one reply, in what they mean rather than in one server's field names: tokens as
 * counted by the server, times in seconds. A figure the server did not give stays undefined.
 */
export interface ReplyStats {
  /** Tokens of the prompt, cached ones included (Ollama's prompt_eval_count, OpenAI's prompt_tokens). */
  promptTokens?: number;
  /** Prompt tokens the server took from its cache, where it reports them (P2). */
  cachedPromptTokens?: number;
  /** Tokens of the reply. */
  outputTokens?: number;
  totalSeconds?: number;
  /** Seconds spent loading the model before the prompt was read. */
  loadSeconds?: number;
  /** Seconds spent reading the prompt. */
  promptSeconds?: number;
  /** Seconds spent writing the reply. */
  outputSeconds?: number;
  /** Why the reply ended: "stop", "length" (the output limit), or the server's own word. */
  stopReason?: string;
}

export interface ModelReply {
  model: string;
  content: string;
  toolCalls: ToolCall[];
  stats: ReplyStats;
}

export type ModelErrorKind =
  | 'unreachable' // connection refused, DNS, CORS refusal (indistinguishable in a browser)
  | 'not_found' // the model is not on the server
  | 'tools_unsupported' // native tools requested from a model without the capability
  | 'context_too_small' // the prompt cannot fit even after compaction
  | 'context_overflow' // the server refused a prompt longer than its context window, instead of cutting it
  | 'overloaded' // 429 / 503: try again later
  | 'server' // 5xx and other server-side failures
  | 'stream' // the stream broke or carried an error line mid-way
  | 'bad_reply' // the server answered with something that is not the protocol
  | 'aborted'; // the caller's signal fired

/** A failed model request, as data. `message` is written for a person and says what to do. */
export interface ModelError {
  kind: ModelErrorKind;
  message: string;
  /** Whether trying the same request again may succeed. */
  retryable: boolean;
  status?: number;
  /** From a Retry-After header, when the server sent one. */
  retryAfterMs?: number;
  /** Statistics of a reply that was billed before it failed (they still count, L1). */
  billed?: ReplyStats;
}

export type ModelResult = { ok: true; reply: ModelReply } | { ok: false; error: ModelError };

export interface ModelInfo {
  name: string;
  /** E.g. "completion", "tools", "vision", "thinking". */
  capabilities: string[];
  /** M2: the server does not say (the chat-completions API has no capabilities): none are assumed. */
  capabilitiesUnknown?: boolean;
  contextLength?: number;
}

/** What a warm-up got: the server's figures for reading the prefix, or why it could not. */
export type WarmResult = { ok: true; stats: ReplyStats } | { ok: false; error: ModelError };

/**
 * A chat model. Contract: `chat` never throws and never rejects; every failure resolves to
 * `{ ok: false, error }`. It honours `request.signal` while connecting and while streaming.
 */
export interface ModelClient {
  chat(request: ModelRequest): Promise<ModelResult>;
  /**
   * Capabilities and context length of a model; resolves to an error instead of throwing, and
   * gives up when `signal` fires (or after the client's own time limit for such reads).
   */
  describe?(model: string, signal?: AbortSignal): Promise<ModelInfo | ModelError>;
  /**
   * P2: has the server read `request` into its prompt cache (generating at most a token), so a
   * later request that starts with it reads only the rest. Absent where a client cannot. Never
   * throws; follows `request.signal`.
   */
  warm?(request: ModelRequest): Promise<WarmResult>;
}
