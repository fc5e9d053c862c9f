/** W6: a workspace as a zip file and back (fflate), and a folder picked from the user's disk. */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { FileMap } from './workspace-files';
import { relativePath } from './workspace-paths';

export function zipFiles(files: FileMap): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([path, content]) => [path, strToU8(content)])), { level: 6 });
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

/** Takes the text files of a zip; a single top folder (as GitHub zips have) is stripped. */
export function unzipFiles(bytes: Uint8Array): ImportedFiles {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new Error(`this is not a readable zip file (${(error as Error).message})`);
  }
  const names = Object.keys(entries).filter((name) => !name.endsWith('/'));
  const tops = new Set(names.map((name) => name.split('/')[0]));
  const strip = tops.size === 1 && names.every((name) => name.includes('/')) ? `${[...tops][0]}/` : '';
  return toFileMap(names.map((name) => [name.slice(strip.length), entries[name]]));
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
