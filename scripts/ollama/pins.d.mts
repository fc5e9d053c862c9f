// Types for pins.mjs (the provisioning scripts are plain Node; tests import their paths).
export const ollamaVersion: string;
export const defaultModel: string;
export const largerModel: string;
export const toolsModel: string;
export const models: {
  name: string;
  gguf: string;
  parts: string[];
  sha256: string;
  bytes?: number;
  packages?: { pypi: string; version: string }[];
  pypi?: string;
  version?: string;
  modelfile: (path: string) => string;
}[];
export function cacheRoot(): string;
export function cachePaths(cpuKey: string): {
  root: string;
  bin: string;
  vendor: string;
  pip: string;
  gguf: string;
  models: string;
  logs: string;
};
