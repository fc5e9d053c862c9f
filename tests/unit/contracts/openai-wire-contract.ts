/**
 * M2: our reading of the OpenAI-compatible chat-completions API, as one suite that runs against
 * the fake server (in each real server's dialect) and against two real implementations —
 * Ollama's /v1 and llama-cpp-python's server — in `npm run test:live`. Assertions are about the
 * wire and about what our client makes of it, never about what the model says.
 */
import { describe, expect, it } from 'vitest';
import { OpenAICompatibleClient, openAIBase } from '../../../src/lib/model/openai-model-client';
import { missingFigures } from '../../../src/lib/model/openai-wire';
import type { ChatMessage, ModelRequest } from '../../../src/lib/harness/ports';

export interface OpenAITarget {
  host: string;
  model: string;
  /** Which real server this is (or the fake imitates): where they differ, each is held to its own way. */
  dialect: 'ollama' | 'llama-cpp-python';
  /** The window the server serves with (for the overflow case). */
  window: number;
}

type Json = Record<string, unknown>;
const signal = () => new AbortController().signal;

export interface ContractOptions {
  /**
   * False on Ollama's /v1: it answers an overflow by reading a whole window of prompt (minutes
   * on 2 CPU cores) and cutting it; the fake in its dialect holds that behaviour instead.
   */
  slowCases?: boolean;
}

export function openAIWireContract(label: string, target: () => OpenAITarget, options: ContractOptions = {}): void {
  const client = () => new OpenAICompatibleClient({ host: target().host });
  const request = (messages: ChatMessage[], extra: Partial<ModelRequest> = {}): ModelRequest => ({
    model: target().model,
    messages,
    options: { temperature: 0, outputLimit: 16, seed: 1 },
    signal: signal(),
    ...extra,
  });
  const ask = [{ role: 'user' as const, content: 'Name three colours.' }];

  describe(`M2 OpenAI-compatible wire contract (${label})`, () => {
    it('M2 /v1/models lists the model and the client reads the list', async () => {
      const body = (await (await fetch(`${openAIBase(target().host)}/models`)).json()) as { data: Json[] };
      expect(body.data.map((entry) => entry.id)).toContain(target().model);
      const listed = await client().listModels();
      expect(listed.ok && listed.value.map((model) => model.name)).toContain(target().model);
      expect(await client().version()).toMatchObject({ ok: true });
    });

    it('M2 a reply streams as server-sent events ending in [DONE]; the client keeps every piece', async () => {
      const response = await fetch(`${openAIBase(target().host)}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: target().model, messages: ask, max_tokens: 8, stream: true }),
      });
      expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
      const events = (await response.text()).split('\n').filter((line) => line.trim());
      expect(events.every((line) => line.startsWith('data: '))).toBe(true);
      expect(events.at(-1)).toBe('data: [DONE]');
      const chunk = JSON.parse(events[0].slice(6)) as Json;
      expect(chunk.object).toBe('chat.completion.chunk');
      const pieces: string[] = [];
      const result = await client().chat(request(ask, { onToken: (piece) => pieces.push(piece) }));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.reply.content).toBe(pieces.join(''));
      expect(['stop', 'length']).toContain(result.reply.stats.stopReason);
    });

    it('M2 max_tokens bounds the reply and a cut reply says "length"', async () => {
      const result = await client().chat(
        request([{ role: 'user', content: 'Count from one to one hundred in words.' }], {
          options: { temperature: 0, outputLimit: 3 },
        }),
      );
      expect(result).toMatchObject({ ok: true, reply: { stats: { stopReason: 'length' } } });
      if (result.ok && result.reply.stats.outputTokens !== undefined)
        expect(result.reply.stats.outputTokens).toBeLessThanOrEqual(3);
    });

    it('M2 usage figures are read where the server streams them, and named where it does not', async () => {
      const result = await client().chat(request(ask));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      if (target().dialect === 'ollama') {
        expect(result.reply.stats.promptTokens).toBeGreaterThan(0);
        expect(result.reply.stats.outputTokens).toBeGreaterThan(0);
        expect(missingFigures(result.reply.stats)).not.toContain('prompt tokens');
      } else {
        expect(result.reply.stats.promptTokens).toBeUndefined();
        expect(missingFigures(result.reply.stats)).toEqual(expect.arrayContaining(['prompt tokens', 'reply tokens']));
      }
    });

    it('M2 constrained output: the reply follows the JSON schema (json_schema, or json_object + schema)', async () => {
      const schema = { type: 'object', properties: { colour: { type: 'string' } }, required: ['colour'] };
      const result = await client().chat(
        request([{ role: 'user', content: 'Reply with JSON: your favourite colour.' }], {
          format: schema,
          options: { temperature: 0, outputLimit: 40 },
        }),
      );
      expect(result.ok).toBe(true);
      if (!result.ok || result.reply.stats.stopReason === 'length') return;
      const value = JSON.parse(result.reply.content) as Json;
      expect(typeof value.colour).toBe('string');
    });

    it('M2 a history with native calls and their results is taken (each result linked to its call)', async () => {
      const result = await client().chat(
        request([
          { role: 'user', content: 'What files are here?' },
          { role: 'assistant', content: '', toolCalls: [{ name: 'list_files', arguments: { path: '.' } }] },
          { role: 'tool', toolName: 'list_files', content: 'README.md\nsrc/' },
          { role: 'user', content: 'Thanks.' },
        ]),
      );
      expect(result).toMatchObject({ ok: true });
    });

    it('M2 a model the server does not have: a not_found error, or served anyway by a one-model server', async () => {
      const result = await client().chat(request(ask, { model: 'no-such-model:1b' }));
      if (target().dialect === 'ollama')
        expect(result).toMatchObject({
          ok: false,
          error: { kind: 'not_found', retryable: false, message: expect.stringContaining('no-such-model:1b') },
        });
      else expect(result.ok).toBe(true);
    });

    it.runIf(options.slowCases ?? true)(
      'M2 a prompt over the window: refused as context_overflow, or cut by the server (then said in usage)',
      async () => {
        const words = Array.from({ length: target().window + 200 }, (_, index) => `w${index % 50}`).join(' ');
        const result = await client().chat(
          request([{ role: 'user', content: words }], { options: { outputLimit: 1 } }),
        );
        if (target().dialect === 'llama-cpp-python')
          expect(result).toMatchObject({
            ok: false,
            error: { kind: 'context_overflow', message: expect.stringMatching(/context length/) },
          });
        else {
          expect(result.ok).toBe(true);
          if (result.ok) expect(result.reply.stats.promptTokens).toBeLessThanOrEqual(target().window);
        }
      },
      300_000,
    );

    it('M2 stopping mid-reply ends the request at once with an aborted error', async () => {
      const controller = new AbortController();
      const pending = client().chat(
        request([{ role: 'user', content: 'Write a long story about a lighthouse.' }], {
          signal: controller.signal,
          options: { outputLimit: 400 },
          onToken: () => controller.abort(),
        }),
      );
      const started = Date.now();
      const result = await pending;
      expect(result).toMatchObject({ ok: false, error: { kind: 'aborted' } });
      expect(Date.now() - started).toBeLessThan(30_000);
    });

    it('M2 describe: capabilities are unknown to this API; no context length is made up', async () => {
      const info = await client().describe(target().model);
      expect(info).toMatchObject({ name: target().model, capabilitiesUnknown: true });
      expect('contextLength' in info ? info.contextLength : undefined).toBeUndefined();
    });
  });
}
