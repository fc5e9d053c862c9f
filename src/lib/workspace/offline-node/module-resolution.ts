/**
 * How the offline node finds a module: Node's resolution for relative and absolute specifiers, the
 * built-ins the sandbox has (and a clear refusal for those it cannot have: no processes, no
 * network, no npm packages), and an ES module face for a CommonJS file that is imported.
 */
import { normalizeAbsolute } from '../workspace-paths';
import { assertSource, assertStrictSource } from './node-shims';
import { testSource } from './node-test-shim';
import { apiModules } from './node-api-modules';

export const builtins: Record<string, string> = {
  'node:assert': assertSource,
  'node:assert/strict': assertStrictSource,
  'node:test': testSource,
  ...apiModules,
};
const unsupported = new Set([
  'child_process',
  'http',
  'https',
  'net',
  'url',
  'worker_threads',
  'crypto',
  'stream',
  'zlib',
  'readline',
  'cluster',
  'dgram',
  'dns',
  'tls',
  'vm',
]);

const reservedWords = [
  'default break case catch class const continue debugger delete do else enum export extends false finally for',
  'function if import in instanceof new null return super switch this throw true try typeof var void while with',
  'yield let static implements interface package private protected public await arguments eval',
]
  .join(' ')
  .split(' ');

/** An ES module face for a CommonJS file imported with `import`: its exports as default, plus the names it assigns. */
export function commonJsFacade(file: string, source: string): string {
  const names = new Set<string>();
  for (const match of source.matchAll(/\b(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/g)) names.add(match[1]);
  const literal = /module\.exports\s*=\s*\{([^}]*)\}/.exec(source);
  for (const part of literal?.[1].split(',') ?? []) {
    const name = /^\s*([A-Za-z_$][\w$]*)\s*(?::|$)/.exec(part)?.[1];
    if (name) names.add(name);
  }
  // A property may be called `class` or `new`; a binding may not.
  for (const word of reservedWords) names.delete(word);
  const named = names.size ? `export const { ${[...names].join(', ')} } = value;\n` : '';
  return `const value = globalThis.__requireFrom(${JSON.stringify(file)});\nexport default value;\n${named}`;
}

function dirname(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

export function resolveSpecifier(base: string, requested: string, files: Pick<Map<string, string>, 'has'>): string {
  const bare = requested.replace(/^node:/, '');
  if (`node:${bare}` in builtins) return `node:${bare}`;
  if (unsupported.has(bare))
    throw new Error(
      `node:${bare} is not available in the offline shell's node (QuickJS sandbox: no processes or network)`,
    );
  if (!requested.startsWith('.') && !requested.startsWith('/'))
    throw new Error(`package "${requested}" is not available: the offline shell cannot install npm packages`);
  const target = requested.startsWith('/')
    ? normalizeAbsolute(requested)
    : normalizeAbsolute(`${dirname(base)}/${requested}`);
  for (const candidate of [target, `${target}.js`, `${target}.mjs`, `${target}/index.js`])
    if (files.has(candidate)) return candidate;
  throw new Error(`Cannot find module '${requested}' imported from ${base}`);
}
