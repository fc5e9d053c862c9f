/**
 * U5: the files of an imported sweep, from a zip (read in a worker, with the zip import's limits)
 * or a chosen folder (only results.jsonl and session files are read, within a byte budget).
 */
import type { FileMap } from './eval-bundle';

/** A sweep's folder: results under a megabyte, sessions tens of KB each; far more is refused. */
export const maxFolderBytes = 128 * 1024 * 1024;

export async function readZip(file: Blob): Promise<{ files: FileMap; skipped: string[] }> {
  const { unzipInWorker } = await import('../workspace/unzip-in-worker');
  return unzipInWorker(new Uint8Array(await file.arrayBuffer()));
}

export async function readFolder(chosen: File[]): Promise<FileMap> {
  const wanted = chosen.filter((file) => /(^|\/)results\.jsonl$|\.session\.json$/.test(pathOf(file)));
  const total = wanted.reduce((sum, file) => sum + file.size, 0);
  if (total > maxFolderBytes)
    throw new Error(`the folder holds ${Math.ceil(total / 1024 / 1024)} MB of results and sessions; at most 128 MB`);
  const files: FileMap = {};
  for (const file of wanted) files[pathOf(file)] = await file.text();
  return files;
}

function pathOf(file: File): string {
  return file.webkitRelativePath || file.name;
}
