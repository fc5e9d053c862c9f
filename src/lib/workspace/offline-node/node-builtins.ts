/**
 * JavaScript source of the Node.js APIs the offline `node` adds inside QuickJS beyond assert and
 * test: CommonJS (`require`, `module.exports`, `__dirname`), `path`, `fs` (sync, callback-free
 * promises) over the workspace's files, `os`, `events` and a little of `util`. Enough for small
 * projects and eval checks; each is a global the CommonJS loader and the ES module wrappers share.
 * Files come from a snapshot taken before the run; writes are applied to the workspace after it.
 */

export const nodeApiSource = String.raw`
(() => {
  const split = (p) =>
    String(p)
      .split('/')
      .filter((part) => part && part !== '.');
  const normalizeParts = (parts, absolute) => {
    const out = [];
    for (const part of parts) {
      if (part === '..') {
        if (out.length && out[out.length - 1] !== '..') out.pop();
        else if (!absolute) out.push('..');
      } else out.push(part);
    }
    return out;
  };
  const path = {
    sep: '/',
    delimiter: ':',
    isAbsolute: (p) => String(p).startsWith('/'),
    normalize(p) {
      p = String(p);
      if (!p) return '.';
      const absolute = p.startsWith('/');
      const joined = normalizeParts(split(p), absolute).join('/');
      return (absolute ? '/' : '') + (joined || (absolute ? '' : '.')) + (p.endsWith('/') && joined ? '/' : '');
    },
    join: (...parts) => path.normalize(parts.filter((part) => part !== '').join('/') || '.'),
    resolve(...parts) {
      let resolved = '';
      for (let index = parts.length - 1; index >= 0 && !resolved.startsWith('/'); index--)
        resolved = String(parts[index]) + (resolved ? '/' + resolved : '');
      if (!resolved.startsWith('/')) resolved = process.cwd() + (resolved ? '/' + resolved : '');
      return '/' + normalizeParts(split(resolved), true).join('/');
    },
    dirname(p) {
      p = String(p).replace(/\/+$/, '');
      const index = p.lastIndexOf('/');
      return index === -1 ? '.' : index === 0 ? '/' : p.slice(0, index);
    },
    basename(p, ext) {
      let base = String(p).replace(/\/+$/, '').split('/').pop() || '';
      if (ext && base.endsWith(ext) && base !== ext) base = base.slice(0, -ext.length);
      return base;
    },
    extname(p) {
      const base = path.basename(p);
      const index = base.lastIndexOf('.');
      return index <= 0 ? '' : base.slice(index);
    },
    relative(from, to) {
      const a = split(path.resolve(from));
      const b = split(path.resolve(to));
      let common = 0;
      while (common < a.length && common < b.length && a[common] === b[common]) common++;
      return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
    },
    parse(p) {
      const base = path.basename(p);
      const ext = path.extname(p);
      return {
        root: String(p).startsWith('/') ? '/' : '',
        dir: path.dirname(p),
        base,
        ext,
        name: ext ? base.slice(0, -ext.length) : base,
      };
    },
    format: (parts) =>
      (parts.dir ? parts.dir + '/' : parts.root || '') + (parts.base || (parts.name || '') + (parts.ext || '')),
  };
  path.posix = path;

  const error = (code, message, target) =>
    Object.assign(new Error(code + ': ' + message + ", '" + target + "'"), { code, path: target });
  // The host refuses with "CODE: message".
  const refused = (reason, target) =>
    error(reason.slice(0, reason.indexOf(':')), reason.slice(reason.indexOf(':') + 2), target);
  let listed;
  const paths = () => (listed ??= new Set(JSON.parse(globalThis.__fileList())));
  const madeDirs = new Set();
  const absolute = (p) => path.resolve(String(typeof URL !== 'undefined' && p instanceof URL ? p.pathname : p));
  const isDir = (target) => {
    if (target === '/' || madeDirs.has(target)) return true;
    for (const file of paths()) if (file.startsWith(target + '/')) return true;
    return false;
  };
  const encodingOf = (options) => (typeof options === 'string' ? options : options && options.encoding);
  const fs = {
    existsSync: (p) => {
      const target = absolute(p);
      return paths().has(target) || isDir(target);
    },
    readFileSync(p, options) {
      // Standard input, as Node reads it: file descriptor 0 or /dev/stdin.
      if (p === 0 || p === '/dev/stdin') {
        const input = globalThis.__stdin;
        return encodingOf(options) ? input : Object.assign(new String(input), { toString: () => input });
      }
      const target = absolute(p);
      const text = globalThis.__fileRead(target);
      if (text === undefined)
        throw isDir(target)
          ? error('EISDIR', 'illegal operation on a directory, read', target)
          : error('ENOENT', 'no such file or directory, open', target);
      // Without an encoding Node gives a Buffer; a string with Buffer's toString keeps most code working.
      return encodingOf(options) ? text : Object.assign(new String(text), { toString: () => text });
    },
    writeFileSync(p, data, options) {
      const target = absolute(p);
      if (isDir(target)) throw error('EISDIR', 'illegal operation on a directory, open', target);
      const reason = globalThis.__fileWrite(target, String(data), options && options.flag === 'a' ? 1 : 0);
      if (reason) throw refused(reason, target);
      paths().add(target);
    },
    appendFileSync(p, data) {
      fs.writeFileSync(p, data, { flag: 'a' });
    },
    mkdirSync(p) {
      const target = absolute(p);
      const reason = globalThis.__mkdir(target);
      if (reason) throw refused(reason, target);
      madeDirs.add(target);
      return target;
    },
    readdirSync(p, options) {
      const target = absolute(p);
      if (!isDir(target))
        throw paths().has(target)
          ? error('ENOTDIR', 'not a directory, scandir', target)
          : error('ENOENT', 'no such file or directory, scandir', target);
      const names = new Map();
      for (const file of [...paths(), ...madeDirs]) {
        if (!file.startsWith(target === '/' ? '/' : target + '/')) continue;
        const rest = file.slice(target === '/' ? 1 : target.length + 1);
        if (!rest) continue;
        const name = rest.split('/')[0];
        names.set(name, names.get(name) || rest.includes('/') || madeDirs.has(target + '/' + name));
      }
      const sorted = [...names.keys()].sort();
      if (!(options && options.withFileTypes)) return sorted;
      return sorted.map((name) => ({
        name,
        isDirectory: () => names.get(name),
        isFile: () => !names.get(name),
        isSymbolicLink: () => false,
      }));
    },
    statSync(p, options) {
      const target = absolute(p);
      const file = paths().has(target);
      if (!file && !isDir(target)) {
        if (options && options.throwIfNoEntry === false) return undefined;
        throw error('ENOENT', 'no such file or directory, stat', target);
      }
      const size = file ? (globalThis.__fileRead(target) || '').length : 0;
      return {
        size,
        isFile: () => file,
        isDirectory: () => !file,
        isSymbolicLink: () => false,
        mtime: new Date(0),
        mtimeMs: 0,
      };
    },
    unlinkSync(p) {
      const target = absolute(p);
      if (!paths().has(target)) throw error('ENOENT', 'no such file or directory, unlink', target);
      const reason = globalThis.__fileRemove(target);
      if (reason) throw refused(reason, target);
      paths().delete(target);
    },
    rmSync(p, options) {
      const target = absolute(p);
      if (paths().has(target)) return fs.unlinkSync(target);
      if (!isDir(target)) {
        if (options && options.force) return;
        throw error('ENOENT', 'no such file or directory, rm', target);
      }
      if (!(options && options.recursive))
        throw error('ERR_FS_EISDIR', 'Path is a directory: rm returned EISDIR', target);
      for (const file of [...paths()]) if (file.startsWith(target + '/')) fs.unlinkSync(file);
      madeDirs.delete(target);
    },
    renameSync(from, to) {
      const text = fs.readFileSync(from, 'utf8');
      fs.writeFileSync(to, text);
      fs.unlinkSync(from);
    },
    copyFileSync(from, to) {
      fs.writeFileSync(to, fs.readFileSync(from, 'utf8'));
    },
  };
  fs.rmdirSync = (p, options) => fs.rmSync(p, { recursive: true, ...(options || {}) });
  const promised =
    (fn) =>
    (...args) => {
      try {
        return Promise.resolve(fn(...args));
      } catch (reason) {
        return Promise.reject(reason);
      }
    };
  fs.promises = {};
  for (const [sync, name] of [
    ['readFileSync', 'readFile'],
    ['writeFileSync', 'writeFile'],
    ['appendFileSync', 'appendFile'],
    ['mkdirSync', 'mkdir'],
    ['readdirSync', 'readdir'],
    ['statSync', 'stat'],
    ['unlinkSync', 'unlink'],
    ['rmSync', 'rm'],
    ['renameSync', 'rename'],
    ['copyFileSync', 'copyFile'],
  ]) {
    fs.promises[name] = promised(fs[sync]);
    // Callback style: the last argument is the callback.
    fs[name] = (...args) => {
      const callback = args.pop();
      Promise.resolve()
        .then(() => fs[sync](...args))
        .then(
          (value) => callback(null, value),
          (reason) => callback(reason),
        );
    };
  }
  fs.promises.access = promised((p) => {
    if (!fs.existsSync(p)) throw error('ENOENT', 'no such file or directory, access', absolute(p));
  });
  fs.accessSync = (p) => {
    if (!fs.existsSync(p)) throw error('ENOENT', 'no such file or directory, access', absolute(p));
  };
  fs.constants = { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 };

  const os = {
    EOL: '\n',
    platform: () => 'linux',
    type: () => 'Linux',
    arch: () => 'wasm32',
    tmpdir: () => '/tmp',
    homedir: () => '/home/user',
    hostname: () => 'offline',
    cpus: () => [{ model: 'QuickJS', speed: 0 }],
    totalmem: () => 64 * 1024 * 1024,
    freemem: () => 32 * 1024 * 1024,
  };

  class EventEmitter {
    constructor() {
      this._events = new Map();
    }
    on(name, fn) {
      if (!this._events.has(name)) this._events.set(name, []);
      this._events.get(name).push(fn);
      return this;
    }
    once(name, fn) {
      const wrapped = (...args) => {
        this.off(name, wrapped);
        fn.apply(this, args);
      };
      return this.on(name, wrapped);
    }
    off(name, fn) {
      const list = this._events.get(name) || [];
      const index = list.indexOf(fn);
      if (index !== -1) list.splice(index, 1);
      return this;
    }
    emit(name, ...args) {
      const list = [...(this._events.get(name) || [])];
      for (const fn of list) fn.apply(this, args);
      return list.length > 0;
    }
    listenerCount(name) {
      return (this._events.get(name) || []).length;
    }
    removeAllListeners(name) {
      if (name === undefined) this._events.clear();
      else this._events.delete(name);
      return this;
    }
  }
  EventEmitter.prototype.addListener = EventEmitter.prototype.on;
  EventEmitter.prototype.removeListener = EventEmitter.prototype.off;
  EventEmitter.EventEmitter = EventEmitter;

  const inspect = (value) => (typeof value === 'string' ? JSON.stringify(value) : globalThis.__show(value));
  const util = {
    inspect,
    format: (first, ...rest) => {
      if (typeof first !== 'string') return [first, ...rest].map(globalThis.__show).join(' ');
      let index = 0;
      const text = first.replace(/%[sdifjoO%]/g, (token) => {
        if (token === '%%') return '%';
        if (index >= rest.length) return token;
        const value = rest[index++];
        return token === '%d' || token === '%i'
          ? String(parseInt(value, 10))
          : token === '%f'
            ? String(parseFloat(value))
            : token === '%s'
              ? String(value)
              : inspect(value);
      });
      return [text, ...rest.slice(index).map(globalThis.__show)].join(' ');
    },
    promisify:
      (fn) =>
      (...args) =>
        new Promise((resolve, reject) =>
          fn(...args, (reason, value) => (reason ? reject(reason) : resolve(value))),
        ),
    isDeepStrictEqual: (a, b) => JSON.stringify(a) === JSON.stringify(b),
    types: {
      isPromise: (value) => value instanceof Promise,
      isRegExp: (value) => value instanceof RegExp,
      isDate: (value) => value instanceof Date,
    },
  };

  globalThis.__nodeApi = { path, fs, 'fs/promises': fs.promises, os, events: EventEmitter, util };
})();
`;
