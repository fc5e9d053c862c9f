/**
 * O3: our reading of Ollama's HTTP API, as one suite that runs against the fake server (unit
 * tests) and against a real Ollama with a real model (`npm run test:live`). Assertions are about
 * the wire and about what our client makes of it, never about what the model says.
 */
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { OllamaModelClient } from '../../../src/lib/model/ollama-model-client';
import { envelopeSchema } from '../../../src/lib/harness/protocol/constrained-output';
import { ServerReuseMeter } from '../../../src/lib/harness/server-reuse';

export interface WireTarget {
  host: string;
  /** A model without the "tools" capability (both servers have one). */
  model: string;
  /** A model that lists "tools", where the server has one. */
  toolModel?: string;
}

type Json = Record<string, unknown>;

async function post(host: string, path: string, body: Json, signal?: AbortSignal): Promise<Response> {
  return fetch(`${host}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

async function ndjson(response: Response): Promise<Json[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Json);
}

const longHistory = (turns: number, words: number) => {
  const text = Array.from({ length: words }, (_, index) => `token${index}`).join(' ');
  const messages: Json[] = [{ role: 'system', content: 'You are terse. The code word is 4242.' }];
  for (let turn = 0; turn < turns; turn++)
    messages.push({ role: 'user', content: `part ${turn}: ${text}` }, { role: 'assistant', content: 'ok' });
  messages.push({ role: 'user', content: 'What is the code word?' });
  return messages;
};

/** Statistics every final chat message carries (durations in nanoseconds). */
function expectStats(final: Json) {
  expect(final.done).toBe(true);
  expect(['stop', 'length']).toContain(final.done_reason);
  for (const key of [
    'prompt_eval_count',
    'eval_count',
    'total_duration',
    'load_duration',
    'prompt_eval_duration',
    'eval_duration',
  ]) {
    expect(typeof final[key], key).toBe('number');
  }
  expect(final.prompt_eval_count as number).toBeGreaterThan(0);
}

export function ollamaWireContract(label: string, target: () => WireTarget): void {
  const client = () => new OllamaModelClient({ host: target().host });
  const chat = (extra: Json) => ({
    model: target().model,
    messages: [{ role: 'user', content: 'Name three colours.' }],
    options: { temperature: 0, num_predict: 24, num_ctx: 2048 },
    ...extra,
  });

  describe(`O3 Ollama wire contract (${label})`, () => {
    it('O3 /api/version answers with a version string', async () => {
      const body = (await (await fetch(`${target().host}/api/version`)).json()) as Json;
      expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(await client().version()).toEqual({ ok: true, value: body.version });
    });

    it('O3 /api/tags lists the model with size, digest and details', async () => {
      const body = (await (await fetch(`${target().host}/api/tags`)).json()) as { models: Json[] };
      const entry = body.models.find((model) => model.name === target().model)!;
      expect(entry).toMatchObject({
        name: target().model,
        model: target().model,
        size: expect.any(Number),
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(entry.details).toMatchObject({
        format: 'gguf',
        family: expect.any(String),
        parameter_size: expect.any(String),
        quantization_level: expect.any(String),
      });
      const listed = await client().listModels();
      expect(listed.ok && listed.value.find((model) => model.name === target().model)).toMatchObject({
        size: entry.size,
      });
    });

    it('O3 /api/show reports capabilities and <arch>.context_length; the client reads both', async () => {
      const body = (await (await post(target().host, '/api/show', { model: target().model })).json()) as Json;
      const info = body.model_info as Json;
      const architecture = info['general.architecture'] as string;
      expect(architecture).toEqual(expect.any(String));
      expect(info[`${architecture}.context_length`]).toEqual(expect.any(Number));
      expect(body.capabilities).toContain('completion');
      expect(await client().describe(target().model)).toEqual({
        name: target().model,
        capabilities: body.capabilities,
        contextLength: info[`${architecture}.context_length`],
      });
    });

    it('O3 an unknown model is a 404 on /api/show and /api/chat; the client says to pull it', async () => {
      const show = await post(target().host, '/api/show', { model: 'no-such-model:1b' });
      expect(show.status).toBe(404);
      expect(((await show.json()) as Json).error).toMatch(/not found/);
      const chatResponse = await post(target().host, '/api/chat', {
        model: 'no-such-model:1b',
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(chatResponse.status).toBe(404);
      const result = await client().chat({
        model: 'no-such-model:1b',
        messages: [{ role: 'user', content: 'hi' }],
        options: {},
        signal: new AbortController().signal,
      });
      expect(result).toMatchObject({
        ok: false,
        error: {
          kind: 'not_found',
          retryable: false,
          message: expect.stringContaining('ollama pull no-such-model:1b'),
        },
      });
    });

    it('O3 /api/chat streams NDJSON chunks and ends with done_reason and statistics', async () => {
      const response = await post(target().host, '/api/chat', chat({ stream: true }));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/x-ndjson');
      const lines = await ndjson(response);
      const final = lines.at(-1)!;
      expectStats(final);
      for (const line of lines.slice(0, -1)) {
        expect(line).toMatchObject({
          model: target().model,
          created_at: expect.any(String),
          done: false,
          message: { role: 'assistant', content: expect.any(String) },
        });
      }
      expect(
        lines
          .slice(0, -1)
          .map((line) => (line.message as Json).content)
          .join('').length,
      ).toBeGreaterThan(0);
    });

    it('O3 /api/chat with stream:false returns one JSON object with the message and statistics', async () => {
      const response = await post(target().host, '/api/chat', chat({ stream: false }));
      const body = (await response.json()) as Json;
      expectStats(body);
      expect(body.message).toMatchObject({ role: 'assistant', content: expect.any(String) });
    });

    it('P2 O3 a repeated prefix is counted in prompt_eval_count again but evaluated faster; the timing figure shows the reuse', async () => {
      // A prompt long enough that evaluating it dominates the duration, then the same prompt
      // with one more question: the server keeps its KV cache for the shared start.
      const messages = longHistory(4, 80);
      const ask = async (extra: Json[], start = messages) => {
        const response = await client().chat({
          model: target().model,
          messages: [...start, ...extra].map((message) => ({
            role: message.role as 'system' | 'user' | 'assistant',
            content: String(message.content),
          })),
          options: { temperature: 0, outputLimit: 4, contextWindow: 4096 },
          signal: new AbortController().signal,
        });
        if (!response.ok) throw new Error(response.error.message);
        return response.reply;
      };
      // A different first message empties the slot, so the first measured request is cold.
      await ask([{ role: 'user', content: 'unrelated' }], [{ role: 'system', content: 'Another start.' }]);
      const meter = new ServerReuseMeter();
      // As an agent's next request does: the last one, its reply, then something new. (Gemma 3's
      // sliding-window cache can resume only so; a request that differs earlier starts over.)
      const first = await ask([]);
      const cold = first.stats;
      const next = [
        { role: 'assistant', content: first.content },
        { role: 'user', content: 'Once more?' },
      ];
      const warm = (await ask(next)).stats;
      expect(cold.promptTokens).toBeGreaterThan(300);
      // prompt_eval_count counts the whole prompt both times (Ollama 0.24: cached tokens included).
      expect(warm.promptTokens!).toBeGreaterThanOrEqual(cold.promptTokens! - 10);
      expect(warm.promptSeconds!).toBeLessThan(cold.promptSeconds! / 2);
      meter.measure(cold);
      const reuse = meter.measure(warm)!;
      expect(reuse.tokens / warm.promptTokens!).toBeGreaterThan(0.5);
    });

    it('O3 num_predict cuts the reply: done_reason "length" and eval_count at the limit', async () => {
      const body = (await (
        await post(
          target().host,
          '/api/chat',
          chat({ stream: false, options: { temperature: 0, num_predict: 3, num_ctx: 2048 } }),
        )
      ).json()) as Json;
      expect(body.done_reason).toBe('length');
      expect(body.eval_count as number).toBeLessThanOrEqual(3);
      const result = await client().chat({
        model: target().model,
        messages: [{ role: 'user', content: 'Name three colours.' }],
        options: { outputLimit: 3, temperature: 0 },
        signal: new AbortController().signal,
      });
      expect(result.ok && result.reply.stats.stopReason).toBe('length');
    });

    it('O3 a stop sequence ends the reply with done_reason "stop" and is not part of the text', async () => {
      const body = (await (
        await post(
          target().host,
          '/api/chat',
          chat({ stream: false, options: { temperature: 0, num_predict: 64, num_ctx: 2048, stop: [' '] } }),
        )
      ).json()) as Json;
      expect(body.done_reason).toBe('stop');
      expect((body.message as Json).content).not.toContain(' ');
    });

    it('O3 format with a JSON Schema constrains the reply to JSON that follows the schema', async () => {
      const result = await client().chat({
        model: target().model,
        messages: [{ role: 'user', content: 'Reply with the JSON envelope: {"action":"final","final":"hello"}' }],
        format: envelopeSchema,
        options: { temperature: 0, outputLimit: 200, contextWindow: 2048 },
        signal: new AbortController().signal,
      });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.reply.stats.stopReason).toBe('stop');
      const value = JSON.parse(result.reply.content);
      const validate = new Ajv({ strict: false }).compile(envelopeSchema);
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    });

    it('O3 a prompt over num_ctx loses its oldest messages silently: prompt_eval_count stays within num_ctx', async () => {
      const messages = longHistory(6, 400);
      const promptChars = messages.reduce((sum, message) => sum + String(message.content).length, 0);
      const body = (await (
        await post(target().host, '/api/chat', {
          model: target().model,
          messages,
          stream: false,
          options: { temperature: 0, num_predict: 4, num_ctx: 1024 },
        })
      ).json()) as Json;
      expect(body.done).toBe(true);
      expect(body.prompt_eval_count as number).toBeLessThanOrEqual(1024);
      // The whole prompt is several times num_ctx by any tokenizer (≥ 2 characters a token).
      expect(promptChars / 2).toBeGreaterThan(2 * 1024);
    });

    it('O3 truncate:false turns a prompt over num_ctx into an error instead of silent loss', async () => {
      const response = await post(target().host, '/api/chat', {
        model: target().model,
        messages: longHistory(6, 400),
        stream: false,
        truncate: false,
        options: { temperature: 0, num_predict: 4, num_ctx: 1024 },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(((await response.json()) as Json).error).toMatch(/exceeds the context length/);
      const result = await client().chat({
        model: target().model,
        messages: longHistory(6, 400) as never,
        options: { contextWindow: 1024, outputLimit: 4 },
        signal: new AbortController().signal,
      });
      expect(result).toMatchObject({ ok: false, error: { kind: 'context_overflow', retryable: false } });
    });

    it('O3 tools sent for a model without the capability are a 400 "does not support tools"', async () => {
      const tools = [
        {
          type: 'function',
          function: {
            name: 'read_file',
            description: 'Read a file',
            parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
          },
        },
      ];
      const response = await post(target().host, '/api/chat', { ...chat({ stream: false }), tools });
      expect(response.status).toBe(400);
      expect(((await response.json()) as Json).error).toMatch(/does not support tools/);
      const result = await client().chat({
        model: target().model,
        messages: [{ role: 'user', content: 'hi' }],
        tools: tools as never,
        options: {},
        signal: new AbortController().signal,
      });
      expect(result).toMatchObject({ ok: false, error: { kind: 'tools_unsupported' } });
    });

    const readFileTool = {
      type: 'function' as const,
      function: {
        name: 'read_file',
        description: 'Read a file',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
    };
    /** The model that lists "tools"; where CI requires the live suite, its absence is a failure. */
    const toolModelOrSkip = (context: { skip: (note: string) => never }): string => {
      const toolModel = target().toolModel;
      if (toolModel) return toolModel;
      if (process.env.HARNESS_REQUIRE_LIVE === '1') throw new Error('no model on this server lists "tools"');
      return context.skip('no model on this server lists the "tools" capability');
    };

    it('T6 O3 a model whose template declares tools lists "tools"; the client reads the capability', async (context) => {
      const toolModel = toolModelOrSkip(context);
      const body = (await (await post(target().host, '/api/show', { model: toolModel })).json()) as Json;
      expect(body.capabilities).toEqual(expect.arrayContaining(['completion', 'tools']));
      const described = await client().describe(toolModel);
      expect('capabilities' in described && described.capabilities).toContain('tools');
    });

    it('T6 O3 a chat with tools is accepted: the reply is prose or tool calls naming a declared tool, with object arguments', async (context) => {
      const toolModel = toolModelOrSkip(context);
      const response = await post(target().host, '/api/chat', {
        model: toolModel,
        messages: [{ role: 'user', content: 'Read README.md' }],
        tools: [readFileTool],
        stream: false,
        options: { temperature: 0, num_predict: 48, num_ctx: 2048 },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Json;
      expectStats(body);
      const message = body.message as { role: string; content: string; tool_calls?: Json[] };
      expect(message.role).toBe('assistant');
      expect(typeof message.content).toBe('string');
      const result = await client().chat({
        model: toolModel,
        messages: [{ role: 'user', content: 'Read README.md' }],
        tools: [readFileTool.function],
        options: { temperature: 0, outputLimit: 48, contextWindow: 2048 },
        signal: new AbortController().signal,
      });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      for (const call of result.reply.toolCalls) {
        expect(call.name).toBe('read_file');
        expect(typeof call.arguments).toBe('object');
      }
    });

    it('T6 O3 tool declarations, tool calls and tool results reach the prompt as the template renders them', async (context) => {
      const toolModel = toolModelOrSkip(context);
      const body = (await (
        await post(target().host, '/api/chat', {
          model: toolModel,
          messages: [
            { role: 'user', content: 'USER-ASKS' },
            {
              role: 'assistant',
              content: '',
              tool_calls: [{ function: { name: 'read_file', arguments: { path: 'README.md' } } }],
            },
            { role: 'tool', content: 'TOOL-RESULT-TEXT' },
          ],
          tools: [readFileTool],
          stream: false,
          _debug_render_only: true,
        })
      ).json()) as Json;
      const rendered = (body._debug_info as Json).rendered_template as string;
      const declared = rendered.indexOf('"name":"read_file"');
      expect(declared).toBeGreaterThanOrEqual(0);
      expect(rendered).toContain('"description":"Read a file"');
      const asked = rendered.indexOf('USER-ASKS');
      const called = rendered.indexOf('"path":"README.md"');
      const answered = rendered.indexOf('TOOL-RESULT-TEXT');
      expect(asked).toBeGreaterThan(declared);
      expect(called).toBeGreaterThan(asked);
      expect(answered).toBeGreaterThan(called);
    });

    it('O3 /api/pull of a model that cannot be fetched ends with an error the client reports', async () => {
      const response = await post(target().host, '/api/pull', { model: 'no-such-model:1b' });
      const lines = await ndjson(response);
      expect(lines.at(-1)!.error).toMatch(/manifest/);
      const result = await client().pull('no-such-model:1b');
      expect(result).toMatchObject({ ok: false, error: { message: expect.stringContaining('no-such-model:1b') } });
    });

    it('O3 a stream aborted mid-way ends promptly as "aborted", and the server keeps serving', async () => {
      const controller = new AbortController();
      const tokens: string[] = [];
      const result = await client().chat({
        model: target().model,
        messages: [{ role: 'user', content: 'Count from one to one hundred in words.' }],
        options: { temperature: 0, outputLimit: 400, contextWindow: 2048 },
        signal: controller.signal,
        onToken: (text) => {
          tokens.push(text);
          if (tokens.length === 2) controller.abort();
        },
      });
      expect(result).toMatchObject({ ok: false, error: { kind: 'aborted' } });
      expect(tokens.length).toBeLessThan(50);
      const after = (await (
        await post(target().host, '/api/chat', chat({ stream: false, options: { num_predict: 2 } }))
      ).json()) as Json;
      expect(after.done).toBe(true);
    });

    it('O3 _debug_render_only returns the prompt as the template renders it, without generating', async () => {
      const body = (await (
        await post(target().host, '/api/chat', {
          model: target().model,
          messages: [
            { role: 'system', content: 'SYSTEM-TEXT' },
            { role: 'user', content: 'USER-TEXT' },
          ],
          stream: false,
          _debug_render_only: true,
        })
      ).json()) as Json;
      const rendered = (body._debug_info as Json).rendered_template as string;
      expect(rendered.indexOf('SYSTEM-TEXT')).toBeGreaterThanOrEqual(0);
      expect(rendered.indexOf('USER-TEXT')).toBeGreaterThan(rendered.indexOf('SYSTEM-TEXT'));
      expect(body.eval_count).toBeUndefined();
    });
  });
}
