import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  upgradeEvent,
  upgradeModelOptions,
  upgradeReplyStats,
  upgradeSession,
} from '../../../src/lib/harness/model-options';
import type { HarnessEvent } from '../../../src/lib/harness/events';
import type { ModelOptions } from '../../../src/lib/harness/model-types';
import type { AgentSettings } from '../../../src/lib/harness/settings';
import { importTrajectory } from '../../../src/lib/store/session-export';
import { withDefaults } from '../../../src/lib/ui/playground-settings';

const old = { numCtx: 4096, numPredict: 256, keepAlive: '10m', numThread: 2, temperature: 0.2 } as ModelOptions;

describe('M1 the model port speaks for itself; data written with Ollama names still opens', () => {
  it('M1 old option names read as the new ones; a new name beside an old one wins', () => {
    expect(upgradeModelOptions(old)).toEqual({
      contextWindow: 4096,
      outputLimit: 256,
      keepLoaded: '10m',
      threads: 2,
      temperature: 0.2,
    });
    expect(upgradeModelOptions({ numCtx: 1, contextWindow: 2 } as ModelOptions)).toEqual({ contextWindow: 2 });
    expect(upgradeModelOptions(undefined)).toEqual({});
  });

  it('M1 stored page settings with old names keep their values', () => {
    const settings = withDefaults({ options: { numCtx: 2048, numPredict: 64 } as ModelOptions });
    expect(settings.options).toMatchObject({ contextWindow: 2048, outputLimit: 64 });
    expect(settings.options).not.toHaveProperty('numCtx');
  });

  it('M1 old events and sessions: options, wire-shaped tool declarations and a truncation’s window', () => {
    const sent = upgradeEvent({
      sessionId: 's',
      at: 0,
      type: 'request.sent',
      step: 1,
      model: 'm',
      options: old,
      protocol: 'native',
      constrained: false,
    });
    expect(sent).toMatchObject({ options: { contextWindow: 4096, outputLimit: 256 } });
    const wire = { type: 'function', function: { name: 'read_file', description: 'Read', parameters: {} } };
    const messages = upgradeEvent({
      sessionId: 's',
      at: 0,
      type: 'request.messages',
      step: 1,
      keep: 0,
      added: [],
      tools: [wire as never],
    } as HarnessEvent);
    expect(messages).toMatchObject({ tools: [{ name: 'read_file', description: 'Read', parameters: {} }] });
    const truncated = upgradeEvent({
      type: 'context.truncated',
      step: 2,
      numCtx: 1024,
      estimatedTokens: 2000,
      detectedBy: 'server-refused',
      discarded: true,
    } as unknown as HarnessEvent);
    expect(truncated).toMatchObject({ contextWindow: 1024 });
    const session = upgradeSession({
      settings: { options: old } as unknown as AgentSettings,
      pinned: { protocol: 'native', sections: [], overrides: {}, nativeTools: [wire as never] },
    });
    expect(session.settings.options).toMatchObject({ contextWindow: 4096 });
    expect(session.pinned?.nativeTools).toEqual([{ name: 'read_file', description: 'Read', parameters: {} }]);
  });

  it('M1 a lesson recorded with the old names (the first Lesson 6) imports with the new ones', () => {
    const text = readFileSync('tests/fixtures/old-option-names.session.json', 'utf8');
    expect(text).toContain('"numCtx"');
    const imported = importTrajectory(text);
    if (!imported.ok) throw new Error(imported.error);
    const sent = imported.trajectory.events.filter((event) => event.type === 'request.sent');
    expect(sent.length).toBeGreaterThan(0);
    for (const event of sent) {
      expect(event.options.contextWindow).toBeGreaterThan(0);
      expect(event.options).not.toHaveProperty('numCtx');
    }
  });

  it("M1 a reply's statistics under Ollama's names and nanoseconds read as tokens and seconds; a new name wins", () => {
    const former = {
      promptEvalCount: 900,
      promptCachedCount: 850,
      evalCount: 40,
      totalDurationNs: 3_500_000_000,
      loadDurationNs: 0,
      promptEvalDurationNs: 1_250_000_000,
      evalDurationNs: 2_000_000_000,
      doneReason: 'length',
    } as never;
    expect(upgradeReplyStats(former)).toEqual({
      promptTokens: 900,
      cachedPromptTokens: 850,
      outputTokens: 40,
      totalSeconds: 3.5,
      loadSeconds: 0,
      promptSeconds: 1.25,
      outputSeconds: 2,
      stopReason: 'length',
    });
    expect(upgradeReplyStats({ promptTokens: 7, promptEvalCount: 9 } as never)).toEqual({ promptTokens: 7 });
    expect(upgradeReplyStats(undefined)).toEqual({});
    // A stored field named like a prototype slot is data, not a former name.
    const hostile = JSON.parse('{"constructor": 1, "toString": 2, "promptTokens": 3}') as never;
    expect(upgradeReplyStats(hostile)).toEqual({ constructor: 1, toString: 2, promptTokens: 3 });
    expect(upgradeModelOptions(JSON.parse('{"constructor": 5}') as never)).toEqual({ constructor: 5 });
    const billed = upgradeEvent({
      type: 'model.error',
      step: 1,
      error: { kind: 'stream', message: 'broke', retryable: true, billed: { evalCount: 12 } },
    } as unknown as HarnessEvent);
    expect(billed).toMatchObject({ error: { billed: { outputTokens: 12 } } });
  });

  it('M1 a session stored with the old statistics names imports with the new ones', () => {
    const imported = importTrajectory(readFileSync('tests/fixtures/old-option-names.session.json', 'utf8'));
    if (!imported.ok) throw new Error(imported.error);
    const done = imported.trajectory.events.filter((event) => event.type === 'response.done');
    expect(done.length).toBeGreaterThan(0);
    for (const event of done) {
      expect(event.stats.promptTokens).toBeGreaterThan(0);
      expect(event.stats.promptSeconds).toBeGreaterThan(0);
      expect(event.stats.promptSeconds).toBeLessThan(600);
      expect(event.stats).not.toHaveProperty('promptEvalCount');
    }
  });
});
