/**
 * M2, M3 through the command line: `npm run agent` against an OpenAI-compatible server (chosen
 * or found), the API key from the environment only, and `npm run eval --hosts` spreading one
 * sweep over two servers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeOpenAIServer } from '../../fixtures/fake-openai-server';
import type { FakeOpenAIOptions } from '../../fixtures/fake-openai-server';
import { FakeOllamaServer } from '../../fixtures/fake-ollama-server';
import { parseResults } from '../../../src/lib/evals/results-file';
import { parseHostList } from '../../../src/cli/eval-hosts';
import { cli, lastJson, project } from './cli-helpers';

const started: { stop(): Promise<void> }[] = [];
const defaults = { kind: 'auto' as const, parallel: 1 };

afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop()));
});

async function openAI(options: Partial<FakeOpenAIOptions> = {}) {
  const server = new FakeOpenAIServer({ dialect: 'ollama', models: ['tiny:1b'], contextLength: 8192, ...options });
  started.push(server);
  return { server, host: await server.start() };
}

function evalCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/eval.ts', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const fixSum = [
  { content: '<tool>{"name":"read_file","args":{"path":"sum.js"}}</tool>' },
  { content: '<tool>{"name":"patch_file","args":{"path":"sum.js","old_text":"a - b","new_text":"a + b"}}</tool>' },
  { content: '<final>Fixed sum.</final>' },
];

describe('M2 npm run agent against an OpenAI-compatible server', () => {
  it('M2 --server-kind auto finds the chat-completions API and runs a task end to end (text protocol)', async () => {
    const { host, server } = await openAI({ script: fixSum });
    const root = project();
    const run = await cli([
      '--workspace',
      root,
      '--host',
      host,
      '--model',
      'tiny:1b',
      '--approval',
      'auto',
      '--json',
      'fix sum',
    ]);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(root, 'sum.js'), 'utf8')).toContain('a + b');
    expect(lastJson(run.stdout)).toMatchObject({ outcome: { kind: 'final' }, final: 'Fixed sum.', protocol: 'text' });
    expect(run.stderr).toContain('OpenAI-compatible server');
    expect(run.stderr).toMatch(/does not say whether tiny:1b takes tool calls/);
    expect(server.chatRequests()).toHaveLength(3);
  });

  it('M2 native tool calls over the chat API: --protocol native sends tools and runs the calls', async () => {
    const { host, server } = await openAI({
      script: [
        { toolCalls: [{ name: 'patch_file', arguments: { path: 'sum.js', old_text: 'a - b', new_text: 'a + b' } }] },
        { content: 'Done.' },
      ],
    });
    const root = project();
    const run = await cli([
      ...['--workspace', root, '--host', `${host}/v1`, '--server-kind', 'openai', '--model', 'tiny:1b'],
      ...['--protocol', 'native', '--approval', 'auto', '--json', 'fix sum'],
    ]);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(root, 'sum.js'), 'utf8')).toContain('a + b');
    const second = server.chatRequests()[1].body as { messages: Record<string, unknown>[]; tools: unknown[] };
    expect(second.tools.length).toBeGreaterThan(0);
    const call = second.messages.find((message) => message.tool_calls) as { tool_calls: { id: string }[] };
    expect(second.messages.find((message) => message.role === 'tool')).toMatchObject({
      tool_call_id: call.tool_calls[0].id,
      content: expect.stringContaining('patched sum.js'),
    });
  });

  it('M2 the API key comes from HARNESS_API_KEY, and a refused key is said in the server\u2019s words', async () => {
    const { host, server } = await openAI({ apiKey: 'sk-test-42', script: [{ content: '<final>ok</final>' }] });
    const root = project();
    const args = ['--workspace', root, '--host', host, '--server-kind', 'openai', '--model', 'tiny:1b', '--json', 'hi'];
    const refused = await cli(args);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/API key.*Invalid API key|Invalid API key/);
    const run = await cli(args, { env: { HARNESS_API_KEY: 'sk-test-42' } });
    expect(run.code).toBe(0);
    expect(server.requests.at(-1)?.authorization).toBe('Bearer sk-test-42');
    expect(run.stdout).not.toContain('sk-test-42');
  });

  it('R1 M2 a 503 with Retry-After from an OpenAI-compatible server is waited out and retried by the loop', async () => {
    const { host, server } = await openAI({
      script: [{ status: 503, message: 'Loading model', retryAfter: '1' }, { content: '<final>ready</final>' }],
    });
    const run = await cli([
      ...['--workspace', project(), '--host', host, '--server-kind', 'openai', '--model', 'tiny:1b'],
      ...['--json', 'hi'],
    ]);
    expect(run.code).toBe(0);
    expect(lastJson(run.stdout)).toMatchObject({ outcome: { kind: 'final' }, final: 'ready' });
    expect(run.stderr).toMatch(/busy \(HTTP 503\): Loading model/);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('M2 --server-kind takes only ollama, openai or auto', async () => {
    const run = await cli(['--server-kind', 'vllm', 'task']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--server-kind must be one of auto, ollama, openai');
  });
});

describe('M3 npm run eval over several servers', () => {
  it('M3 --hosts parses each host with its kind and concurrency, and refuses what it cannot use', () => {
    expect(parseHostList('http://a:1#parallel=2,http://b:2/v1#kind=openai', { kind: 'auto', parallel: 1 })).toEqual([
      { url: 'http://a:1', kind: 'auto', parallel: 2 },
      { url: 'http://b:2/v1', kind: 'openai', parallel: 1 },
    ]);
    expect(() => parseHostList('http://a:1#parallel=0', { kind: 'auto', parallel: 1 })).toThrow(/parallel/);
    expect(() => parseHostList('http://a:1#kind=vllm', { kind: 'auto', parallel: 1 })).toThrow(/kind/);
    expect(() => parseHostList('http://a:1,http://a:1', { kind: 'auto', parallel: 1 })).toThrow(/twice/);
    expect(() => parseHostList('ftp://a', { kind: 'auto', parallel: 1 })).toThrow(/http/);
    expect(() => parseHostList('http://a:1#colour=red', { kind: 'auto', parallel: 1 })).toThrow(/unknown setting/);
  });

  it('M3 a sweep cannot ask for a billion runs at a time: --hosts parallel= and --parallel are capped, said at once', async () => {
    expect(() => parseHostList('http://a:1#parallel=1000000000', { kind: 'auto', parallel: 1 })).toThrow(
      'parallel must be a whole number from 1 to 16, got "1000000000"',
    );
    expect(() => parseHostList(Array.from({ length: 17 }, (_, n) => `http://h${n}:1`).join(','), defaults)).toThrow(
      /at most 16 servers/,
    );
    for (const args of [
      ['--hosts', 'http://127.0.0.1:9#parallel=1000000000'],
      ['--parallel', '1000000000'],
      ['--repeat', '99999999999'],
    ]) {
      const started = Date.now();
      const run = await evalCli([...args, '--models', 'tiny:1b', '--out', mkdtempSync(path.join(tmpdir(), 'cap-'))]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/must be a whole number from 1 to (16|1000)/);
      // Refused before anything starts: no server is asked, nothing is allocated per run.
      expect(Date.now() - started).toBeLessThan(20_000);
    }
  });

  it('M3 one sweep runs on an Ollama and an OpenAI-compatible server at once; each run records its host', async () => {
    const ollama = new FakeOllamaServer({
      generate: true,
      models: [{ name: 'tiny:1b', capabilities: ['completion'], contextLength: 8192 }],
    });
    started.push(ollama);
    const ollamaHost = await ollama.start();
    const { host: openAIHost } = await openAI();
    const out = mkdtempSync(path.join(tmpdir(), 'harness-eval-hosts-'));
    const run = await evalCli([
      ...['--hosts', `${ollamaHost},${openAIHost}#kind=openai`, '--models', 'tiny:1b'],
      ...['--tasks', 'patch-one-line,edit-markup', '--repeat', '3', '--max-steps', '2', '--out', out],
    ]);
    expect(run.code, run.stderr).toBe(0);
    const { results } = parseResults(readFileSync(path.join(out, 'results.jsonl'), 'utf8'));
    expect(results).toHaveLength(6);
    expect(new Set(results.map((result) => result.host))).toEqual(new Set([ollamaHost, openAIHost]));
    expect(results.every((result) => !result.crashed)).toBe(true);
    expect(run.stderr).toContain(`host: ${openAIHost} · OpenAI-compatible server`);
  });

  it('M3 a host without the model is refused before any run, naming the host and what it has', async () => {
    const { host } = await openAI({ models: ['other:1b'] });
    const run = await evalCli(['--hosts', `${host}#kind=openai`, '--models', 'tiny:1b', '--tasks', 'patch-one-line']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${host} (OpenAI-compatible server) does not list "tiny:1b"`);
    expect(run.stderr).toContain('other:1b');
  });
});
