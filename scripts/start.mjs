/**
 * `npm start`: the dev server, run in this process through Vite's API rather than as a child of
 * npm's shell. npm passes a SIGTERM to that shell only, so `vite` started there outlived a stopped
 * `npm start` and kept serving the port. Here a signal, or the parent going away, closes it.
 * Arguments: --port N, --host H (default 127.0.0.1:5173).
 */
import { parseArgs } from 'node:util';
import { createServer } from 'vite';

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' } },
  allowPositionals: false,
});
const server = await createServer({
  server: { host: values.host, ...(values.port ? { port: Number(values.port), strictPort: true } : {}) },
});
await server.listen();
server.printUrls();

let closing = false;
async function close(code = 0) {
  if (closing) return;
  closing = true;
  await server.close().catch(() => undefined);
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void close());
// npm's shell stopped without passing the signal on: this process was handed to init.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void close();
}, 500).unref();
