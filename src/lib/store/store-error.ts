/** What can go wrong with browser storage, each with a message that says what to do. */

export type StoreErrorKind = 'quota' | 'blocked' | 'unavailable' | 'locked' | 'conflict' | 'damaged' | 'io';

export class StoreError extends Error {
  constructor(
    readonly kind: StoreErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** Maps DOMExceptions from IndexedDB to StoreErrors; `doing` names the operation for people. */
export function storeError(error: unknown, doing: string): StoreError {
  if (error instanceof StoreError) return error;
  const name = (error as { name?: string })?.name ?? '';
  const message = (error as Error)?.message ?? String(error);
  switch (name) {
    case 'QuotaExceededError':
      return new StoreError(
        'quota',
        `Browser storage is full while ${doing}. Nothing saved before was ` +
          `lost; free space by exporting and deleting old sessions, then try ` +
          `again.`,
      );
    case 'ConstraintError':
      return new StoreError('conflict', `Could not finish ${doing}: the record already exists (${message}).`);
    case 'InvalidStateError':
    case 'SecurityError':
    case 'UnknownError':
      return new StoreError(
        'unavailable',
        `Browser storage is not available (${name}: ${message}). Private ` +
          `windows and some privacy settings refuse IndexedDB; use a normal ` +
          `window to keep sessions.`,
      );
    case 'VersionError':
      return new StoreError(
        'blocked',
        `The stored data is from a newer version of Harness Playground ` +
          `(${message}). Reload the page to get the newer version.`,
      );
    default:
      return new StoreError('io', `Browser storage failed while ${doing}: ${name ? `${name}: ` : ''}${message}`);
  }
}
