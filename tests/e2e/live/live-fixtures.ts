/**
 * O3 in the page: the real Ollama the live suite runs against, a second Ollama this test starts
 * itself (for CORS), and the built app served from another origin. Nothing is faked: without a
 * real server the tests are skipped with the reason (and fail when CI requires them).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { buildPlan } from '../../../scripts/ollama/provision.mjs';
import { findLiveServer } from '../../live/live-target';
import type { LiveLookup } from '../../live/live-target';

export async function liveOrReason(): Promise<LiveLookup> {
  const found = await findLiveServer();
  if (!found.ok && process.env.HARNESS_REQUIRE_LIVE === '1')
    throw new Error(`HARNESS_REQUIRE_LIVE=1 but the live page tests cannot run: ${found.reason}`);
  return found;
}

/** The provisioned Ollama binary and model store, when `npm run ollama:serve` made them here. */
export function provisionedOllama(): { bin: string; models: string } | undefined {
  const { paths } = buildPlan();
  return existsSync(paths.bin) ? { bin: paths.bin, models: paths.models } : undefined;
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `ollama serve` on a port, with or without extra allowed origins; resolves when it answers. */
export async function startOllama(options: {
  bin: string;
  models: string;
  port: number;
  origins?: string;
}): Promise<ChildProcess> {
  const child = spawn(options.bin, ['serve'], {
    env: {
      ...process.env,
      OLLAMA_HOST: `127.0.0.1:${options.port}`,
      OLLAMA_MODELS: options.models,
      ...(options.origins ? { OLLAMA_ORIGINS: options.origins } : { OLLAMA_ORIGINS: '' }),
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/api/version`)).ok) return child;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`ollama serve did not answer on port ${options.port}`);
}

export async function stopOllama(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** The built app (dist/) from another loopback origin, cross-origin isolated like the preview server. */
export async function serveDist(host: string): Promise<{ server: Server; origin: string }> {
  const root = join(process.cwd(), 'dist');
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || path === '/') file = join(root, 'index.html');
    response.writeHead(200, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'credentialless',
    });
    response.end(readFileSync(file));
  });
  const port = await freePort(host);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { server, origin: `http://${host}:${port}` };
}
