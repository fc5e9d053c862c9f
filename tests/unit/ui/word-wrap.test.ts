import { describe, expect, it } from 'vitest';
import { wrapWords } from '../../../src/lib/ui/word-wrap';

describe('U1 the terminal wraps its own words at word boundaries', () => {
  it('U1 lines break between words, never inside one, and stay within the width', () => {
    const lines = wrapWords('Offline shell. Each line is its own command; files persist, cd does not.', 20);
    expect(lines).toEqual(['Offline shell. Each', 'line is its own', 'command; files', 'persist, cd does', 'not.']);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(20);
  });

  it('U1 a word longer than the line is cut (nothing else fits), and paragraphs stay apart', () => {
    expect(wrapWords('a verylongwordindeed b', 8)).toEqual(['a', 'verylong', 'wordinde', 'ed b']);
    expect(wrapWords('one\ntwo', 80)).toEqual(['one', 'two']);
    expect(wrapWords('', 10)).toEqual(['']);
    expect(wrapWords('x y', 0)).toEqual(['x', 'y']);
  });
});
