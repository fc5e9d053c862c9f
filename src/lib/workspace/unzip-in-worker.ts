/** The page's way to read a zip: in a worker, ended when it answers or after a deadline. */
import type { ImportedFiles } from './workspace-zip';
import ZipWorker from './zip-import.worker?worker';

export function unzipInWorker(bytes: Uint8Array, timeoutMs = 60_000): Promise<ImportedFiles> {
  return new Promise((resolve, reject) => {
    const worker = new ZipWorker();
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new Error(`reading the zip took longer than ${timeoutMs / 1000} s; nothing was imported`));
    }, timeoutMs);
    worker.onmessage = (event: MessageEvent<{ ok: true; value: ImportedFiles } | { ok: false; error: string }>) => {
      clearTimeout(timer);
      worker.terminate();
      if (event.data.ok) resolve(event.data.value);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      clearTimeout(timer);
      worker.terminate();
      reject(new Error(`the zip reader failed: ${event.message}`));
    };
    worker.postMessage(bytes, [bytes.buffer]);
  });
}
