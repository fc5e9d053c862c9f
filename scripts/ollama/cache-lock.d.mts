export function withCacheLock<T>(
  path: string,
  work: () => Promise<T> | T,
  options?: { log?: (line: string) => void; pollMs?: number; graceMs?: number },
): Promise<T>;
