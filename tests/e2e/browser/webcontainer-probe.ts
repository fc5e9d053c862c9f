/** Loaded into a dev-server page: boots the real WebContainer if this browser can reach it. */
import { WebContainer } from '@webcontainer/api';
import { bootWebContainer } from '../../../src/lib/workspace/webcontainer/boot-webcontainer';
import { WebContainerWorkspace } from '../../../src/lib/workspace/webcontainer/webcontainer-workspace';

export async function probeWebContainer(): Promise<
  { booted: false; reason: string } | { booted: true; read: string; exec: { exitCode: number; stdout: string } }
> {
  const result = await bootWebContainer({
    timeoutMs: 10_000,
    coep: 'credentialless',
    isolated: crossOriginIsolated,
    boot: (options) => WebContainer.boot(options),
  });
  if (!result.ok) return { booted: false, reason: result.reason };
  const workspace = new WebContainerWorkspace(result.container);
  await workspace.writeFile('probe/a.txt', 'hello');
  const read = await workspace.readFile('probe/a.txt');
  const exec = await workspace.exec('node -e "console.log(1 + 1)"', { timeoutMs: 30_000 });
  workspace.teardown();
  return { booted: true, read, exec: { exitCode: exec.exitCode, stdout: exec.stdout } };
}
