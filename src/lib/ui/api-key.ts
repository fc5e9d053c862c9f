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

/** A key and the server it was entered for (a key belongs to its host). */
export interface ApiKey {
  key: string;
  host: string;
}

/** Two server URLs name one server: scheme, host and port alike, the path's /v1 and slashes aside. */
export function sameServer(a: string, b: string): boolean {
  const base = (url: string) => {
    try {
      const parsed = new URL(url.trim());
      return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '').replace(/\/v1$/, '')}`;
    } catch {
      return url.trim();
    }
  };
  return base(a) === base(b);
}

/** The key to send to `host`, if one was entered for it. */
export function keyFor(apiKey: ApiKey | undefined, host: string): string | undefined {
  return apiKey?.key && sameServer(apiKey.host, host) ? apiKey.key : undefined;
}

/** A remembered key with its host; one remembered before keys had hosts names none and is not used. */
export function rememberedApiKey(): ApiKey | undefined {
  try {
    const value = JSON.parse(storage()?.getItem(storageKey) ?? 'null') as Partial<ApiKey> | null;
    return typeof value?.key === 'string' && typeof value.host === 'string' && value.key
      ? { key: value.key, host: value.host }
      : undefined;
  } catch {
    return undefined;
  }
}

export function isApiKeyRemembered(): boolean {
  return rememberedApiKey() !== undefined;
}

/** Remembers `apiKey` on this device, or forgets any remembered key. */
export function rememberApiKey(apiKey: ApiKey | undefined, remember: boolean): void {
  if (remember && apiKey?.key) storage()?.setItem(storageKey, JSON.stringify(apiKey));
  else storage()?.removeItem(storageKey);
}

/**
 * The key as the Settings dialog would use it for `host`: a new key is bound to that host; the
 * key of another server goes along only when the person confirmed it (else it is forgotten).
 */
export function keyForDraft(
  typed: string,
  current: ApiKey | undefined,
  host: string,
  confirmed: boolean,
): ApiKey | undefined {
  if (!typed) return undefined;
  const carried = current !== undefined && typed === current.key && !sameServer(current.host, host);
  return carried && !confirmed ? undefined : { key: typed, host };
}
