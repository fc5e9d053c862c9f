/**
 * U1 M2: what the page keeps in the browser's storage — a typed task per session (this tab only)
 * and an API key (remembered only when asked, and only for its server) — and what it does when
 * the storage is blocked or full.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDraft, saveDraft } from '../../../src/lib/ui/task-draft';
import {
  isApiKeyRemembered,
  keyFor,
  keyForDraft,
  rememberApiKey,
  rememberedApiKey,
  sameServer,
} from '../../../src/lib/ui/api-key';

class MemoryStorage {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('U1 a typed task survives a reload of the tab', () => {
  it('U1 a draft is kept per session and dropped when emptied', () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    saveDraft('a', 'fix the test');
    saveDraft('b', 'other');
    expect(loadDraft('a')).toBe('fix the test');
    expect(loadDraft('b')).toBe('other');
    saveDraft('a', '   ');
    expect(loadDraft('a')).toBe('');
    expect(loadDraft('never')).toBe('');
  });

  it('U1 a paste too long to be a task is not kept (and replaces no older draft)', () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    saveDraft('a', 'short');
    saveDraft('a', 'x'.repeat(100_001));
    expect(loadDraft('a')).toBe('');
    expect(storage.items.size).toBe(0);
  });

  it('U1 full or blocked storage loses only the draft, never throws', () => {
    const storage = new MemoryStorage();
    storage.full = true;
    vi.stubGlobal('sessionStorage', storage);
    expect(() => saveDraft('a', 'task')).not.toThrow();
    vi.stubGlobal('sessionStorage', undefined);
    expect(() => saveDraft('a', 'task')).not.toThrow();
    expect(loadDraft('a')).toBe('');
  });
});

describe('M2 an API key belongs to its server and is remembered only when asked', () => {
  it('M2 one server whatever the trailing /v1 or slashes; another port or scheme is another server', () => {
    expect(sameServer('http://127.0.0.1:8091/v1', 'http://127.0.0.1:8091/')).toBe(true);
    expect(sameServer('http://127.0.0.1:8091/v1/', 'http://127.0.0.1:8091')).toBe(true);
    expect(sameServer('http://127.0.0.1:8091', 'http://127.0.0.1:8092')).toBe(false);
    expect(sameServer('https://api.example.com/v1', 'http://api.example.com/v1')).toBe(false);
    expect(sameServer('not a url', ' not a url ')).toBe(true);
  });

  it('M2 a key is sent only to the server it was entered for', () => {
    const key = { key: 'sk-1', host: 'http://127.0.0.1:8091/v1' };
    expect(keyFor(key, 'http://127.0.0.1:8091')).toBe('sk-1');
    expect(keyFor(key, 'https://evil.example.com/v1')).toBeUndefined();
    expect(keyFor(undefined, 'http://127.0.0.1:8091')).toBeUndefined();
  });

  it('M2 remembered on this device only when ticked; forgotten when unticked; a key from before hosts is not used', () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    const key = { key: 'sk-1', host: 'http://h:1/v1' };
    rememberApiKey(key, false);
    expect(isApiKeyRemembered()).toBe(false);
    rememberApiKey(key, true);
    expect(rememberedApiKey()).toEqual(key);
    rememberApiKey(key, false);
    expect(rememberedApiKey()).toBeUndefined();
    storage.setItem('harness-playground.api-key', JSON.stringify({ key: 'sk-old' }));
    expect(rememberedApiKey()).toBeUndefined();
    storage.setItem('harness-playground.api-key', '{not json');
    expect(rememberedApiKey()).toBeUndefined();
  });

  it('M2 a key typed in Settings goes with a new server only when the person confirms it', () => {
    const current = { key: 'sk-1', host: 'http://a:1/v1' };
    expect(keyForDraft('sk-1', current, 'http://b:2/v1', false)).toBeUndefined();
    expect(keyForDraft('sk-1', current, 'http://b:2/v1', true)).toEqual({ key: 'sk-1', host: 'http://b:2/v1' });
    expect(keyForDraft('sk-2', current, 'http://b:2/v1', false)).toEqual({ key: 'sk-2', host: 'http://b:2/v1' });
    expect(keyForDraft('sk-1', current, 'http://a:1', false)).toEqual({ key: 'sk-1', host: 'http://a:1' });
    expect(keyForDraft('', current, 'http://a:1', true)).toBeUndefined();
  });
});
