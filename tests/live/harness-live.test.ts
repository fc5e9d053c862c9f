/**
 * O3 live: the harness against a real Ollama and a real small model. A small model behaves
 * badly by nature; these tests assert what the harness does with its output (parse, notice,
 * constrain, compact, stop with a typed outcome), never that the model solved the task.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveSuite } from './live-suite';
import { cli, lastJson } from '../unit/cli/cli-helpers';
import { Agent } from '../../src/lib/harness/agent';
import type { HarnessEvent } from '../../src/lib/harness/events';
import { defaultSettings } from '../../src/lib/harness/settings';
import { OllamaModelClient } from '../../src/lib/model/ollama-model-client';
import { MemorySessionStore } from '../../src/lib/store/memory-session-store';
import { NodeDirectoryWorkspace } from '../../src/lib/workspace/node-directory-workspace';
import { analyzeShellCommand } from '../../src/lib/workspace/shell-command-analyzer';
import { baseTools } from '../../src/lib/harness/tools/tool-registry';
import { envelopeSchemaFor, parseEnvelope } from '../../src/lib/harness/protocol/constrained-output';
import { ContextBudget } from '../../src/lib/harness/context/context-budget';
import { TokenEstimator } from '../../src/lib/harness/context/token-estimator';
import { exitCodeFor } from '../../src/cli/exit-codes';

const live = await liveSuite();

function workspace(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'harness-live-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

async function post(host: string, body: Record<string, unknown>) {
  const response = await fetch(`${host}/api/chat`, {
    method: 'POST',
    body: JSON.stringify({ stream: false, ...body }),
  });
  return (await response.json()) as Record<string, unknown>;
}

if (live) {
  describe(`O3 the harness against Ollama ${live.version} and ${live.model}`, () => {
    it('O3 a full CLI run streams, parses and ends with a typed outcome and the matching exit code', async () => {
      const root = workspace({
        'README.md': '# Demo\nThe answer is 42.\n',
        'sum.js': 'export const sum = (a, b) => a - b;\n',
      });
      const run = await cli([
        '--workspace',
        root,
        '--host',
        live.host,
        '--model',
        live.model,
        '--max-steps',
        '3',
        '--num-predict',
        '96',
        '--num-ctx',
        '4096',
        '--approval',
        'never',
        '--json',
        'Read README.md and tell me the answer.',
      ]);
      const result = lastJson(run.stdout);
      expect(['final', 'limit', 'error']).toContain(result.outcome.kind);
      expect(run.code).toBe(exitCodeFor(result.outcome));
      expect(result.steps).toBeGreaterThanOrEqual(1);
      expect(result.steps).toBeLessThanOrEqual(3);
      expect(result.usage.promptTokens).toBeGreaterThan(100);
      expect(result.protocol).toBe('text');
      expect(run.stderr).toContain(`step 1: asking ${live.model}`);
      expect(run.stderr).toMatch(/reply: \d+ chars, \d+ tokens out, \d+ in/);
    });

    it('T6 O3 a CLI run with --protocol native on the tools model sends the tools as the server expects and ends typed', async () => {
      const toolModel = live.toolModel;
      if (!toolModel) throw new Error('no model on the live server lists "tools" (npm run ollama:serve imports one)');
      // A recording relay between the CLI and the real server: what was sent, and what came back.
      const seen: { body: Record<string, unknown>; status: number }[] = [];
      const relay = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          void fetch(`${live.host}${request.url}`, {
            method: request.method,
            headers: { 'Content-Type': 'application/json' },
            ...(request.method === 'POST' ? { body: text } : {}),
          }).then(async (upstream) => {
            if (request.url === '/api/chat')
              seen.push({ body: JSON.parse(text) as Record<string, unknown>, status: upstream.status });
            response.writeHead(upstream.status, {
              'Content-Type': upstream.headers.get('content-type') ?? 'application/json',
            });
            response.end(Buffer.from(await upstream.arrayBuffer()));
          });
        });
      });
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
      const relayHost = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
      try {
        const root = workspace({ 'README.md': '# Demo\nThe answer is 42.\n' });
        const run = await cli([
          '--workspace',
          root,
          '--host',
          relayHost,
          '--model',
          toolModel,
          '--protocol',
          'native',
          '--max-steps',
          '2',
          '--num-predict',
          '64',
          '--num-ctx',
          '4096',
          '--approval',
          'never',
          '--json',
          'Read README.md and tell me the answer.',
        ]);
        const result = lastJson(run.stdout);
        expect(['final', 'limit', 'error']).toContain(result.outcome.kind);
        expect(run.code).toBe(exitCodeFor(result.outcome));
        expect(result.protocol).toBe('native');
        expect(seen.length).toBeGreaterThanOrEqual(1);
        for (const { body, status } of seen) {
          expect(status).toBe(200);
          const tools = body.tools as { type: string; function: { name: string; parameters: { type: string } } }[];
          expect(tools.map((tool) => tool.function.name)).toContain('read_file');
          for (const tool of tools)
            expect(tool).toMatchObject({ type: 'function', function: { parameters: { type: 'object' } } });
        }
      } finally {
        await new Promise((resolve) => relay.close(resolve));
      }
    });

    it('O3 T6 constrained output (the envelope for the real tools) yields parseable actions from the model', async () => {
      const client = new OllamaModelClient({ host: live.host });
      const format = envelopeSchemaFor(baseTools);
      const prompts = [
        'List the files in the workspace.',
        'Read README.md.',
        'Run the tests with node --test.',
        'Write hello.txt containing hi.',
        'You are done; say so.',
      ];
      const outcomes: string[] = [];
      for (const prompt of prompts) {
        const result = await client.chat({
          model: live.model,
          messages: [
            {
              role: 'system',
              content:
                'You are a coding agent. Reply with one JSON object: ' +
                '{"action":"tool","name":"read_file","args":{"path":"README.md"}} to ' +
                'call a tool, or {"action":"final","final":"answer"} to finish.',
            },
            { role: 'user', content: prompt },
          ],
          format,
          options: { temperature: 0, outputLimit: 256, contextWindow: 2048 },
          signal: AbortSignal.timeout(120_000),
        });
        expect(result.ok).toBe(true);
        if (!result.ok) continue;
        if (result.reply.stats.stopReason !== 'stop') {
          outcomes.push('cut');
          continue;
        }
        const parsed = parseEnvelope(result.reply.content);
        expect(parsed.kind, result.reply.content).not.toBe('malformed');
        if (parsed.kind === 'tool') expect(baseTools.map((tool) => tool.name)).toContain(parsed.calls[0].name);
        outcomes.push(parsed.kind);
      }
      expect(outcomes.filter((kind) => kind !== 'cut').length).toBeGreaterThanOrEqual(3);
    });

    it('O3 R3 a prompt that cannot fit num_ctx: the server refuses it, the harness compacts and never runs a call from a cut prompt', async () => {
      // Characters that take a token each: the harness's 3.5-characters-a-token estimate is too low,
      // so the request really goes out too long and the real server has to say so.
      const dense = Array.from({ length: 2600 }, (_, index) =>
        String.fromCharCode(0x4e00 + ((index * 7919) % 20000)),
      ).join('');
      const root = workspace({ 'notes.txt': `${dense}\n` });
      const events: HarnessEvent[] = [];
      const agent = new Agent({
        model: new OllamaModelClient({ host: live.host }),
        modelName: live.model,
        workspace: new NodeDirectoryWorkspace(root),
        store: new MemorySessionStore(),
        analyzeShell: analyzeShellCommand,
        settings: defaultSettings({
          protocol: 'constrained',
          approval: 'never',
          options: { contextWindow: 2048, outputLimit: 128, temperature: 0 },
          limits: { maxSteps: 4, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 3, maxFailedSteps: 0 },
        }),
        toolOutputChars: 6000,
        onEvent: (event) => events.push(event),
      });
      // The first reply is read from a fresh session; the read's result then overflows num_ctx.
      agent.session.history.push(
        { seq: 0, at: Date.now(), kind: 'user', content: 'Read notes.txt.' },
        {
          seq: 1,
          at: Date.now(),
          kind: 'assistant',
          content: '{"action":"tool","name":"read_file","args":{"path":"notes.txt"}}',
        },
        {
          seq: 2,
          at: Date.now(),
          kind: 'tool',
          name: 'read_file',
          args: { path: 'notes.txt' },
          content: `# notes.txt (lines 1-1 of 1)\n1: ${dense}`,
          ok: true,
        },
      );
      const result = await agent.run('');
      expect(['final', 'limit', 'error']).toContain(result.outcome.kind);
      const truncated = events.filter((event) => event.type === 'context.truncated');
      expect(truncated[0]).toMatchObject({ detectedBy: 'server-refused', discarded: true });
      expect(events.some((event) => event.type === 'compaction')).toBe(true);
      // Nothing ran between the refusal and the compaction.
      const refusedAt = events.indexOf(truncated[0]);
      const compactedAt = events.findIndex((event, index) => index > refusedAt && event.type === 'compaction');
      expect(events.slice(refusedAt, compactedAt).some((event) => event.type === 'tool.started')).toBe(false);
    });

    it('O3 C3 a server that drops messages silently is caught by comparing its count with the estimate', async () => {
      const filler = Array.from({ length: 300 }, (_, index) => `word${index}`).join(' ');
      const messages = [
        { role: 'system', content: 'Be brief.' },
        ...Array.from({ length: 8 }, (_, index) => ({
          role: index % 2 ? 'assistant' : 'user',
          content: `${index}: ${filler}`,
        })),
        { role: 'user', content: 'Done?' },
      ];
      const chars = messages.reduce((sum, message) => sum + message.content.length + 16, 0);
      // No truncate:false here: the server's default behaviour, as older versions always do.
      const body = await post(live.host, {
        model: live.model,
        messages,
        options: { num_ctx: 1024, num_predict: 4, temperature: 0 },
      });
      const counted = body.prompt_eval_count as number;
      expect(counted).toBeLessThanOrEqual(1024);
      const estimator = new TokenEstimator();
      const budget = new ContextBudget({ tokens: 1024, source: 'live test' }, 4);
      expect(budget.truncation({ promptTokens: counted }, estimator.estimate(chars))).toBe('count-below-estimate');
    });

    it('O3 P2 the server reuses the KV cache when a request extends the previous one with its reply', async () => {
      const nonce = `${Date.now()}-${Math.random()}`;
      const system = `Session ${nonce}. ${Array.from({ length: 500 }, (_, index) => `rule${index}`).join(' ')}`;
      const first = [
        { role: 'system', content: system },
        { role: 'user', content: 'Say one word.' },
      ];
      const cold = await post(live.host, {
        model: live.model,
        messages: first,
        options: { num_ctx: 4096, num_predict: 8, temperature: 0 },
      });
      const extended = [
        ...first,
        { role: 'assistant', content: (cold.message as { content: string }).content },
        { role: 'user', content: 'Another word.' },
      ];
      const warm = await post(live.host, {
        model: live.model,
        messages: extended,
        options: { num_ctx: 4096, num_predict: 8, temperature: 0 },
      });
      const coldMs = (cold.prompt_eval_duration as number) / 1e6;
      const warmMs = (warm.prompt_eval_duration as number) / 1e6;
      process.stdout.write(
        `cache reuse: cold prompt ${cold.prompt_eval_count} tokens in ` +
          `${coldMs.toFixed(0)} ms; extended prompt ${warm.prompt_eval_count} ` +
          `tokens in ${warmMs.toFixed(0)} ms\n`,
      );
      // prompt_eval_count counts the cached tokens too; only the duration shows the hit.
      expect(warm.prompt_eval_count as number).toBeGreaterThan(cold.prompt_eval_count as number);
      expect(warmMs).toBeLessThan(coldMs / 3);
    });

    it('O3 U3 the prompt as the model receives it: the chat template renders our messages, without generating', async () => {
      const client = new OllamaModelClient({ host: live.host });
      const messages = [
        { role: 'system' as const, content: 'You are a careful agent.' },
        { role: 'user' as const, content: 'List the files.' },
      ];
      const rendered = await client.renderPrompt(live.model, messages);
      if (!rendered.ok) throw new Error(rendered.error.message);
      // The template wraps both texts in the model's own markers; nothing was generated.
      expect(rendered.value).toContain('You are a careful agent.');
      expect(rendered.value).toContain('List the files.');
      expect(rendered.value.length).toBeGreaterThan('You are a careful agent.List the files.'.length);
      const missing = await client.renderPrompt('no-such-model:1b', messages);
      expect(missing.ok).toBe(false);
    });
  });
}
