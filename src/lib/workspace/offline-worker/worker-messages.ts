/** The messages between the page and the offline-shell worker. Everything here is cloneable. */
import type { PlainGitStat } from '../git/git-fs';

/** A file of the worker's filesystem, for seeding and for the page's copy (binary kept). */
export type FileEntry = { path: string; data: Uint8Array } | { path: string; link: string };

export type WorkerRequest =
  | { id: number; kind: 'init'; entries: FileEntry[]; maxCommandMs?: number }
  | { id: number; kind: 'call'; target: 'workspace' | 'git'; name: string; args: unknown[] }
  | { id: number; kind: 'abort'; callId: number };

export interface WorkerFailure {
  name: string;
  message: string;
  code?: string;
  path?: string;
}

export type WorkerResponse =
  | { id: number; kind: 'result'; value: unknown }
  | { id: number; kind: 'failure'; error: WorkerFailure }
  | { id: number; kind: 'output'; chunk: string; stream: 'stdout' | 'stderr' }
  /** Sent before a command runs when files changed since the last one: the page's copy. */
  | { id: number; kind: 'snapshot'; entries: FileEntry[] };

/** A git stat without its methods (functions do not cross postMessage). */
export type PlainStat = PlainGitStat;
