/**
 * M2: llama-cpp-python builds on any machine of this kind. Never -march=native (an AMX build
 * made on one Xeon did not link on the next); the x86-64-v3 set only where the CPU has all of
 * it; the cache is keyed by the flag set, so a cache copied to a lesser CPU is rebuilt.
 */
import { describe, expect, it } from 'vitest';
import { chooseCmakeArgs } from '../../../scripts/llama-cpp/provision.mjs';

const cpu = (flags: string) => `processor\t: 0\nflags\t\t: ${flags}\n`;

describe('M2 llama-cpp-python build flags', () => {
  it('M2 an AVX2 CPU (AMD EPYC, Intel Xeon with AMX) gets x86-64-v3 and never native or AMX', () => {
    for (const flags of ['fpu sse2 avx avx2 fma f16c avx512f', 'sse2 avx avx2 fma f16c amx_tile amx_int8 amx_bf16']) {
      const { args, key } = chooseCmakeArgs('x64', cpu(flags));
      expect(key).toBe('x86-64-v3');
      expect(args).toEqual(expect.arrayContaining(['-DGGML_NATIVE=OFF', '-DGGML_AVX2=ON', '-DGGML_FMA=ON']));
      expect(args.join(' ')).not.toMatch(/native=ON|AMX|AVX512/i);
    }
  });

  it('M2 a CPU without all of AVX2, FMA and F16C gets the portable baseline, under its own cache key', () => {
    const { args, key } = chooseCmakeArgs('x64', cpu('fpu sse2 avx'));
    expect(key).toBe('x86-64');
    expect(args).toContain('-DGGML_NATIVE=OFF');
    expect(args.join(' ')).not.toContain('AVX2');
    expect(chooseCmakeArgs('arm64', '').key).toBe('arm64');
  });
});
