// Types for pins.mjs (the provisioning scripts are plain Node; tests import their paths).
export const ollamaVersion: string;
export const defaultModel: string;
export const toolsModel: string;
export const models: { name: string; pypi: string; version: string; sha256: string }[];
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
