/** W6: a workspace as a zip file and back (fflate), and a folder picked from the user's disk. */
import { strFromU8, strToU8, Unzip, UnzipInflate, zipSync } from 'fflate';
import type { FileMap } from './workspace-files';
import { relativePath } from './workspace-paths';

export function zipFiles(files: FileMap): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([path, content]) => [path, strToU8(content)])), {
    level: 6,
  });
}

export interface ImportedFiles {
  files: FileMap;
  /** Entries that were left out, and why (binary, outside the root, too large). */
  skipped: string[];
}

const maxFileBytes = 2 * 1024 * 1024;

function looksBinary(bytes: Uint8Array): boolean {
  const probe = bytes.subarray(0, 4096);
  return probe.includes(0);
}

/** What an import may cost, however the zip is built. */
export const zipLimits = {
  fileBytes: maxFileBytes,
  totalBytes: 64 * 1024 * 1024,
  files: 10_000,
  chunkBytes: 16 * 1024,
};

export class ZipLimitError extends Error {}

/**
 * Takes the text files of a zip; a single top folder (as GitHub zips have) is stripped. Sizes are
 * checked as declared (a file that says it is too big is not inflated) and as they really come
 * out while inflating, in small steps: a zip bomb or a lying header stops the import before it
 * can fill memory. In the page this runs in a worker (zip-import.worker.ts).
 */
export function unzipFiles(bytes: Uint8Array, limits = zipLimits): ImportedFiles {
  const entries: [string, Uint8Array][] = [];
  const skipped: string[] = [];
  let total = 0;
  let count = 0;
  const unzip = new Unzip((file) => {
    if (file.name.endsWith('/')) return;
    if (++count > limits.files)
      throw new ZipLimitError(`the zip has more than ${limits.files} files; nothing was imported`);
    const declared = file.originalSize;
    if (declared !== undefined && declared > limits.fileBytes) {
      skipped.push(
        `${file.name} (declares ${declared} bytes, over ${limits.fileBytes / 1024 / 1024} MiB; not inflated)`,
      );
      return;
    }
    const parts: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      size += chunk.length;
      total += chunk.length;
      if (size > limits.fileBytes || (declared !== undefined && size > declared)) {
        const limit =
          declared !== undefined && declared < limits.fileBytes
            ? `its declared ${declared} bytes`
            : `${limits.fileBytes / 1024 / 1024} MiB`;
        throw new ZipLimitError(
          `${file.name} inflates to more than ${limit} (a zip bomb or a damaged file); nothing was imported`,
        );
      }
      if (total > limits.totalBytes)
        throw new ZipLimitError(
          `the zip inflates to more than ${limits.totalBytes / 1024 / 1024} MiB; nothing was imported`,
        );
      parts.push(chunk);
      if (final) entries.push([file.name, concatenate(parts, size)]);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length; offset += limits.chunkBytes)
      unzip.push(bytes.subarray(offset, offset + limits.chunkBytes), offset + limits.chunkBytes >= bytes.length);
    if (bytes.length === 0) unzip.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof ZipLimitError) throw error;
    throw new Error(`this is not a readable zip file (${(error as Error).message})`, { cause: error });
  }
  if (entries.length === 0 && skipped.length === 0 && !looksLikeZip(bytes))
    throw new Error('this is not a readable zip file (no zip signature)');
  const names = entries.map(([name]) => name);
  const tops = new Set(names.map((name) => name.split('/')[0]));
  const strip = tops.size === 1 && names.every((name) => name.includes('/')) ? `${[...tops][0]}/` : '';
  const mapped = toFileMap(entries.map(([name, data]) => [name.slice(strip.length), data]));
  return { files: mapped.files, skipped: [...skipped, ...mapped.skipped] };
}

/** A zip's first bytes ("PK"), whatever its name says. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;
}

function concatenate(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function toFileMap(entries: [string, Uint8Array][]): ImportedFiles {
  const files: FileMap = {};
  const skipped: string[] = [];
  for (const [name, data] of entries) {
    let path: string;
    try {
      path = relativePath(name);
    } catch {
      skipped.push(`${name} (outside the workspace root)`);
      continue;
    }
    if (path.split('/').some((part) => part === '.git' || part === 'node_modules')) continue;
    if (data.length > maxFileBytes) skipped.push(`${path} (over 2 MiB)`);
    else if (looksBinary(data)) skipped.push(`${path} (binary)`);
    else files[path] = strFromU8(data);
  }
  return { files, skipped };
}
