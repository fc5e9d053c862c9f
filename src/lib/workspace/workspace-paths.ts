/** W3: every path is relative to the root; `..` that climbs out and absolute paths are refused. */
import { WorkspaceError } from '../harness/workspace-error';

/** Normalized `/`-separated segments of a path inside the root ([] is the root itself). */
export function relativeSegments(path: string): string[] {
  if (typeof path !== 'string')
    throw new WorkspaceError('outside_root', String(path), `path must be a string, got ${typeof path}`);
  const trimmed = path.trim();
  if (
    trimmed.startsWith('/') ||
    trimmed.startsWith('\\') ||
    /^[a-zA-Z]:[\\/]/.test(trimmed) ||
    trimmed.startsWith('~')
  ) {
    throw new WorkspaceError(
      'outside_root',
      path,
      `path "${path}" is absolute; use a path relative to the workspace root`,
    );
  }
  if (trimmed.includes('\u0000')) throw new WorkspaceError('outside_root', path, `path "${path}" contains a NUL byte`);
  const segments: string[] = [];
  for (const part of trimmed.split(/[\\/]+/)) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.length === 0)
        throw new WorkspaceError('outside_root', path, `path "${path}" leaves the workspace root`);
      segments.pop();
    } else segments.push(part);
  }
  return segments;
}

/** Resolves `.` and `..` in an absolute virtual path (a `..` at the top stays at the top, as in POSIX). */
export function normalizeAbsolute(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (!part || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

export function relativePath(path: string): string {
  return relativeSegments(path).join('/') || '.';
}

/** True when `target` (absolute, normalized) is the root or inside it. */
export function isInside(root: string, target: string): boolean {
  const base = root.endsWith('/') ? root : `${root}/`;
  return target === root || target.startsWith(base);
}

export function outsideRoot(path: string, via: string): WorkspaceError {
  return new WorkspaceError('outside_root', path, `path "${path}" leaves the workspace root through the link "${via}"`);
}
