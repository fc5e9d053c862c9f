/**
 * O1 O3: what a run's events say about its cost and its replies — the time the server spent
 * reading prompts, the prompt tokens it evaluated (not taken from its KV cache: on a CPU, the
 * figure that says what a harness choice costs), how many replies parsed, and how many calls
 * were recovered from how a small model wrote them (T6), and which rules acted how often (O5).
 */
import type { HarnessEvent } from '../harness/events';

export interface RunFigures {
  /** Seconds the server spent reading prompts, as it reported them. */
  promptSeconds: number;
  /** Prompt tokens the server evaluated, summed over the run; absent when it reported no counts. */
  promptTokensEvaluated?: number;
  parseRate: number;
  formatErrors: number;
  /** T6: tool calls recovered from the reply's text (absent when none). */
  recoveredCalls?: number;
  /** O5: how often each rule acted in the run, by rule id (absent when none did): the per-rule evidence. */
  rulesActed?: Record<string, number>;
}

export function runFigures(events: readonly HarnessEvent[]): RunFigures {
  let promptSeconds = 0;
  let evaluated = 0;
  let counted = false;
  let parses = 0;
  let malformed = 0;
  let recovered = 0;
  // No prototype: a rule id is data (results files are read back from anywhere).
  const acted = Object.create(null) as Record<string, number>;
  for (const event of events) {
    if (event.type === 'rule.acted') acted[event.rule] = (acted[event.rule] ?? 0) + 1;
    if (event.type === 'response.done') {
      promptSeconds += event.stats.promptSeconds ?? 0;
      const count = event.stats.promptTokens;
      if (count !== undefined) {
        counted = true;
        // Ollama 0.24 counts cached tokens too; the reuse it shows in its timing is taken off.
        evaluated += Math.max(0, count - (event.serverReusedTokens ?? 0));
      }
    } else if (event.type === 'parse.result') {
      parses++;
      if (event.kind === 'malformed') malformed++;
      if (event.recovered) recovered++;
    }
  }
  return {
    promptSeconds: Math.round(promptSeconds * 1000) / 1000,
    ...(counted ? { promptTokensEvaluated: evaluated } : {}),
    parseRate: parses ? (parses - malformed) / parses : 1,
    formatErrors: malformed,
    ...(recovered ? { recoveredCalls: recovered } : {}),
    ...(Object.keys(acted).length ? { rulesActed: { ...acted } } : {}),
  };
}
