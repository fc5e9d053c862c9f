/**
 * Boots the one WebContainer a page may have. `boot()` loads its runtime from StackBlitz's
 * servers and, when they cannot be reached, never settles (and a retry hangs too), so it is
 * raced against a timeout and a failure is remembered with its reason.
 */
import type { ContainerApi } from './container-api';

export type BootResult = { ok: true; container: ContainerApi } | { ok: false; reason: string };

export interface BootOptions {
  timeoutMs: number;
  /** Must match the page's Cross-Origin-Embedder-Policy header (vite.config.ts). */
  coep: 'require-corp' | 'credentialless';
  isolated: boolean;
  /** The real `WebContainer.boot`, or a stand-in in tests. */
  boot: (options: { coep: 'require-corp' | 'credentialless'; workdirName: string }) => Promise<ContainerApi>;
}

let attempt: Promise<BootResult> | undefined;

export function bootWebContainer(options: BootOptions): Promise<BootResult> {
  if (!options.isolated) {
    return Promise.resolve({
      ok: false,
      reason: 'the page is not cross-origin isolated (COOP/COEP headers), which WebContainer needs',
    });
  }
  attempt ??= new Promise<BootResult>((resolve) => {
    const timer = setTimeout(
      () =>
        resolve({
          ok: false,
          reason:
            `WebContainer did not start within ` +
            `${Math.round(options.timeoutMs / 1000)} s: its runtime comes from ` +
            `StackBlitz's servers, which this browser cannot reach (offline, or ` +
            `blocked)`,
        }),
      options.timeoutMs,
    );
    options.boot({ coep: options.coep, workdirName: 'workspace' }).then(
      (container) => (clearTimeout(timer), resolve({ ok: true, container })),
      (error: Error) => (
        clearTimeout(timer),
        resolve({ ok: false, reason: `WebContainer failed to start: ${error.message}` })
      ),
    );
  });
  return attempt;
}

/** For tests: forget the page's boot attempt. */
export function forgetBootAttempt(): void {
  attempt = undefined;
}
