/** W6: zip imports are inflated here, off the page's main thread (a bomb cannot freeze the page). */
import { unzipFiles } from './workspace-zip';

self.onmessage = (event: MessageEvent<Uint8Array>) => {
  try {
    self.postMessage({ ok: true, value: unzipFiles(event.data) });
  } catch (error) {
    self.postMessage({ ok: false, error: (error as Error).message });
  }
};
