/**
 * JavaScript source of `node:test` inside the offline `node` (QuickJS): test, describe, hooks
 * and a TAP-like report, enough for the small projects the eval tasks and samples hold.
 */
import { keptFailures } from './failing-tests';

export const testSource = String.raw`
const tests = [];
const prefix = [];
const hooks = { before: [], after: [], beforeEach: [], afterEach: [] };
let scheduled = false;
const now = () => Date.now();
// Where test() was called, as Node's report names a failing test: the first stack frame outside
// this module (QuickJS frames read "at fn (/workspace/test/a.test.js:6:1)").
function callSite() {
  const lines = String(new Error().stack || '').split('\n');
  for (const line of lines) {
    const match = /\((\/[^()]*?):(\d+):(\d+)\)\s*$/.exec(line);
    if (match) return { file: match[1], line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}
function schedule() {
  if (scheduled) return;
  scheduled = true;
  Promise.resolve()
    .then(() => Promise.resolve())
    .then(run);
}
function register(name, options, fn) {
  if (typeof name === 'function') {
    fn = name;
    name = fn.name || '<anonymous>';
    options = {};
  }
  if (typeof options === 'function') {
    fn = options;
    options = {};
  }
  tests.push({
    name: [...prefix, String(name)].join(' > '),
    fn,
    skip: Boolean(options && (options.skip || options.todo)),
    where: callSite(),
  });
  schedule();
}
export function test(name, options, fn) {
  register(name, options, fn);
}
test.skip = (name, fn) => register(name, { skip: true }, fn);
test.todo = (name, fn) => register(name, { todo: true }, fn);
export const it = test;
export function describe(name, options, fn) {
  if (typeof options === 'function') fn = options;
  prefix.push(String(name));
  try {
    fn();
  } finally {
    prefix.pop();
  }
}
describe.skip = () => undefined;
export const suite = describe;
export const before = (fn) => hooks.before.push(fn);
export const after = (fn) => hooks.after.push(fn);
export const beforeEach = (fn) => hooks.beforeEach.push(fn);
export const afterEach = (fn) => hooks.afterEach.push(fn);
const write = (text) => globalThis.__write(1, text + '\n');
async function run() {
  let pass = 0,
    fail = 0,
    skipped = 0;
  const failures = [];
  const started = now();
  for (const hook of hooks.before) await hook();
  for (const entry of tests) {
    if (entry.skip) {
      skipped++;
      write('﹣ ' + entry.name + ' # SKIP');
      continue;
    }
    const begin = now();
    try {
      for (const hook of hooks.beforeEach) await hook();
      await entry.fn({
        name: entry.name,
        diagnostic: (text) => write('# ' + text),
        skip() {},
        todo() {},
        test: (name, fn) => fn({}),
      });
      for (const hook of hooks.afterEach) await hook();
      pass++;
      write('✔ ' + entry.name + ' (' + (now() - begin) + 'ms)');
    } catch (error) {
      fail++;
      write('✖ ' + entry.name + ' (' + (now() - begin) + 'ms)');
      const message = error && error.message !== undefined ? error.name + ': ' + error.message : String(error);
      write('  ' + message.split('\n').join('\n  '));
      // The report names the first 20; a few more are kept so it can say how many it left out.
      if (failures.length < ${keptFailures})
        failures.push({ name: entry.name, ms: now() - begin, message, where: entry.where });
    }
  }
  for (const hook of hooks.after) await hook();
  globalThis.__testSummary = { tests: pass + fail + skipped, pass, fail, skipped, ms: now() - started, failures };
  if (fail) process.exitCode = 1;
}
export default test;
`;
