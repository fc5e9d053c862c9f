// Local servers the scripts start: the port to listen on (the wanted one, or any free one when
// it is taken), and running one in the foreground.
import { createWriteStream } from 'node:fs';
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

/**
 * Runs a server child in the foreground: its output to `logFile`, Ctrl-C and SIGTERM passed on,
 * and this process ending with it. Returns the function that stops it.
 */
export function superviseServer(child, { logFile, name, log }) {
  const sink = createWriteStream(logFile);
  child.stdout.pipe(sink);
  child.stderr.pipe(sink);
  const stop = (signal) => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  child.on('exit', (code, signal) => {
    log(`${name} stopped (${signal ?? `exit ${code}`})`);
    process.exit(signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : (code ?? 1));
  });
  return stop;
}
