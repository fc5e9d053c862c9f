import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { autoProtocol, profileProtocols } from '../../../src/lib/harness/auto-protocol';
import { profileProtocols as measure, target } from '../../../scripts/profile-protocols';
import { wilsonInterval } from '../../../src/lib/evals/wilson-interval';

const tools = { known: true as const, name: 'qwen2.5-coder:0.5b', capabilities: ['completion', 'tools'] };
const plain = { known: true as const, name: 'gemma3:270m', capabilities: ['completion'] };

describe('auto protocol', () => {
  it('T6 the small profile names the protocol it was measured to work best with; the file is what the results say', () => {
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual(measure());
    const best = profileProtocols.small;
    if (!best) return; // no screen measured one yet: auto follows the capabilities (tested below)
    expect(['native', 'text', 'constrained']).toContain(best.protocol);
    // The evidence is the tally itself: the chosen protocol's interval starts highest.
    const lows = Object.fromEntries(
      best.evidence.split(', ').map((entry) => {
        const [, passed, runs] = / (\d+)\/(\d+)/.exec(entry)!;
        return [entry.split(' ')[0], wilsonInterval(Number(passed), Number(runs)).low];
      }),
    );
    expect(lows[best.protocol]).toBe(Math.max(...Object.values(lows)));
  });

  it('T6 a screen that passed nothing, or left a protocol out, names no protocol', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profile-'));
    const row = (protocol: string, passed: boolean) => JSON.stringify({ protocol, preset: 'small', passed });
    const file = (name: string, rows: string[]) => (writeFileSync(join(dir, name), rows.join('\n')), join(dir, name));
    expect(
      measure([file('none.jsonl', [row('native', false), row('text', false), row('constrained', false)])]),
    ).toEqual({});
    expect(measure([file('partial.jsonl', [row('native', true), row('text', false)])])).toEqual({});
    expect(
      measure([
        file('two.jsonl', [
          row('native', false),
          row('text', true),
          row('constrained', true),
          row('constrained', true),
        ]),
      ]),
    ).toMatchObject({ small: { protocol: 'constrained', evidence: 'constrained 2/2, text 1/1, native 0/1' } });
  });

  it('T6 protocols run unequally often are ranked by what their runs vouch for, not by passes or rate alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profile-'));
    const rows = (protocol: string, passed: number, runs: number) =>
      Array.from({ length: runs }, (_, index) => JSON.stringify({ protocol, preset: 'small', passed: index < passed }));
    const file = join(dir, 'unequal.jsonl');
    // native has the most passes (6 of 30), constrained the best rate (1 of 1): text's 4 of 6 is
    // the one whose interval starts highest.
    writeFileSync(file, [...rows('native', 6, 30), ...rows('text', 4, 6), ...rows('constrained', 1, 1)].join('\n'));
    expect(measure([file])).toMatchObject({ small: { protocol: 'text' } });
  });

  it('T6 auto with the small profile uses its measured protocol and says why', () => {
    const saved = profileProtocols.small;
    profileProtocols.small = { protocol: 'constrained', evidence: 'constrained 2/6, text 1/6, native 1/6', from: [] };
    try {
      const chosen = autoProtocol('small', plain);
      expect(chosen.protocol).toBe('constrained');
      expect(chosen.reason).toBe(
        'the small profile works best with constrained (measured: constrained 2/6, text 1/6, native 1/6)',
      );
      expect(autoProtocol('default', tools).protocol).toBe('native');
    } finally {
      profileProtocols.small = saved;
    }
  });

  it('T6 auto with the default profile follows the capabilities: native with "tools", text without or unknown', () => {
    expect(autoProtocol('default', tools)).toEqual({
      protocol: 'native',
      reason: 'qwen2.5-coder:0.5b lists the "tools" capability',
    });
    expect(autoProtocol('default', plain).protocol).toBe('text');
    expect(autoProtocol('default', { ...tools, capabilitiesUnknown: true }).reason).toContain('does not say');
    expect(autoProtocol('default', { known: false, why: 'offline' }).reason).toContain(
      'capabilities unknown (offline)',
    );
  });

  it('T6 a profile measured best with native still falls back when the model takes no tool calls', () => {
    const saved = profileProtocols.small;
    profileProtocols.small = { protocol: 'native', evidence: 'native 3/6', from: [] };
    try {
      expect(autoProtocol('small', plain).protocol).toBe('text');
      expect(autoProtocol('small', tools).protocol).toBe('native');
    } finally {
      profileProtocols.small = saved;
    }
  });
});
