/** bench:live — a model's generation speed and what its server's prompt cache is worth. */
import type { OllamaModelClient } from '../../src/lib/model/ollama-model-client';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Time to first token and tokens per second over three short replies (medians). */
export async function speed(client: OllamaModelClient, model: string) {
  const firstToken: number[] = [];
  const perSecond: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    let first: number | undefined;
    const result = await client.chat({
      model,
      messages: [{ role: 'user', content: `Write three short sentences about the number ${run + 7}.` }],
      options: { contextWindow: 2048, outputLimit: 64, temperature: 0 },
      signal: AbortSignal.timeout(300_000),
      onToken: () => (first ??= performance.now()),
    });
    if (!result.ok) throw new Error(result.error.message);
    if (first) firstToken.push(first - started);
    const { outputTokens, outputSeconds } = result.reply.stats;
    if (outputTokens && outputSeconds) perSecond.push(outputTokens / outputSeconds);
  }
  return { ttftMs: median(firstToken), tokensPerSecond: median(perSecond) };
}

/** A cold prompt (about 2,000 tokens nobody sent before) against the same prompt extended by one step. */
export async function cacheEffect(host: string, model: string) {
  const system = `Bench ${Date.now()}. ${Array.from({ length: 700 }, (_, index) => `rule${index}`).join(' ')}`;
  const post = async (messages: { role: string; content: string }[]) =>
    (await (
      await fetch(`${host}/api/chat`, {
        method: 'POST',
        body: JSON.stringify({
          model,
          messages,
          stream: false,
          options: { num_ctx: 4096, num_predict: 8, temperature: 0 },
        }),
      })
    ).json()) as Record<string, unknown>;
  const first = [
    { role: 'system', content: system },
    { role: 'user', content: 'One word.' },
  ];
  const cold = await post(first);
  const warm = await post([
    ...first,
    { role: 'assistant', content: (cold.message as { content: string }).content },
    { role: 'user', content: 'Another.' },
  ]);
  return {
    coldTokens: cold.prompt_eval_count as number,
    coldMs: (cold.prompt_eval_duration as number) / 1e6,
    extendedTokens: warm.prompt_eval_count as number,
    extendedMs: (warm.prompt_eval_duration as number) / 1e6,
  };
}
