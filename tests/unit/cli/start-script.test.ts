/**
 * U1: `npm start` stops when it is stopped. It ran `vite` under npm's shell, and a SIGTERM to npm
 * reached only the shell: the dev server lived on, serving the port.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** The port is free once nothing listens on it: a busy server that is slow to answer is still there. */
async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  const bound = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (bound) await new Promise((resolve) => server.close(resolve));
  return bound;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 200)))
    if (await check()) return true;
  return false;
}

describe('U1 npm start', () => {
  it('U1 a SIGTERM to npm start closes the dev server it started', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const npm = spawn('npm', ['start', '--', '--port', String(port)], { stdio: 'ignore' });
    try {
      expect(await until(() => answers(url), 40_000)).toBe(true);
      npm.kill('SIGTERM');
      expect(await until(() => portFree(port), 10_000)).toBe(true);
    } finally {
      npm.kill('SIGKILL');
    }
  });
});
