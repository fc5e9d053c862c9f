export declare const llamaCppPython: { version: string };
export declare function chooseCmakeArgs(arch?: string, cpuinfo?: string): { args: string[]; key: string };
export declare function ensureLlamaCpp(log: (line: string) => void): string;
