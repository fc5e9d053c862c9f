// Chooses the C/C++ flags for building Ollama's CPU backend from what `go install` really
// compiles, not from everything the CPU offers.
//
// Why: `-march=native` is what makes ggml fast on a CPU (a scalar build is ~20x slower), but it
// also defines feature macros for code paths whose sources are not part of the Go build. On an
// Intel CPU with AMX, `-march=native` defines __AMX_INT8__, ggml-cpu.cpp then calls
// ggml_backend_amx_buffer_type(), and that function lives in ggml-cpu/amx/, a folder with no .go
// file, so cgo never compiles it and the link fails. Each such folder turns its feature off.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where ggml's CPU backend lives inside the Ollama module. */
export const ggmlCpuDir = join('ml', 'backend', 'ggml', 'ggml', 'src', 'ggml-cpu');

/**
 * Optional ggml-cpu source folders guarded by compiler feature macros, and the flags that turn
 * those macros off when the folder is not compiled. Only x86-64 has one today (AMX).
 */
export const optionalSources = [
  {
    folder: 'amx',
    arch: 'x64',
    feature: 'AMX',
    cpuFlags: ['amx_tile', 'amx_int8', 'amx_bf16'],
    // amx-tile is the base: gcc turns off every AMX extension with it. The others are listed so
    // that a compiler that knows them gets them off explicitly; unknown ones are dropped.
    offFlags: ['-mno-amx-tile', '-mno-amx-int8', '-mno-amx-bf16', '-mno-amx-fp16', '-mno-amx-complex'],
  },
];

/** A folder is compiled by `go install` only when it holds a Go file (a cgo package). */
export function compiledByGo(folder) {
  if (!existsSync(folder)) return false;
  return readdirSync(folder).some((name) => name.endsWith('.go'));
}

/** True when the C compiler accepts a flag (a compile of an empty file succeeds). */
export function compilerAccepts(flag, cc = process.env.CC || 'cc') {
  const result = spawnSync(cc, [flag, '-x', 'c', '-c', '-o', '/dev/null', '-'], { input: '', encoding: 'utf8' });
  return result.status === 0;
}

/** The CPU's feature flags from /proc/cpuinfo (empty where there is none). */
export function cpuFeatures(cpuinfo) {
  const line = /^(?:flags|Features)\s*:\s*(.*)$/m.exec(cpuinfo ?? '');
  return new Set(line ? line[1].trim().split(/\s+/) : []);
}

/**
 * The flags for CGO_CFLAGS and CGO_CXXFLAGS, with a reason per choice.
 * `march` overrides `native` (e.g. `sapphirerapids` to check that an AMX target links on any CPU).
 */
export function chooseCgoFlags({ arch, moduleDir, cpuinfo = '', march, accepts = compilerAccepts }) {
  const reasons = [];
  const flags = ['-O3'];
  if (arch === 'x64') {
    flags.push(`-march=${march || 'native'}`);
    reasons.push(`x86-64: -march=${march || 'native'} for the SIMD ggml uses`);
  } else if (arch === 'arm64') {
    // gcc and clang on aarch64 spell "this CPU" as -mcpu=native; not built on arm64 here.
    flags.push(march ? `-march=${march}` : '-mcpu=native');
    reasons.push('arm64: -mcpu=native (not verified on an arm64 machine by this project)');
  } else {
    reasons.push(`${arch}: no CPU tuning (portable scalar build, slow)`);
  }
  const features = cpuFeatures(cpuinfo);
  for (const source of optionalSources) {
    if (source.arch !== arch) continue;
    if (compiledByGo(join(moduleDir, ggmlCpuDir, source.folder))) continue;
    const off = source.offFlags.filter((flag) => accepts(flag));
    if (off.length === 0) continue;
    flags.push(...off);
    const seen = source.cpuFlags.filter((flag) => features.has(flag));
    const cpu = seen.length > 0 ? `this CPU has ${seen.join(', ')}` : 'this CPU lacks it, off for any other';
    reasons.push(`${source.feature} off: ggml-cpu/${source.folder}/ is not compiled by go install (${cpu})`);
  }
  return { flags: flags.join(' '), reasons };
}

/** The last line that looks like a compiler or linker error, for a build failure's message. */
export function lastErrorLine(output) {
  const lines = output.split('\n').map((line) => line.trim());
  const errors = lines.filter((line) => /\berror\b|undefined reference|ld returned/i.test(line));
  return errors.at(-1) ?? lines.filter(Boolean).at(-1) ?? '(no output)';
}
