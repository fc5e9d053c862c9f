/**
 * `node` and `npm` for the offline shell, as just-bash commands. node runs JavaScript (ES modules
 * and CommonJS) in QuickJS: `node FILE [args]`, `node -e CODE`, `node -p EXPR`, `node --test [files]`;
 * npm runs package.json
 * scripts (`npm test`, `npm run NAME`) and says plainly that it cannot install anything.
 */
import { failingTestsReport, keptFailures } from './failing-tests';
import { defineCommand } from 'just-bash';
import type { Command, IFileSystem } from 'just-bash';
import { runModule } from './quickjs-runner';
import type { RunOptions, RunResult } from './quickjs-runner';
import type { FileChanges } from './guest-files';
import { normalizeAbsolute } from '../workspace-paths';

const version =
  'v0.0.0 (QuickJS in the offline shell: ES modules and CommonJS, ' +
  'console, timers, assert, test, fs, path, os, events, util; no ' +
  'network, processes or npm packages)';
/** What `fs` sees: the workspace's files up to these sizes (a bigger one reads as missing). */
const snapshotLimits = { fileBytes: 1024 * 1024, totalBytes: 32 * 1024 * 1024 };

async function snapshotFiles(fs: IFileSystem, root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  let total = 0;
  for (const path of fs.getAllPaths()) {
    if (!path.startsWith(`${root}/`) || path.includes('/node_modules/') || path.includes('/.git/')) continue;
    const stat = await fs.stat(path).catch(() => null);
    if (!stat?.isFile || stat.size > snapshotLimits.fileBytes || total + stat.size > snapshotLimits.totalBytes)
      continue;
    total += stat.size;
    files.set(path, await fs.readFile(path));
  }
  return files;
}

/**
 * The program's writes, applied to the shell's filesystem after it ends (nothing else runs
 * meanwhile). One that cannot be made (a file where a folder should be) is said, not thrown.
 */
async function applyChanges(fs: IFileSystem, changes: FileChanges): Promise<string> {
  let problems = '';
  const attempt = async (path: string, action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      problems += `node: could not write ${path}: ${(error as Error).message}\n`;
    }
  };
  for (const dir of changes.dirs) await attempt(dir, () => fs.mkdir(dir, { recursive: true }));
  for (const [path, text] of changes.files) {
    if (text === null) await attempt(path, () => fs.rm(path, { force: true }));
    else
      await attempt(path, async () => {
        await fs.mkdir(path.slice(0, path.lastIndexOf('/')) || '/', { recursive: true });
        await fs.writeFile(path, text);
      });
  }
  return problems;
}

/**
 * just-bash hands stdin over as bytes in a latin1 string; read them as UTF-8 (its own decoder is
 * not in its browser build).
 */
function utf8(bytes: string): string {
  return new TextDecoder().decode(Uint8Array.from(bytes, (char) => char.charCodeAt(0) & 0xff));
}

function absolute(cwd: string, path: string): string {
  return normalizeAbsolute(path.startsWith('/') ? path : `${cwd}/${path}`);
}

/** Node 20's `node --test` discovery (no `tests/` or `*.spec.js` unless a name matches). */
const testFile = new RegExp(
  [
    String.raw`(^|/)test/.*\.(m?js|cjs)$`,
    String.raw`(^|/)test\.(m?js|cjs)$`,
    String.raw`[^/][.\-_]test\.(m?js|cjs)$`,
    String.raw`(^|/)test-[^/]*\.(m?js|cjs)$`,
  ].join('|'),
);

type CommandContext = Parameters<Parameters<typeof defineCommand>[1]>[1];
type Output = { stdout: string; stderr: string; exitCode: number };
/** What every run of one `node` call shares: the files, environment, folder, deadline and stop signal. */
type RunBase = Omit<RunOptions, 'entry' | 'argv'>;

const said = (stderr: string, exitCode: number): Output => ({ stdout: '', stderr, exitCode });

/** --input-type=module|commonjs says how -e code is read; anything else before -e is kept out. */
function inputTypeOf(args: string[]): { args: string[]; inputType?: 'module' | 'commonjs' } | Output {
  let inputType: 'module' | 'commonjs' | undefined;
  while (args[0]?.startsWith('--input-type')) {
    const value = args[0].includes('=') ? args[0].slice(args[0].indexOf('=') + 1) : args[1];
    args = args.slice(args[0].includes('=') ? 1 : 2);
    if (value !== 'module' && value !== 'commonjs')
      return said(`node: --input-type must be "module" or "commonjs"\n`, 9);
    inputType = value;
  }
  return { args, ...(inputType ? { inputType } : {}) };
}

/** `node --test [files]`: each test file in turn within one deadline, reported as Node 20 does. */
async function nodeTest(args: string[], context: CommandContext, base: RunBase): Promise<Output> {
  const { files } = base;
  const named = args.slice(1).filter((arg) => !arg.startsWith('-'));
  const chosen = named.length
    ? named.map((path) => absolute(context.cwd, path))
    : [...files.keys()]
        .filter((path) => path.startsWith(`${context.cwd}/`) && testFile.test(path.slice(context.cwd.length + 1)))
        .sort();
  // Node 20 runs nothing and passes when there is nothing to run.
  if (chosen.length === 0) return { stdout: 'ℹ tests 0\nℹ pass 0\nℹ fail 0\nℹ files 0\n', stderr: '', exitCode: 0 };
  let stdout = '';
  let stderr = '';
  const totals = { tests: 0, pass: 0, fail: 0, skipped: 0 };
  const failures: unknown[] = [];
  let failedFiles = 0;
  const started = Date.now();
  for (const file of chosen) {
    if (!files.has(file)) {
      stderr += `node --test: cannot find ${file}\n`;
      failedFiles++;
      continue;
    }
    const deadlineMs = Math.max(1, base.deadlineMs - (Date.now() - started));
    const result = await runModule({ ...base, deadlineMs, entry: file, argv: ['node', file] });
    stdout += result.stdout;
    stderr += result.stderr + (await applyChanges(context.fs, result.changes));
    if (result.tests) {
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += result.tests[key];
      // At most `keptFailures` over every file: the report names 20 and counts the rest from the total.
      if (Array.isArray(result.tests.failures))
        failures.push(...result.tests.failures.slice(0, Math.max(0, keptFailures - failures.length)));
    }
    if (result.exitCode !== 0 && !result.tests?.fail) failedFiles++;
    if (result.timedOut) break;
  }
  stdout +=
    `ℹ tests ${totals.tests}\nℹ pass ${totals.pass}\nℹ fail ` +
    `${totals.fail}\nℹ skipped ${totals.skipped}\nℹ files ` +
    `${chosen.length}${failedFiles ? ` (${failedFiles} failed to run)` : ''}\nℹ ` +
    `duration_ms ${Date.now() - started}\n` +
    failingTestsReport(failures, context.cwd, (file) => files.get(file), totals.fail);
  return { stdout, stderr, exitCode: totals.fail || failedFiles ? 1 : 0 };
}

/** `node FILE [args]`, `node -e CODE`, `node -p EXPR`, `node --test [files]`. */
async function runNode(args: string[], context: CommandContext, options: { root: string; deadlineMs: number }) {
  if (args[0] === '--version' || args[0] === '-v') return { stdout: `${version}\n`, stderr: '', exitCode: 0 };
  const files = await snapshotFiles(context.fs, options.root);
  const deadlineMs = Math.min(options.deadlineMs, context.limits.maxExecutionTimeMs || options.deadlineMs);
  const env = Object.fromEntries(context.env);
  const base: RunBase = { files, env, cwd: context.cwd, deadlineMs, signal: context.signal, root: options.root };
  const finish = async (result: RunResult): Promise<Output> => {
    const problems = await applyChanges(context.fs, result.changes);
    const exitCode = problems && !result.exitCode ? 1 : result.exitCode;
    return { stdout: result.stdout, stderr: result.stderr + problems, exitCode };
  };
  const typed = inputTypeOf(args);
  if ('exitCode' in typed) return typed;
  args = typed.args;
  // A ByteString is a latin1 string at run time; the type only keeps it from being used as text unread.
  const stdin = utf8(context.stdin as unknown as string);
  if (['-e', '--eval', '-p', '--print'].includes(args[0])) {
    // Like node: CommonJS unless the code uses import/export (or --input-type says).
    const print = args[0] === '-p' || args[0] === '--print';
    const entry = `${context.cwd}/[eval]`;
    const inputType = typed.inputType ? { inputType: typed.inputType } : {};
    const argv = ['node', ...args.slice(2)];
    return finish(await runModule({ ...base, stdin, ...inputType, entry, source: args[1] ?? '', print, argv }));
  }
  if (args[0] === '--test') return nodeTest(args, context, base);
  const script = args.find((arg) => !arg.startsWith('-'));
  if (!script) return said(`node: give a file to run (node FILE), -e CODE, or --test. ${version}\n`, 9);
  const entry = absolute(context.cwd, script);
  if (!files.has(entry))
    return said(`node: cannot find module '${entry.slice(options.root.length + 1) || script}'\n`, 1);
  const argv = ['node', entry, ...args.slice(args.indexOf(script) + 1)];
  return finish(await runModule({ ...base, stdin, entry, argv }));
}

/** The package.json script an npm verb names, or undefined for a verb the offline shell lacks. */
function scriptOf(verb: string, name: string | undefined): string | undefined {
  if (verb === 'test' || verb === 't') return 'test';
  if (verb === 'start') return 'start';
  return verb === 'run' || verb === 'run-script' ? name : undefined;
}

/** npm runs package.json scripts and says plainly that it cannot install anything. */
async function runNpm(args: string[], context: CommandContext): Promise<Output> {
  const [verb, name] = args;
  if (!verb || verb === '--version' || verb === '-v')
    return { stdout: '0.0.0 (offline shell: runs package.json scripts only)\n', stderr: '', exitCode: 0 };
  if (['install', 'i', 'ci', 'add', 'update', 'uninstall'].includes(verb))
    return said(
      `npm ${verb}: the offline shell has no network and cannot install packages; only package.json scripts run here\n`,
      1,
    );
  const script = scriptOf(verb, name);
  if (!script)
    return said(`npm ${verb}: not available in the offline shell (supported: npm test, npm start, npm run NAME)\n`, 1);
  let scripts: Record<string, string>;
  try {
    const manifest = JSON.parse(await context.fs.readFile(`${context.cwd}/package.json`)) as {
      scripts?: Record<string, string>;
    };
    scripts = manifest.scripts ?? {};
  } catch (error) {
    return said(`npm: cannot read package.json in ${context.cwd}: ${(error as Error).message}\n`, 1);
  }
  const command = scripts[script];
  if (!command)
    return said(`npm: no script "${script}" in package.json (have: ${Object.keys(scripts).join(', ') || 'none'})\n`, 1);
  if (!context.exec) return said('npm: this shell cannot run scripts\n', 1);
  const extra = (verb === 'run' ? args.slice(2) : args.slice(1)).filter((arg) => arg !== '--');
  const result = await context.exec(`${command}${extra.length ? ` ${extra.join(' ')}` : ''}`, { cwd: context.cwd });
  return {
    stdout: `\n> ${script}\n> ${command}\n\n${result.stdout}`,
    stderr: result.stderr,
    exitCode: result.exitCode,
  };
}

export function nodeCommands(options: { root: string; deadlineMs?: number }): Command[] {
  const limits = { root: options.root, deadlineMs: options.deadlineMs ?? 20_000 };
  return [
    defineCommand('node', (args, context) => runNode(args, context, limits)),
    defineCommand('npm', (args, context) => runNpm(args, context)),
  ];
}
