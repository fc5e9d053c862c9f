/**
 * CommonJS: `require` (relative files, JSON, ES modules, the built-ins above and assert/test), `module`,
 * `exports`, `__filename`, `__dirname`, with a cache and cycles as Node has them.
 */
export const commonJsSource = String.raw`
(() => {
  const cache = Object.create(null);
  const path = globalThis.__nodeApi.path;
  const notFound = (request, base) =>
    Object.assign(new Error("Cannot find module '" + request + "'\nRequire stack:\n- " + base), {
      code: 'MODULE_NOT_FOUND',
    });
  const builtin = (name) => {
    if (name in globalThis.__nodeApi) return globalThis.__nodeApi[name];
    const esm = globalThis.__esmBuiltins && globalThis.__esmBuiltins[name];
    if (esm) return typeof esm.default === 'function' ? Object.assign(esm.default, esm) : (esm.default ?? esm);
    return undefined;
  };
  function resolve(base, request) {
    const bare = String(request).replace(/^node:/, '');
    if (builtin(bare) !== undefined) return 'node:' + bare;
    if (!request.startsWith('.') && !request.startsWith('/')) {
      const reason = globalThis.__unsupported(bare);
      throw reason ? new Error(reason) : notFound(request, base);
    }
    const target = request.startsWith('/') ? path.normalize(request) : path.join(path.dirname(base), request);
    for (const candidate of [
      target,
      target + '.js',
      target + '.cjs',
      target + '.json',
      target + '/index.js',
      target + '/index.cjs',
      target + '/index.json',
    ]) {
      if (globalThis.__moduleSource(candidate) !== undefined) return candidate;
    }
    throw notFound(request, base);
  }
  // Node 20.19+: require() of an ES module returns its namespace; with a default export, marked
  // __esModule as tools that turn ES modules into CommonJS expect.
  function esmExports(file) {
    let namespace;
    try {
      namespace = globalThis.__requireEsm(file);
    } catch (error) {
      if (/top-level await/.test(String(error && error.message))) error.code = 'ERR_REQUIRE_ASYNC_MODULE';
      throw error;
    }
    if (!('default' in namespace) || '__esModule' in namespace) return namespace;
    const marked = {};
    for (const key of ['__esModule', ...Object.keys(namespace)].sort())
      marked[key] = key === '__esModule' ? true : namespace[key];
    return Object.freeze(marked);
  }
  function load(file) {
    if (file.startsWith('node:')) return builtin(file.slice(5));
    if (cache[file]) return cache[file].exports;
    const module = { id: file, filename: file, exports: {}, loaded: false, children: [], paths: [] };
    cache[file] = module;
    const source = globalThis.__moduleSource(file);
    if (file.endsWith('.json')) {
      module.exports = JSON.parse(source);
    } else {
      if (globalThis.__isEsm(file, source)) {
        module.exports = esmExports(file);
        module.loaded = true;
        return module.exports;
      }
      const wrapper = globalThis.__compileCommonJs(file, source.replace(/^#!.*/, ''));
      wrapper.call(module.exports, module.exports, makeRequire(file), module, file, path.dirname(file));
    }
    module.loaded = true;
    return module.exports;
  }
  function makeRequire(base) {
    const require = (request) => load(resolve(base, request));
    require.resolve = (request) => resolve(base, request);
    require.cache = cache;
    require.main = cache[base];
    return require;
  }
  globalThis.__requireFrom = (file) => load(file);
  globalThis.__makeRequire = makeRequire;
})();
`;
