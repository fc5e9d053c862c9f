/**
 * M2: an OpenAI-compatible server's API key. Kept in memory for the tab unless the person ticks
 * "remember on this device" (then in this browser's localStorage, nowhere else): never in the
 * settings store, a session, an export or a link.
 */
const storageKey = 'harness-playground.api-key';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // Storage blocked (privacy settings): the key lives in memory only.
  }
}

export function rememberedApiKey(): string {
  return storage()?.getItem(storageKey) ?? '';
}

export function isApiKeyRemembered(): boolean {
  return Boolean(storage()?.getItem(storageKey));
}

/** Remembers `key` on this device, or forgets any remembered key. */
export function rememberApiKey(key: string, remember: boolean): void {
  if (remember && key) storage()?.setItem(storageKey, key);
  else storage()?.removeItem(storageKey);
}
