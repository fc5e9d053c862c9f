/**
 * M2 live: `npm run agent` end to end against the two real OpenAI-compatible servers — Ollama's
 * /v1 and llama-cpp-python. As in harness-live, what is asserted is what the harness does with a
 * small model's output (a typed outcome, the exit code, the figures), never that it solved the task.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, lastJson } from '../unit/cli/cli-helpers';
import { exitCodeFor } from '../../src/cli/exit-codes';
import { liveSuite } from './live-suite';
import { secondLiveModel } from './live-target';
import { findLlamaCppServer, requireOrSkip } from './openai-targets';

function workspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'harness-live-openai-'));
  writeFileSync(path.join(root, 'README.md'), '# Demo\nThe answer is 42.\n');
  return root;
}

const targets: { label: string; host: string; model: string; usage: boolean; tools?: string }[] = [];
const ollama = await liveSuite();
if (ollama)
  targets.push({
    label: `Ollama ${ollama.version} /v1`,
    host: `${ollama.host}/v1`,
    model: secondLiveModel,
    usage: true,
    ...(ollama.toolModel ? { tools: ollama.toolModel } : {}),
  });
const llama = await requireOrSkip(await findLlamaCppServer());
if (llama)
  targets.push({
    label: `llama-cpp-python ${llama.version}`,
    host: llama.host,
    model: llama.model,
    usage: false,
    tools: llama.model,
  });

for (const target of targets)
  describe(`M2 npm run agent against ${target.label}`, () => {
    // Few steps and short replies: a CPU-only run costs seconds per reply (grammar sampling more).
    const run = (model: string, extra: string[], steps = 2) =>
      cli([
        ...['--workspace', workspace(), '--host', target.host, '--model', model, '--max-steps', String(steps)],
        ...['--num-predict', '48', '--num-ctx', '4096', '--approval', 'never', '--json', ...extra],
        'Read README.md and tell me the answer.',
      ]);

    it('M2 a full run finds the server kind, streams, parses and ends typed with the matching exit code', async () => {
      const result = await run(target.model, []);
      const json = lastJson(result.stdout);
      expect(['final', 'limit', 'error']).toContain(json.outcome.kind);
      expect(result.code).toBe(exitCodeFor(json.outcome));
      expect(json.steps).toBeGreaterThanOrEqual(1);
      expect(json.protocol).toBe('text');
      expect(result.stderr).toContain('OpenAI-compatible server');
      expect(result.stderr).toContain(`step 1: asking ${target.model}`);
      // Token figures: the server's where it streams usage, the harness's estimate otherwise.
      expect(json.usage.promptTokens).toBeGreaterThan(100);
    });

    it.runIf(target.tools)('M2 T6 --protocol native sends the tools over the chat API and ends typed', async () => {
      const result = await run(target.tools!, ['--protocol', 'native'], 1);
      const json = lastJson(result.stdout);
      expect(result.code).toBe(exitCodeFor(json.outcome));
      expect(json.protocol).toBe('native');
    });

    it('M2 constrained output over response_format ends typed (each server in its own dialect)', async () => {
      const result = await run(target.model, ['--protocol', 'constrained'], 1);
      const json = lastJson(result.stdout);
      expect(result.code).toBe(exitCodeFor(json.outcome));
      expect(json.outcome.kind === 'error' ? JSON.stringify(json.outcome) : '').not.toMatch(/response_format/);
    });
  });
