/**
 * U1: a task typed and not yet run survives a reload — kept per session in this tab's
 * sessionStorage (gone with the tab; nothing is sent or exported), dropped once it runs.
 */
const prefix = 'harness-playground.draft.';
/** A draft longer than this is a paste, not a task being typed: not kept. */
const maxDraftChars = 100_000;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // Storage blocked: drafts live only as long as the page.
  }
}

export function loadDraft(sessionId: string): string {
  return storage()?.getItem(prefix + sessionId) ?? '';
}

export function saveDraft(sessionId: string, text: string): void {
  try {
    if (text.trim() && text.length <= maxDraftChars) storage()?.setItem(prefix + sessionId, text);
    else storage()?.removeItem(prefix + sessionId);
  } catch {
    // Quota or blocked storage: the draft is only lost on reload, as before.
  }
}
