import { describe, expect, it } from 'vitest';
import { outcomeText } from '../../../src/lib/ui/outcome-text';

describe('outcome text', () => {
  it('L1 the step limit is said once: "10 steps taken (limit 10), 39448 tokens", not the steps twice', () => {
    const text = outcomeText({ kind: 'limit', limit: 'steps', message: '10 steps taken (limit 10)' }, 10, 39448);
    expect(text).toBe('Stopped: 10 steps taken (limit 10), 39448 tokens.');
    expect(text.match(/10 steps/g)).toHaveLength(1);
    expect(outcomeText({ kind: 'limit', limit: 'tokens', message: 'token budget used' }, 3, 900)).toBe(
      'Stopped: token budget used (3 steps, 900 tokens).',
    );
  });
});
