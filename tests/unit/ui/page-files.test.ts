/** U5 S2: files the person hands the page (a sweep's folder) and the tab's own id. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maxFolderBytes, readFolder } from '../../../src/lib/ui/eval-bundle-files';
import { tabId } from '../../../src/lib/ui/tab-id';

const file = (path: string, text: string, size?: number) => {
  const made = new File([text], path.split('/').at(-1)!);
  Object.defineProperty(made, 'webkitRelativePath', { value: path });
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
};

afterEach(() => vi.unstubAllGlobals());

describe('U5 a sweep folder chosen in the Evals view', () => {
  it('U5 only results.jsonl and session files are read, by their path in the folder', async () => {
    const files = await readFolder([
      file('sweep/results.jsonl', '{"runId":"a"}\n'),
      file('sweep/sessions/a.session.json', '{}'),
      file('sweep/notes.txt', 'not read'),
      file('sweep/old-results.jsonl.bak', 'not read'),
    ]);
    expect(Object.keys(files).sort()).toEqual(['sweep/results.jsonl', 'sweep/sessions/a.session.json']);
    expect(files['sweep/results.jsonl']).toBe('{"runId":"a"}\n');
  });

  it('U5 a folder holding more than the budget is refused with its size, before anything is read', async () => {
    const big = file('sweep/results.jsonl', 'x', maxFolderBytes + 1);
    big.text = async () => {
      throw new Error('read');
    };
    await expect(readFolder([big, file('huge.mp4', 'x', 10 * maxFolderBytes)])).rejects.toThrow(
      'the folder holds 129 MB of results and sessions; at most 128 MB',
    );
  });
});

describe('S2 the tab id that holds a session lease', () => {
  it('S2 the same id across reloads of one tab (sessionStorage); a fresh one when storage is refused', () => {
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
    });
    const first = tabId();
    expect(first).toMatch(/^tab-[0-9a-f-]{36}$/);
    expect(tabId()).toBe(first);
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const refused = tabId();
    expect(refused).toMatch(/^tab-/);
    expect(refused).not.toBe(first);
  });
});
