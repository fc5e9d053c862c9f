/** Runs `npm run agent` as a real process against a fake Ollama, in temporary folders. */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Outcome } from '../../../src/lib/harness/outcome';
import { FakeOllamaServer } from '../../fixtures/fake-ollama-server';
import type { FakeReply } from '../../fixtures/fake-ollama-server';

export const servers: FakeOllamaServer[] = [];

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Sessions and tasks go to a temporary state folder, never the developer's own. */
export const stateDirectory = mkdtempSync(path.join(tmpdir(), 'harness-state-'));

export function cli(
  args: string[],
  options: { input?: string; env?: Record<string, string>; onStderr?: (text: string, kill: () => void) => void } = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/agent.ts', ...args], {
      cwd: process.cwd(),
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, HARNESS_STATE_DIR: stateDirectory, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      options.onStderr?.(stderr, () => child.kill('SIGINT'));
    });
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export async function fake(script: FakeReply[]): Promise<{ host: string; server: FakeOllamaServer }> {
  const server = new FakeOllamaServer({ script });
  servers.push(server);
  return { host: await server.start(), server };
}

export async function stopServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
}

export function project(files: Record<string, string> = { 'sum.js': 'export const sum = (a, b) => a - b;\n' }): string {
  const root = mkdtempSync(path.join(tmpdir(), 'harness-cli-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

/** The `--json` line the agent CLI prints last: the fields tests read, the rest unchecked. */
export interface CliResult {
  sessionId: string;
  outcome: Outcome;
  steps: number;
  protocol: string;
  usage: { promptTokens: number; totalTokens: number };
  [key: string]: unknown;
}

export const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as CliResult;
