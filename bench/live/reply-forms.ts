/**
 * bench:live — through the real harness on the sample projects: how many replies parsed, how many
 * were tool calls, and in which form they came (the server's native calls, or a form the harness
 * recovered from the text, T6), per protocol, within a share of the time budget.
 */
import type { HarnessEvent } from '../../src/lib/harness/events';
import type { Protocol } from '../../src/lib/harness/settings';
import type { OllamaModelClient } from '../../src/lib/model/ollama-model-client';
import { sampleProjects } from '../../src/lib/workspace/samples/sample-projects';
import { agentFor } from './agent-for';

export async function replyForms(client: OllamaModelClient, model: string, protocol: Protocol, shareMs: number) {
  let parsed = 0;
  let total = 0;
  let toolCalls = 0;
  const forms: Record<string, number> = {};
  const deadline = performance.now() + shareMs;
  for (let round = 0; performance.now() < deadline && total < 30; round++) {
    const sample = sampleProjects[round % sampleProjects.length];
    const events: HarnessEvent[] = [];
    const settings = {
      protocol,
      options: { contextWindow: 8192, outputLimit: 256, temperature: 0.2 },
      limits: { maxSteps: 6, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 0, maxFailedSteps: 0 },
    };
    const agent = agentFor({ client, model, files: sample.files, settings, events });
    await agent.run(sample.task, {
      signal: AbortSignal.timeout(Math.max(1000, Math.round(deadline - performance.now()))),
    });
    for (const event of events) {
      if (event.type !== 'parse.result') continue;
      total++;
      if (event.kind !== 'malformed') parsed++;
      if (event.kind !== 'tool') continue;
      toolCalls++;
      const form = event.recovered ?? event.detail.split(':')[0];
      forms[form] = (forms[form] ?? 0) + 1;
    }
  }
  return { steps: total, parsed, toolCalls, forms, rate: total ? parsed / total : 0 };
}
