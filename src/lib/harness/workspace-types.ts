/** The workspace port and its data (W1–W5): files, commands, and what the environment is. */

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
  /**
   * W3: whether commands are confined to the workspace. False for a real directory: run_shell
   * reaches the whole machine with the user's rights, and the prompt must not say "sandboxed".
   */
  sandboxed: boolean;
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
