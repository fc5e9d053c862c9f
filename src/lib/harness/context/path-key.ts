/** The same file named differently (`./a`, `a`, `sub/../a`) is one file for reads and writes (C2). */
export function pathKey(path: unknown): string {
  if (typeof path !== 'string') return '';
  const parts: string[] = [];
  for (const part of path.trim().split(/[\\/]+/)) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/') || '.';
}
