// Types for cgo-flags.mjs.
export const ggmlCpuDir: string;
export const optionalSources: {
  folder: string;
  arch: string;
  feature: string;
  cpuFlags: string[];
  offFlags: string[];
}[];
export function compiledByGo(folder: string): boolean;
export function compilerAccepts(flag: string, cc?: string): boolean;
export function cpuFeatures(cpuinfo: string | undefined): Set<string>;
export function chooseCgoFlags(options: {
  arch: string;
  moduleDir: string;
  cpuinfo?: string;
  march?: string;
  accepts?: (flag: string) => boolean;
}): { flags: string; reasons: string[] };
export function lastErrorLine(output: string): string;
