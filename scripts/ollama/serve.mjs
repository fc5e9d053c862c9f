#!/usr/bin/env node
// npm run ollama:serve — installs (first run) and starts a real Ollama on 127.0.0.1 with the
// test models, prints `OLLAMA_HOST=http://127.0.0.1:PORT MODEL=NAME` once it answers, and runs
// in the foreground until Ctrl-C. Port: OLLAMA_PORT (default 11434), or a free one if taken.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultModel } from './pins.mjs';
import { choosePort, superviseServer } from './local-server.mjs';
import { buildPlan, ensureModels, ensureOllama, ProvisionError } from './provision.mjs';

const log = (line) => process.stderr.write(`[ollama:serve] ${line}\n`);

async function portToUse() {
  const wanted = Number(process.env.OLLAMA_PORT || 11434);
  if (!Number.isInteger(wanted) || wanted <= 0 || wanted > 65535)
    throw new ProvisionError(`OLLAMA_PORT must be a port number, got "${process.env.OLLAMA_PORT}"`);
  return choosePort(wanted, log);
}

async function waitForServer(host, child, deadlineMs) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new ProvisionError(`ollama serve exited with code ${child.exitCode} before answering (see its log)`);
    try {
      const response = await fetch(`${host}/api/version`);
      if (response.ok) return (await response.json()).version;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new ProvisionError(`ollama serve did not answer at ${host} within ${deadlineMs / 1000} s`);
}

async function ensureCreated(bin, host, paths, model) {
  const tags = await (await fetch(`${host}/api/tags`)).json();
  if (tags.models?.some((entry) => entry.name === model.name)) return;
  const modelfile = join(paths.root, `Modelfile.${model.name.replace(/[^\w.-]/g, '_')}`);
  writeFileSync(modelfile, model.modelfile(model.path));
  log(`importing ${model.name} into Ollama (ollama create)`);
  const result = spawnSync(bin, ['create', model.name, '-f', modelfile], {
    env: { ...process.env, OLLAMA_HOST: host },
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new ProvisionError(
      `ollama create ${model.name} failed: ${(result.stderr || result.stdout).trim().split('\n').pop()}`,
    );
}

async function main() {
  const started = Date.now();
  const bin = await ensureOllama(log);
  const ready = await ensureModels(log);
  const { paths } = buildPlan();
  const port = await portToUse();
  const host = `http://127.0.0.1:${port}`;
  mkdirSync(paths.logs, { recursive: true });
  mkdirSync(paths.models, { recursive: true });
  const logFile = join(paths.logs, `serve-${port}.log`);
  const child = spawn(bin, ['serve'], {
    env: {
      ...process.env,
      OLLAMA_HOST: `127.0.0.1:${port}`,
      OLLAMA_MODELS: paths.models,
      OLLAMA_KEEP_ALIVE: process.env.OLLAMA_KEEP_ALIVE || '30m',
      OLLAMA_NOPRUNE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = superviseServer(child, { logFile, name: 'ollama serve', log });
  try {
    const version = await waitForServer(host, child, 60_000);
    for (const model of ready) await ensureCreated(bin, host, paths, model);
    log(
      `Ollama ${version} on ${host} with ` +
        `${ready.map((model) => model.name).join(', ')} (log: ${logFile}; ` +
        `ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } catch (error) {
    stop('SIGTERM');
    throw error;
  }
  process.stdout.write(`OLLAMA_HOST=${host} MODEL=${defaultModel}\n`);
}

main().catch((error) => {
  log(`error: ${error instanceof ProvisionError ? error.message : (error.stack ?? error.message)}`);
  process.exit(1);
});
