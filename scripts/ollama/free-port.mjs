// The port a local server should listen on: the wanted one, or any free one when it is taken.
import { createServer } from 'node:net';

export function portFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** `wanted` if free, else one the system hands out; `log` says which. */
export async function choosePort(wanted, log) {
  if (await portFree(wanted)) return wanted;
  const free = await new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  log(`port ${wanted} is taken; using ${free}`);
  return free;
}
