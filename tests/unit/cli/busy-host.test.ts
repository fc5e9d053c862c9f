import { describe, expect, it } from 'vitest';
import { busyTries, versionWhenFree } from '../../../src/cli/eval-servers';
import { sideReadMs, sideReadTimeout } from '../../../src/lib/model/bounded-body';
import type { ServerClient } from '../../../src/lib/model/server-client';
import type { ModelError } from '../../../src/lib/harness/model-types';

const busy = sideReadTimeout('http://127.0.0.1:8091/v1', '/v1/models')!;

function client(answers: ({ ok: true; value: string } | { ok: false; error: ModelError })[]) {
  let asked = 0;
  const stub = { version: async () => answers[Math.min(asked++, answers.length - 1)]! };
  return { stub: stub as unknown as ServerClient, asked: () => asked };
}

describe('M3 a busy server is asked again, not taken for gone', () => {
  it('M3 a side read that timed out says the server is busy, not that the request was stopped', () => {
    expect(busy).toMatchObject({ kind: 'overloaded', retryable: true });
    expect(busy.message).toBe(
      `http://127.0.0.1:8091/v1 did not answer /v1/models within ${sideReadMs / 1000} s: it is likely busy with ` +
        'another request (llama-cpp-python answers one at a time); try again when it is free',
    );
    // The caller's own stop is the caller's: no busy error then.
    const stopped = new AbortController();
    stopped.abort();
    expect(sideReadTimeout('h', '/v1/models', stopped.signal)).toBeUndefined();
  });

  it('M3 a sweep waits for a busy host (recorded: a second sweep beside a first on llama-cpp-python)', async () => {
    const lines: string[] = [];
    const { stub, asked } = client([
      { ok: false, error: busy },
      { ok: false, error: busy },
      { ok: true, value: 'x' },
    ]);
    expect(await versionWhenFree(stub, 'h', (line) => lines.push(line))).toEqual({ ok: true, value: 'x' });
    expect(asked()).toBe(3);
    expect(lines[0]).toContain('host: h is busy (');
    expect(lines[1]).toContain('asking again (3 of 8)');
  });

  it('M3 a host that stays busy, or is gone, is given up (bounded)', async () => {
    const always = client([{ ok: false, error: busy }]);
    expect(await versionWhenFree(always.stub, 'h', () => {})).toMatchObject({ ok: false });
    expect(always.asked()).toBe(busyTries);
    const gone = client([{ ok: false, error: { kind: 'unreachable', message: 'refused', retryable: true } }]);
    expect(await versionWhenFree(gone.stub, 'h', () => {})).toMatchObject({ ok: false });
    expect(gone.asked()).toBe(1);
  });
});
