// M2: llama.cpp's server as packaged by llama-cpp-python[server] on PyPI, built from its source on
// first use into a virtualenv cached outside the repo (like Ollama), with CPU flags any machine
// of this kind has: no -march=native (an AMX build made on one Xeon did not link on the next).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheRoot } from '../ollama/pins.mjs';
import { cpuFeatures } from '../ollama/cgo-flags.mjs';
import { ProvisionError } from '../ollama/provision.mjs';

export const llamaCppPython = { version: '0.3.36' };

/**
 * CMake flags: GGML_NATIVE off, then the x86-64-v3 set (AVX, AVX2, FMA, F16C) only where this CPU
 * has all of it — every AMD EPYC and Intel Xeon seen here does; a CPU without it gets the
 * portable baseline (slower, still correct). The cache key is the flag set, not the CPU model.
 */
export function chooseCmakeArgs(arch = process.arch, cpuinfo = readCpuinfo()) {
  const args = ['-DGGML_NATIVE=OFF', '-DLLAMA_CURL=OFF', '-DLLAMA_BUILD_TESTS=OFF', '-DLLAMA_BUILD_EXAMPLES=OFF'];
  const features = cpuFeatures(cpuinfo);
  const v3 = ['avx', 'avx2', 'fma', 'f16c'];
  if (arch === 'x64' && v3.every((flag) => features.has(flag)))
    args.push('-DGGML_AVX=ON', '-DGGML_AVX2=ON', '-DGGML_FMA=ON', '-DGGML_F16C=ON');
  const key = arch === 'x64' ? (args.includes('-DGGML_AVX2=ON') ? 'x86-64-v3' : 'x86-64') : arch;
  return { args, key };
}

function readCpuinfo() {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return '';
  }
}

function python() {
  for (const candidate of ['python3', 'python']) if (spawnSync(candidate, ['--version']).status === 0) return candidate;
  throw new ProvisionError('Python 3 is needed to build llama-cpp-python from PyPI.');
}

/** The virtualenv's python, building it first if the stamp does not match this version and flag set. */
export function ensureLlamaCpp(log) {
  const { args, key } = chooseCmakeArgs();
  const root = join(cacheRoot(), 'llama-cpp');
  const venv = join(root, `venv-${llamaCppPython.version}-${key}`);
  const bin = join(venv, 'bin', 'python');
  const stamp = join(venv, 'harness-stamp.json');
  const wanted = JSON.stringify({ version: llamaCppPython.version, args });
  if (existsSync(bin) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return bin;
  mkdirSync(root, { recursive: true });
  log(`building llama-cpp-python ${llamaCppPython.version} from source (${key}; about 15 minutes on 2 cores)`);
  const made = spawnSync(python(), ['-m', 'venv', '--clear', venv], { encoding: 'utf8' });
  if (made.status !== 0) throw new ProvisionError(`python -m venv failed: ${made.stderr.trim()}`);
  const logFile = join(root, `build-${key}.log`);
  const built = spawnSync(
    bin,
    [
      '-m',
      'pip',
      'install',
      '--disable-pip-version-check',
      '--no-input',
      '--no-binary',
      'llama-cpp-python',
      `llama-cpp-python[server]==${llamaCppPython.version}`,
    ],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: {
        ...process.env,
        CMAKE_ARGS: args.join(' '),
        CMAKE_BUILD_PARALLEL_LEVEL: process.env.CMAKE_BUILD_PARALLEL_LEVEL || '2',
        PIP_ROOT_USER_ACTION: 'ignore',
      },
    },
  );
  writeFileSync(logFile, `${built.stdout}\n${built.stderr}`);
  if (built.status !== 0) {
    const last = `${built.stderr}`.trim().split('\n').slice(-3).join(' / ');
    throw new ProvisionError(`building llama-cpp-python failed (log: ${logFile}): ${last}`);
  }
  writeFileSync(stamp, wanted);
  return bin;
}
