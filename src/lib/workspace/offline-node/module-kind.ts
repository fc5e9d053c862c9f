/** How the offline node reads a file: as an ES module or as CommonJS, by Node 20's rules. */

/**
 * Node's rule, with its syntax detection: .mjs is a module, .cjs is not, other files are modules when
 * they use import/export.
 */
export function isEsmSource(file: string, source: string, files?: ReadonlyMap<string, string>): boolean {
  if (file.endsWith('.mjs')) return true;
  if (file.endsWith('.cjs') || file.endsWith('.json')) return false;
  // The nearest package.json decides when it says; Node detects only when it does not.
  const declared = files ? packageType(file, files) : undefined;
  if (declared) return declared === 'module';
  return /^[ \t]*(import[ \t]*[\w{*'"]|export[ \t{*])/m.test(source);
}

/** The "type" of the package.json nearest to `file` (Node's lookup), if it sets one. */
export function packageType(file: string, files: ReadonlyMap<string, string>): 'module' | 'commonjs' | undefined {
  for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) {
    const manifest = files.get(`${file.slice(0, at)}/package.json`);
    if (manifest === undefined) continue;
    try {
      const type = (JSON.parse(manifest) as { type?: unknown }).type;
      return type === 'module' || type === 'commonjs' ? type : undefined;
    } catch {
      // A package.json that is not JSON says nothing about the type (Node would fail later, loudly).
      return undefined;
    }
  }
  return undefined;
}
