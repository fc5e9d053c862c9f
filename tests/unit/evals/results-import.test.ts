/**
 * T7 O2: a results.jsonl from elsewhere is hostile input. Its task names are only names, a run
 * id repeated does not break the runs table, and a file too large is refused before it is read.
 */
import { describe, expect, it } from 'vitest';
import { maxResultsBytes, parseResults, resultLine } from '../../../src/lib/evals/results-file';
import { summarize, taskRows } from '../../../src/lib/evals/eval-summary';
import type { EvalResult } from '../../../src/lib/evals/eval-result';
import { EvalsState } from '../../../src/lib/ui/evals-state.svelte';

function result(task: string, passed: boolean, runId = `${task}/m/text/default/1`): EvalResult {
  return {
    runId,
    task,
    tags: [],
    model: 'm',
    protocol: 'text',
    preset: 'default',
    repeat: 1,
    passed,
    outcome: 'final',
    outcomeDetail: '',
    steps: 1,
    promptTokens: 10,
    outputTokens: 2,
    seconds: 1,
    parseRate: 1,
    formatErrors: 0,
    checkExitCode: passed ? 0 : 1,
    checkOutput: '',
    session: '',
  } as EvalResult;
}

describe('T7 O2 imported eval results', () => {
  it('T7 a task named __proto__ is counted like any task and touches no other object', () => {
    const { results } = parseResults(
      [result('__proto__', true), result('__proto__', false, 'again'), result('plain', true)].map(resultLine).join(''),
    );
    const [summary] = summarize(results);
    expect(summary.byTask['__proto__']).toEqual({ passed: 1, runs: 2 });
    expect(summary.byTask.plain).toEqual({ passed: 1, runs: 1 });
    expect(({} as { runs?: number }).runs).toBeUndefined();
    expect(taskRows([summary]).map((row) => row[0])).toEqual(['task', '__proto__', 'plain']);
  });

  it('T7 a repeated runId keeps the newest line and says so (the runs table keys on it)', () => {
    const text = [result('a', false, 'run-1'), result('b', true, 'run-2'), result('a', true, 'run-1')]
      .map(resultLine)
      .join('');
    const { results, skipped } = parseResults(text);
    expect(results.map((entry) => [entry.runId, entry.passed])).toEqual([
      ['run-2', true],
      ['run-1', true],
    ]);
    expect(skipped).toEqual(['an earlier line for run run-1 (line 3 repeats it and is kept)']);
  });

  it('T7 a results file over the size cap is refused before it is read, with a message', async () => {
    expect(() => parseResults('x'.repeat(maxResultsBytes + 1))).toThrow(/at most 32 MB is read/);
    const state = new EvalsState();
    let read = false;
    const huge = {
      name: 'huge.jsonl',
      size: maxResultsBytes + 1,
      text: async () => {
        read = true;
        return '';
      },
    } as unknown as Blob & { name: string };
    await state.importResultsFile(huge);
    expect(read).toBe(false);
    expect(state.problem).toBe('huge.jsonl is 32 MB; at most 32 MB is read');
  });
});
