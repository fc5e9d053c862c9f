/**
 * JavaScript source of the built-in modules the offline `node` offers inside QuickJS: enough of
 * node:assert and node:test for small test files, plus process and timers. Timers run on a
 * virtual clock (a test waiting 1 s does not make the shell wait), driven by the host loop.
 */

export const preludeSource = String.raw`
globalThis.process = {
  argv: globalThis.__argv,
  env: globalThis.__env,
  exitCode: 0,
  platform: 'quickjs',
  version: 'v0.0.0-quickjs',
  versions: { node: '0.0.0-quickjs' },
  cwd: () => globalThis.__cwd,
  exit(code) {
    globalThis.__exit(code === undefined ? process.exitCode || 0 : code);
    throw new Error('__process_exit__');
  },
  stdout: { write: (text) => (globalThis.__write(1, String(text)), true) },
  stderr: { write: (text) => (globalThis.__write(2, String(text)), true) },
  nextTick: (fn, ...args) => Promise.resolve().then(() => fn(...args)),
  on() {
    return process;
  },
};
const show = (value) => {
  if (typeof value === 'string') return value;
  if (value instanceof Error)
    return value.stack ? value.name + ': ' + value.message + '\n' + value.stack : value.name + ': ' + value.message;
  try {
    return (
      JSON.stringify(
        value,
        (key, inner) => (typeof inner === 'bigint' ? inner + 'n' : inner === undefined ? '__undefined__' : inner),
        2,
      ).replace(/"__undefined__"/g, 'undefined') ?? String(value)
    );
  } catch {
    return String(value);
  }
};
globalThis.__show = show;
const line =
  (stream) =>
  (...values) =>
    globalThis.__write(stream, values.map(show).join(' ') + '\n');
globalThis.console = {
  log: line(1),
  info: line(1),
  debug: line(1),
  warn: line(2),
  error: line(2),
  table: line(1),
  dir: line(1),
};
let clock = 0;
let nextId = 0;
const timers = [];
globalThis.setTimeout = (fn, ms = 0, ...args) => {
  const id = ++nextId;
  timers.push({ id, at: clock + Math.max(0, Number(ms) || 0), fn, args });
  return id;
};
globalThis.setInterval = (fn, ms = 0, ...args) => {
  const id = ++nextId;
  const tick = () => {
    fn(...args);
    timers.push({ id, at: clock + Math.max(1, Number(ms) || 1), fn: tick, args: [] });
  };
  timers.push({ id, at: clock + Math.max(1, Number(ms) || 1), fn: tick, args: [] });
  return id;
};
globalThis.clearTimeout = globalThis.clearInterval = (id) => {
  const index = timers.findIndex((timer) => timer.id === id);
  if (index !== -1) timers.splice(index, 1);
};
globalThis.setImmediate = (fn, ...args) => setTimeout(fn, 0, ...args);
globalThis.queueMicrotask = (fn) => Promise.resolve().then(fn);
globalThis.__runNextTimer = () => {
  if (!timers.length) return false;
  timers.sort((a, b) => a.at - b.at || a.id - b.id);
  const timer = timers.shift();
  clock = Math.max(clock, timer.at);
  timer.fn(...timer.args);
  return true;
};
`;

export const assertSource = String.raw`
export class AssertionError extends Error {
  constructor(options) {
    super(options.message);
    this.name = 'AssertionError';
    this.code = 'ERR_ASSERTION';
    this.actual = options.actual;
    this.expected = options.expected;
    this.operator = options.operator;
  }
}
const show = (value) => {
  try {
    return typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
};
const raise = (message, actual, expected, operator, fallback) => {
  if (message instanceof Error) throw message;
  throw new AssertionError({ message: message ?? fallback, actual, expected, operator });
};
const isObject = (value) => value !== null && typeof value === 'object';
function deep(a, b, strict, seen = new Map()) {
  if (strict ? Object.is(a, b) : a == b) return true;
  if (!isObject(a) || !isObject(b)) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b);
  if (a instanceof Map && b instanceof Map)
    return a.size === b.size && [...a].every(([key, value]) => b.has(key) && deep(value, b.get(key), strict, seen));
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((value) => b.has(value));
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a),
    keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.prototype.hasOwnProperty.call(b, key) && deep(a[key], b[key], strict, seen));
}
function matches(error, expected) {
  if (expected === undefined) return true;
  if (typeof expected === 'function' && expected.prototype !== undefined && error instanceof expected) return true;
  if (expected instanceof RegExp)
    return (
      expected.test(String(error && error.message !== undefined ? error.message : error)) ||
      expected.test(String(error))
    );
  if (typeof expected === 'function') return expected(error) === true;
  if (isObject(expected))
    return Object.keys(expected).every((key) =>
      expected[key] instanceof RegExp ? expected[key].test(error[key]) : deep(error[key], expected[key], true),
    );
  return false;
}
function make(strict) {
  const ok = (value, message) => {
    if (!value) raise(message, value, true, '==', 'The expression evaluated to a falsy value: ' + show(value));
  };
  const assert = (value, message) => ok(value, message);
  Object.assign(assert, {
    ok,
    AssertionError,
    equal: (a, b, message) => {
      if (strict ? !Object.is(a, b) : a != b)
        raise(
          message,
          a,
          b,
          strict ? 'strictEqual' : '==',
          'Expected values to be ' +
            (strict ? 'strictly ' : 'loosely ') +
            'equal:\n\n' +
            show(a) +
            ' !== ' +
            show(b) +
            '\n',
        );
    },
    notEqual: (a, b, message) => {
      if (strict ? Object.is(a, b) : a == b)
        raise(message, a, b, 'notEqual', 'Expected "actual" to be not equal to: ' + show(b));
    },
    strictEqual: (a, b, message) => {
      if (!Object.is(a, b))
        raise(
          message,
          a,
          b,
          'strictEqual',
          'Expected values to be strictly equal:\n\n' + show(a) + ' !== ' + show(b) + '\n',
        );
    },
    notStrictEqual: (a, b, message) => {
      if (Object.is(a, b))
        raise(message, a, b, 'notStrictEqual', 'Expected "actual" to be strictly unequal to: ' + show(b));
    },
    deepEqual: (a, b, message) => {
      if (!deep(a, b, strict))
        raise(
          message,
          a,
          b,
          'deepEqual',
          'Expected values to be ' +
            (strict ? 'strictly ' : 'loosely ') +
            'deep-equal:\n' +
            show(a) +
            '\n\nshould equal\n\n' +
            show(b),
        );
    },
    deepStrictEqual: (a, b, message) => {
      if (!deep(a, b, true))
        raise(
          message,
          a,
          b,
          'deepStrictEqual',
          'Expected values to be strictly deep-equal:\n' + show(a) + '\n\nshould equal\n\n' + show(b),
        );
    },
    notDeepStrictEqual: (a, b, message) => {
      if (deep(a, b, true))
        raise(
          message,
          a,
          b,
          'notDeepStrictEqual',
          'Expected "actual" not to be strictly deep-equal to: ' + show(b),
        );
    },
    notDeepEqual: (a, b, message) => {
      if (deep(a, b, strict))
        raise(message, a, b, 'notDeepEqual', 'Expected "actual" not to be deep-equal to: ' + show(b));
    },
    throws: (fn, expected, message) => {
      if (typeof expected === 'string') {
        message = expected;
        expected = undefined;
      }
      try {
        fn();
      } catch (error) {
        if (!matches(error, expected))
          raise(
            message,
            error,
            expected,
            'throws',
            'The error did not match the expected one: ' + String(error && error.message),
          );
        return;
      }
      raise(message, undefined, expected, 'throws', 'Missing expected exception.');
    },
    doesNotThrow: (fn, message) => {
      try {
        fn();
      } catch (error) {
        raise(
          typeof message === 'string' ? message : undefined,
          error,
          undefined,
          'doesNotThrow',
          'Got unwanted exception: ' + String(error && error.message),
        );
      }
    },
    rejects: async (promiseOrFn, expected, message) => {
      try {
        await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
      } catch (error) {
        if (!matches(error, expected))
          raise(
            message,
            error,
            expected,
            'rejects',
            'The rejection did not match the expected one: ' + String(error && error.message),
          );
        return;
      }
      raise(message, undefined, expected, 'rejects', 'Missing expected rejection.');
    },
    doesNotReject: async (promiseOrFn, message) => {
      try {
        await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
      } catch (error) {
        raise(
          message,
          error,
          undefined,
          'doesNotReject',
          'Got unwanted rejection: ' + String(error && error.message),
        );
      }
    },
    match: (text, regex, message) => {
      if (!regex.test(text))
        raise(
          message,
          text,
          regex,
          'match',
          'The input did not match the regular expression ' + String(regex) + '. Input:\n\n' + show(text) + '\n',
        );
    },
    doesNotMatch: (text, regex, message) => {
      if (regex.test(text))
        raise(message, text, regex, 'doesNotMatch', 'The input was expected to not match ' + String(regex));
    },
    fail: (message = 'Failed') => raise(message, undefined, undefined, 'fail', message),
  });
  if (strict) {
    assert.equal = assert.strictEqual;
    assert.deepEqual = assert.deepStrictEqual;
    assert.notEqual = assert.notStrictEqual;
    assert.notDeepEqual = assert.notDeepStrictEqual;
  }
  return assert;
}
export const strict = make(true);
const assert = make(false);
assert.strict = strict;
strict.strict = strict;
export default assert;
export const {
  ok,
  equal,
  notEqual,
  strictEqual,
  notStrictEqual,
  deepEqual,
  deepStrictEqual,
  notDeepStrictEqual,
  notDeepEqual,
  throws,
  doesNotThrow,
  rejects,
  doesNotReject,
  match,
  doesNotMatch,
} = assert;
export const fail = assert.fail;
`;

export const assertStrictSource = String.raw`
import { strict } from 'node:assert';
export default strict;
export const {
  ok,
  equal,
  notEqual,
  strictEqual,
  notStrictEqual,
  deepEqual,
  deepStrictEqual,
  notDeepStrictEqual,
  throws,
  doesNotThrow,
  rejects,
  doesNotReject,
  match,
  doesNotMatch,
  fail,
  AssertionError,
} = strict;
`;
