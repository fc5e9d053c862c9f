// Types for provision.mjs.
export class ProvisionError extends Error {}
export function cpuKey(): string;
export function sha256File(path: string): Promise<string>;
export function ensureOllama(log: (line: string) => void): Promise<string>;
export function ensureModels(log: (line: string) => void): Promise<{ name: string; path: string }[]>;
