/**
 * W1: which backend a new session gets. `auto` tries WebContainer when the page is cross-origin
 * isolated and falls back to the offline shell with the reason; the other two force one (a
 * forced WebContainer that cannot start still falls back, and says why).
 */
import type { ContainerApi } from './container-api';
import { bootWebContainer } from './boot-webcontainer';
import type { BootOptions } from './boot-webcontainer';

export type WorkspaceChoice = 'auto' | 'webcontainer' | 'offline';

export type ChosenWorkspace =
  { backend: 'webcontainer'; container: ContainerApi; reason: string } | { backend: 'offline'; reason: string };

export async function chooseWorkspace(choice: WorkspaceChoice, boot: BootOptions): Promise<ChosenWorkspace> {
  if (choice === 'offline') return { backend: 'offline', reason: 'chosen in Settings' };
  const result = await bootWebContainer(boot);
  if (result.ok)
    return {
      backend: 'webcontainer',
      container: result.container,
      reason:
        choice === 'auto' ? 'auto: the page is cross-origin isolated and WebContainer started' : 'chosen in Settings',
    };
  return {
    backend: 'offline',
    reason:
      `${choice === 'auto' ? 'auto: ' : 'WebContainer was asked for, but '}${result.reason}; ` +
      `using the offline shell`,
  };
}
