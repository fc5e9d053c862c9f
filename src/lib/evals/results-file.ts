/**
 * O2: results.jsonl — one JSON object per run — read back (to resume a suite, or to show a
 * headless run in the page). A torn last line (a killed run) is skipped and reported; any other
 * bad line is an error that names its line.
 */
import { Ajv } from '../harness/tools/ajv';
import type { EvalResult } from './eval-result';

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
    promptSeconds: { type: 'number', minimum: 0 },
    rung: { enum: [1, 2, 3] },
    parseRate: { type: 'number', minimum: 0, maximum: 1 },
    formatErrors: { type: 'number' },
    crashed: { type: 'string' },
    host: { type: 'string', maxLength: 2000 },
    promptTokensEvaluated: { type: 'number', minimum: 0 },
    recoveredCalls: { type: 'number', minimum: 0 },
    temperature: { type: 'number' },
    seed: { type: 'number' },
    server: { type: 'string', maxLength: 200 },
    harness: { type: 'string', maxLength: 100 },
    flags: {
      type: 'array',
      maxItems: 3,
      items: { enum: ['unchecked', 'after-send-back', 'claims-unmade-change'] },
    },
    family: { type: 'string', maxLength: 60 },
    rulesActed: {
      type: 'object',
      maxProperties: 100,
      propertyNames: { maxLength: 60 },
      additionalProperties: { type: 'integer', minimum: 0 },
    },
    split: { enum: ['tuning', 'dev', 'test'] },
  },
});

export interface ParsedResults {
  results: EvalResult[];
  /** Lines that were skipped, with why (a torn final line). */
  skipped: string[];
}

/** Bigger than any sweep this project makes (~0.5 KB a run); a larger file is refused unread. */
export const maxResultsBytes = 32 * 1024 * 1024;

export function parseResults(text: string): ParsedResults {
  if (text.length > maxResultsBytes)
    throw new Error(
      `results.jsonl is ${Math.round(text.length / 1024 / 1024)} MB; ` +
        `at most ${maxResultsBytes / 1024 / 1024} MB is read`,
    );
  const lines = text.split('\n');
  const byRun = new Map<string, EvalResult>();
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
    // A run id names one run: a repeated one (a run done again) keeps its newest line.
    if (byRun.delete(result.runId))
      skipped.push(`an earlier line for run ${result.runId} (line ${index + 1} repeats it and is kept)`);
    byRun.set(result.runId, {
      ...result,
      tags: result.tags ?? [],
      checkExitCode: result.checkExitCode ?? 0,
      checkOutput: result.checkOutput ?? '',
      outcomeDetail: result.outcomeDetail ?? '',
    });
  });
  return { results: [...byRun.values()], skipped };
}

export function resultLine(result: EvalResult): string {
  return `${JSON.stringify(result)}\n`;
}
