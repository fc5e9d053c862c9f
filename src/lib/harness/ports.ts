/**
 * The ports the harness needs from the outside world. The harness imports no implementation:
 * `ui` and `cli` wire a model client, a workspace and a store into it (DESIGN.md).
 */
import type { HistoryItem, Session, SessionMeta, SessionSummary } from './session';
import type { HarnessEvent } from './events';

// ---------------------------------------------------------------- model

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

/** A tool declaration in the function-calling shape that Ollama's `tools` field takes. */
export interface NativeToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** Sampling and context options; the client sends every one that is set. */
export interface ModelOptions {
  numCtx?: number;
  numPredict?: number;
  temperature?: number;
  topP?: number;
  seed?: number;
  keepAlive?: string;
}

export interface ModelRequest {
  model: string;
  messages: ChatMessage[];
  /** Present only in the native protocol. */
  tools?: NativeToolDefinition[];
  /** A JSON Schema the reply must follow (constrained output), when the harness asks for one. */
  format?: Record<string, unknown>;
  options: ModelOptions;
  /** Aborting it must end the request promptly with an `aborted` error. */
  signal: AbortSignal;
  /** Called with each streamed piece of text, in order. */
  onToken?: (text: string) => void;
}

/** Statistics of one reply, as the server reported them (durations in nanoseconds). */
export interface ReplyStats {
  promptEvalCount?: number;
  evalCount?: number;
  totalDurationNs?: number;
  loadDurationNs?: number;
  promptEvalDurationNs?: number;
  evalDurationNs?: number;
  doneReason?: string;
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
  | 'context_overflow' // the server refused a prompt longer than num_ctx (instead of cutting it)
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
  contextLength?: number;
}

/**
 * A chat model. Contract: `chat` never throws and never rejects; every failure resolves to
 * `{ ok: false, error }`. It honours `request.signal` while connecting and while streaming.
 */
export interface ModelClient {
  chat(request: ModelRequest): Promise<ModelResult>;
  /** Capabilities and context length of a model; resolves to an error instead of throwing. */
  describe?(model: string): Promise<ModelInfo | ModelError>;
}

// ---------------------------------------------------------------- workspace

export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

export interface DirectoryEntry {
  name: string;
  kind: EntryKind;
}

export interface FileStat {
  kind: EntryKind;
  size: number;
  mtimeMs: number;
}

export interface ExecOptions {
  /** Relative to the workspace root; default the root. */
  cwd?: string;
  /** Kill the command (and all it started) after this many milliseconds. */
  timeoutMs?: number;
  signal?: AbortSignal;
  env?: Record<string, string>;
  /** Streamed output, as it arrives. */
  onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void;
}

export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** True when the backend cannot separate the streams and everything is in `stdout`. */
  merged?: boolean;
  /** Characters dropped because the command printed more than the backend keeps. */
  droppedChars?: number;
}

/** What the environment truthfully is; drives the prompt's environment section (W5). */
export interface WorkspaceDescription {
  /** Stable id, e.g. "node-directory", "memory-shell", "webcontainer". */
  backend: string;
  /** One line for people and the model. */
  label: string;
  os: string;
  shell: string;
  /** What does and does not persist between commands. */
  persistence: string;
  /** Programs that exist, so that the prompt offers only those. */
  has: { node: boolean; npm: boolean; git: boolean; network: boolean };
  /** A command that works on this backend, used as the run_shell example. */
  exampleCommand: string;
  /** Anything else the model must know, one sentence each. */
  notes: string[];
}

/** Live repository facts (W4); `repository: false` when there is no git repository. */
export interface RepoContext {
  cwd: string;
  repository: boolean;
  repoRoot: string;
  branch: string;
  defaultBranch: string;
  status: string;
  recentCommits: string[];
  docs: { path: string; text: string }[];
  /** Why something is missing, e.g. "no git repository". */
  note?: string;
}

/**
 * Reading side of a workspace. Paths are relative to the root, `/`-separated; `..`, absolute
 * paths and links that leave the root reject with a `WorkspaceError` naming the path (W3).
 * Every method rejects only with `WorkspaceError`.
 */
export interface ReadonlyWorkspace {
  describe(): WorkspaceDescription;
  readFile(path: string): Promise<string>;
  readdir(path: string): Promise<DirectoryEntry[]>;
  /** Resolves to null when nothing is at the path. */
  stat(path: string): Promise<FileStat | null>;
  repoContext(): Promise<RepoContext>;
}

/**
 * A workspace the agent may change (W1, W2). `exec` resolves even for failing, timed-out and
 * aborted commands: a timed-out or aborted command is killed with everything it started.
 */
export interface Workspace extends ReadonlyWorkspace {
  writeFile(path: string, content: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  remove(path: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  exec(command: string, options?: ExecOptions): Promise<ExecResult>;
}

// ---------------------------------------------------------------- store

/**
 * Where sessions live. Contract: `appendItem` resolves only once the item is durable (the
 * loop does not start the next step before that); `saveMeta` replaces the metadata (memory,
 * settings, title) and never touches items. Rejections are reported, never lose stored data.
 */
export interface SessionStore {
  /** Writes a whole session, replacing any stored one with the same id. */
  saveSession(session: Session): Promise<void>;
  saveMeta(meta: SessionMeta): Promise<void>;
  appendItem(sessionId: string, item: HistoryItem): Promise<void>;
  /** Stores events of a session (token events are not passed here). */
  appendEvents(sessionId: string, events: HarnessEvent[]): Promise<void>;
  load(sessionId: string): Promise<Session | null>;
  loadEvents(sessionId: string): Promise<HarnessEvent[]>;
  list(): Promise<SessionSummary[]>;
  delete(sessionId: string): Promise<void>;
}

// ---------------------------------------------------------------- approval

export interface ApprovalRequest {
  tool: string;
  args: Record<string, unknown>;
  /** A unified diff for file writes and patches, when one can be made. */
  diff?: string;
  sessionId: string;
  step: number;
}

export interface ApprovalDecision {
  approved: boolean;
  /** Approve this tool for the rest of the session without asking again. */
  remember?: boolean;
  reason?: string;
}

/**
 * Asks a person (or a script) whether a risky tool call may run. Must resolve (deny when in
 * doubt); an aborted signal resolves to a denial.
 */
export interface Approver {
  approve(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision>;
}
