/**
 * bench:live (issue 36): what compaction costs the server. One fixed 10-step trajectory (scripted
 * replies, so both runs send the same history) at num_ctx 2048; every request is also read by
 * the real server (one token generated), which says how many prompt tokens it had to evaluate.
 * Run once with the compaction that kept half the room and once with the one that keeps a quarter.
 */
import type { HarnessEvent } from '../../src/lib/harness/events';
import type { ModelClient, ModelRequest, ModelResult } from '../../src/lib/harness/model-types';
import type { OllamaModelClient } from '../../src/lib/model/ollama-model-client';
import { ScriptedModelClient } from '../../src/lib/model/scripted-model-client';
import { ServerReuseMeter } from '../../src/lib/harness/server-reuse';
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
  private readonly meter = new ServerReuseMeter();
  constructor(
    private readonly server: OllamaModelClient,
    private readonly replies: ScriptedModelClient,
  ) {}
  async chat(request: ModelRequest): Promise<ModelResult> {
    const read = await this.server.warm({ ...request, signal: AbortSignal.timeout(600_000) });
    if (read.ok) {
      const reused = this.meter.measure(read.stats)?.tokens ?? 0;
      this.evaluated.push((read.stats.promptEvalCount ?? 0) - reused);
    }
    return this.replies.chat(request);
  }
}

export async function compactionCost(server: OllamaModelClient, model: string, keepShare: number) {
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
  };
}
