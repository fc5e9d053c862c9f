/**
 * O3: the real Ollama builds on any x86-64 machine. `-march=native` on an Intel CPU with AMX
 * turns on ggml's AMX code path, whose sources (ggml-cpu/amx/) `go install` never compiles: the
 * link then fails. The flags are chosen from what the Go build compiles, so these tests lay out
 * module trees and CPUs and check the choice, and the compiler on this machine takes the flags.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseCgoFlags, compilerAccepts, ggmlCpuDir, lastErrorLine } from '../../../scripts/ollama/cgo-flags.mjs';

const intelAmx =
  'model name\t: Intel(R) Xeon(R) Platinum 8480+\nflags\t\t: fpu sse ' +
  'avx2 avx512f avx512_vnni amx_bf16 amx_tile amx_int8\n';
const amdEpyc = 'model name\t: AMD EPYC\nflags\t\t: fpu sse avx2 avx512f avx512_vnni\n';

/** A module tree like Ollama's: ggml-cpu with its Go file, and an amx folder with or without one. */
function moduleTree(amxCompiled: boolean): string {
  const root = mkdtempSync(path.join(tmpdir(), 'ollama-module-'));
  const cpu = path.join(root, ggmlCpuDir);
  mkdirSync(path.join(cpu, 'amx'), { recursive: true });
  writeFileSync(path.join(cpu, 'cpu.go'), 'package cpu\n');
  writeFileSync(path.join(cpu, 'amx', 'amx.cpp'), '// AMX kernels\n');
  if (amxCompiled) writeFileSync(path.join(cpu, 'amx', 'amx.go'), 'package amx\n');
  return root;
}
const acceptsAll = () => true;

describe('O3 the build flags follow what go install compiles', () => {
  it('O3 on an Intel CPU with AMX, AMX is turned off because ggml-cpu/amx/ is not compiled', () => {
    const { flags, reasons } = chooseCgoFlags({
      arch: 'x64',
      moduleDir: moduleTree(false),
      cpuinfo: intelAmx,
      accepts: acceptsAll,
    });
    expect(flags.split(' ')).toEqual(
      expect.arrayContaining(['-O3', '-march=native', '-mno-amx-tile', '-mno-amx-int8']),
    );
    expect(reasons.join(' ')).toMatch(/AMX off: ggml-cpu\/amx\/ is not compiled.*amx_tile/);
  });

  it('O3 on AMD (no AMX) the same flags keep the native speed and AMX stays off for any copy of the tree', () => {
    const { flags } = chooseCgoFlags({
      arch: 'x64',
      moduleDir: moduleTree(false),
      cpuinfo: amdEpyc,
      accepts: acceptsAll,
    });
    expect(flags).toContain('-march=native');
    expect(flags).toContain('-mno-amx-int8');
  });

  it('O3 a module that compiles its AMX sources keeps AMX on', () => {
    const { flags } = chooseCgoFlags({
      arch: 'x64',
      moduleDir: moduleTree(true),
      cpuinfo: intelAmx,
      accepts: acceptsAll,
    });
    expect(flags).not.toContain('amx');
  });

  it('O3 flags the compiler does not know are left out (an older gcc without AMX options)', () => {
    const { flags } = chooseCgoFlags({
      arch: 'x64',
      moduleDir: moduleTree(false),
      cpuinfo: intelAmx,
      accepts: (flag) => !flag.includes('amx-fp16') && !flag.includes('amx-complex'),
    });
    expect(flags).not.toContain('amx-fp16');
    expect(flags).toContain('-mno-amx-tile');
  });

  it('O3 arm64 builds for its own CPU with -mcpu=native; other architectures get a portable build', () => {
    expect(chooseCgoFlags({ arch: 'arm64', moduleDir: moduleTree(false), accepts: acceptsAll }).flags).toBe(
      '-O3 -mcpu=native',
    );
    expect(chooseCgoFlags({ arch: 'riscv64', moduleDir: moduleTree(false), accepts: acceptsAll }).flags).toBe('-O3');
  });

  it("O3 this machine's compiler takes the chosen flags, and with them an AMX target sees no AMX macro", () => {
    const { flags } = chooseCgoFlags({ arch: 'x64', moduleDir: moduleTree(false), march: 'sapphirerapids' });
    const macros = (extra: string[]) =>
      spawnSync('cc', [...extra, '-dM', '-E', '-x', 'c', '-'], { input: '', encoding: 'utf8' }).stdout;
    // Without the flags, the Intel target defines the macro that makes ggml call the AMX code.
    expect(macros(['-march=sapphirerapids'])).toContain('__AMX_INT8__');
    const chosen = macros(flags.split(' '));
    expect(chosen).not.toContain('__AMX_INT8__');
    expect(chosen).toContain('__AVX512F__');
    expect(compilerAccepts('-mno-amx-tile')).toBe(true);
    expect(compilerAccepts('-mno-such-flag-anywhere')).toBe(false);
  });

  it('O3 a failed build names the compiler or linker error, not the last line of noise', () => {
    const output = [
      '# github.com/ollama/ollama/ml/backend/ggml/ggml/src',
      "ggml-cpu.cpp:(.text+0x7dd): undefined reference to `ggml_backend_amx_buffer_type()'",
      'collect2: error: ld returned 1 exit status',
      '',
    ].join('\n');
    expect(lastErrorLine(output)).toBe('collect2: error: ld returned 1 exit status');
    expect(lastErrorLine('just text\n')).toBe('just text');
  });
});
