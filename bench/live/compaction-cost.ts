/**
 * bench:live: what compaction costs the server. One fixed 10-step trajectory (scripted
 * replies, so both runs send the same history) at num_ctx 2048; every request is also read by
 * the real server (one token generated). Run once with the compaction that kept half the room
 * and once with the one that keeps a quarter, each from a cold cache.
 *
 * Two figures per run: the seconds the server spent reading prompts (its own
 * prompt_eval_duration: what the cache saved is in it), and the tokens it read, from its token
 * count of each prompt and the share of the prompt's text that differs from the one before.
 * (An earlier version read the tokens from timing alone; a run that began on a cache warmed by
 * the run before took a cached request as the speed of a full read and counted nearly every
 * token as evaluated: 12,797 for the quarter, against about 5,000.)
 */
import type { HarnessEvent } from '../../src/lib/harness/events';
import type { ModelClient, ModelRequest, ModelResult } from '../../src/lib/harness/model-types';
import type { OllamaModelClient } from '../../src/lib/model/ollama-model-client';
import { ScriptedModelClient } from '../../src/lib/model/scripted-model-client';
import { requestChars, reusedPrefixChars } from '../../src/lib/harness/context/prefix-reuse';
import type { ChatMessage } from '../../src/lib/harness/model-types';
import { defaultBudgets } from '../../src/lib/harness/context/history-renderer';
import { agentFor } from './agent-for';

const files = Object.fromEntries(
  Array.from({ length: 4 }, (_, n) => [
    `src/m${n}.js`,
    Array.from({ length: 30 }, (_, line) => `export const v${n}_${line} = ${line}; // line ${line}`).join('\n'),
  ]),
);

function script(): { text: string }[] {
  const calls = Array.from({ length: 9 }, (_, step) =>
    step % 2 === 0
      ? { name: 'read_file', args: { path: `src/m${step % 4}.js` } }
      : { name: 'write_file', args: { path: `notes/n${step}.md`, content: `note ${step}: ${'x'.repeat(400)}\n` } },
  );
  return [...calls.map((call) => ({ text: `<tool>${JSON.stringify(call)}</tool>` })), { text: '<final>done</final>' }];
}

/** Replies from the script; each request read by the real server too, its figures kept. */
class MeasuredReplay implements ModelClient {
  readonly evaluated: number[] = [];
  readonly seconds: number[] = [];
  private held: readonly ChatMessage[] = [];
  constructor(
    private readonly server: OllamaModelClient,
    private readonly replies: ScriptedModelClient,
  ) {}
  async chat(request: ModelRequest): Promise<ModelResult> {
    const read = await this.server.warm({ ...request, signal: AbortSignal.timeout(600_000) });
    if (read.ok) {
      // The slot holds the last prompt (and one generated token, never the scripted reply).
      const chars = requestChars(request.messages);
      const fresh = chars === 0 ? 1 : 1 - reusedPrefixChars(this.held, request.messages) / chars;
      this.evaluated.push(Math.round((read.stats.promptTokens ?? 0) * fresh));
      this.seconds.push(read.stats.promptSeconds ?? 0);
    }
    this.held = request.messages;
    return this.replies.chat(request);
  }
}

/** A short unrelated prompt: the slot no longer holds the last run's prefix. */
async function evict(server: OllamaModelClient, model: string): Promise<void> {
  await server.warm({
    model,
    messages: [{ role: 'user', content: `Say one word. (${Date.now()})` }],
    options: { temperature: 0 },
    signal: AbortSignal.timeout(120_000),
  });
}

export async function compactionCost(server: OllamaModelClient, model: string, keepShare: number) {
  await evict(server, model);
  const replay = new MeasuredReplay(server, new ScriptedModelClient(script()));
  const events: HarnessEvent[] = [];
  const agent = agentFor({
    client: replay,
    model,
    files,
    settings: { protocol: 'text', options: { contextWindow: 2048, outputLimit: 256, temperature: 0 } },
    events,
    budgets: { ...defaultBudgets, compactionKeepShare: keepShare },
  });
  await agent.run('Read the modules and write a note after each.');
  return {
    keepShare,
    steps: replay.evaluated.length,
    compactions: events.filter((event) => event.type === 'compaction').length,
    tokensEvaluated: replay.evaluated.reduce((sum, tokens) => sum + tokens, 0),
    promptSeconds: Number(replay.seconds.reduce((sum, seconds) => sum + seconds, 0).toFixed(1)),
  };
}
