#!/usr/bin/env node
// npm run ollama:verify-build [-- --march TARGET] — proves the build flags from a clean cache:
// builds Ollama into a fresh temporary cache with a fresh Go build cache (so nothing is reused
// from an earlier build), then, for this CPU, serves it and asks for its version. With
// `--march sapphirerapids` (an Intel target with AMX and AVX-512) it checks that such a target
// links on this machine too; that binary is not run, since this CPU may lack those instructions.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const log = (line) => process.stderr.write(`[ollama:verify-build] ${line}\n`);
const marchIndex = process.argv.indexOf('--march');
const march = marchIndex > 0 ? process.argv[marchIndex + 1] : undefined;
const keep = process.argv.includes('--keep');

const scratch = mkdtempSync(join(tmpdir(), 'ollama-verify-'));
process.env.HARNESS_CACHE = join(scratch, 'cache');
process.env.GOCACHE = join(scratch, 'gocache');
if (march) process.env.HARNESS_OLLAMA_MARCH = march;
// Imported after the environment is set: the cache root and the flags are read from it.
const { buildPlan, ensureOllama, ProvisionError } = await import('./provision.mjs');

async function serveAndAsk(bin) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(bin, ['serve'], {
    env: { ...process.env, OLLAMA_HOST: `127.0.0.1:${port}`, OLLAMA_MODELS: join(scratch, 'models') },
    stdio: 'ignore',
  });
  try {
    for (let tries = 0; tries < 120; tries++) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/version`);
        if (response.ok) return (await response.json()).version;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new ProvisionError('the built ollama did not answer /api/version within 30 s');
  } finally {
    child.kill('SIGTERM');
  }
}

try {
  const { flags, reasons } = buildPlan();
  log(`clean cache in ${scratch}; flags: ${flags} (${reasons.join('; ')})`);
  const started = Date.now();
  const bin = await ensureOllama(log);
  log(`linked in ${Math.round((Date.now() - started) / 1000)} s`);
  if (march) {
    log(`built for -march=${march}: links; not run (this CPU may lack its instructions)`);
  } else {
    log(`serves: Ollama ${await serveAndAsk(bin)}`);
  }
  process.stdout.write(
    `verified: ${march ? `links for -march=${march}` : 'builds and serves on this CPU'} with ${flags}\n`,
  );
} catch (error) {
  log(`error: ${error instanceof ProvisionError ? error.message : (error.stack ?? error.message)}`);
  process.exitCode = 1;
} finally {
  if (!keep) rmSync(scratch, { recursive: true, force: true });
}
