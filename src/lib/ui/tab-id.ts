/**
 * S2: who holds a session's write lease. sessionStorage survives a reload of the same tab but is
 * not shared with other tabs, so a reloaded tab resumes its own run and a second tab is refused.
 */
export function tabId(): string {
  try {
    const existing = sessionStorage.getItem('harness-tab-id');
    if (existing) return existing;
    const id = `tab-${crypto.randomUUID()}`;
    sessionStorage.setItem('harness-tab-id', id);
    return id;
  } catch {
    return `tab-${crypto.randomUUID()}`; // storage refused (privacy mode): one id per page load
  }
}
