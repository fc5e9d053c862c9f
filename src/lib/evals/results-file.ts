/**
 * O2: results.jsonl — one JSON object per run — read back (to resume a suite, or to show a
 * headless run in the page). A torn last line (a killed run) is skipped and reported; any other
 * bad line is an error that names its line.
 */
import { Ajv } from '../harness/tools/ajv';
import type { EvalResult } from './run-eval';

const validate = new Ajv({ strict: false }).compile({
  type: 'object',
  required: [
    'runId',
    'task',
    'model',
    'protocol',
    'preset',
    'repeat',
    'passed',
    'outcome',
    'steps',
    'promptTokens',
    'outputTokens',
    'seconds',
    'parseRate',
    'formatErrors',
  ],
  properties: {
    runId: { type: 'string' },
    task: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    model: { type: 'string' },
    protocol: { enum: ['text', 'native', 'constrained'] },
    preset: { type: 'string' },
    repeat: { type: 'integer', minimum: 1 },
    passed: { type: 'boolean' },
    outcome: { type: 'string' },
    steps: { type: 'number' },
    promptTokens: { type: 'number' },
    outputTokens: { type: 'number' },
    seconds: { type: 'number' },
    parseRate: { type: 'number', minimum: 0, maximum: 1 },
    formatErrors: { type: 'number' },
    crashed: { type: 'string' },
  },
});

export interface ParsedResults {
  results: EvalResult[];
  /** Lines that were skipped, with why (a torn final line). */
  skipped: string[];
}

export function parseResults(text: string): ParsedResults {
  const lines = text.split('\n');
  const results: EvalResult[] = [];
  const skipped: string[] = [];
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const last = lines.slice(index + 1).every((rest) => !rest.trim());
      if (last) {
        skipped.push(`line ${index + 1}: cut off (${(error as Error).message})`);
        return;
      }
      throw new Error(`results.jsonl line ${index + 1} is not JSON: ${(error as Error).message}`, { cause: error });
    }
    if (!validate(value)) {
      const [first] = validate.errors ?? [];
      throw new Error(
        `results.jsonl line ${index + 1} is not an eval result: ` +
          `${first?.instancePath || '(top level)'} ${first?.message ?? 'invalid'}`,
      );
    }
    const result = value as EvalResult;
    results.push({
      ...result,
      tags: result.tags ?? [],
      checkExitCode: result.checkExitCode ?? 0,
      checkOutput: result.checkOutput ?? '',
      outcomeDetail: result.outcomeDetail ?? '',
    });
  });
  return { results, skipped };
}

export function resultLine(result: EvalResult): string {
  return `${JSON.stringify(result)}\n`;
}
