/**
 * The part of @webcontainer/api's `WebContainer` this adapter uses, as an interface, so that the
 * adapter can be tested over a faithful stand-in (tests/fixtures/fake-webcontainer.ts) where
 * the real runtime cannot boot. The real class satisfies it structurally.
 */

export interface ContainerDirEnt {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

export interface ContainerProcess {
  /** stdout and stderr, merged (the API has no separate streams). */
  output: ReadableStream<string>;
  exit: Promise<number>;
  kill(): void;
}

export interface ContainerApi {
  readonly workdir: string;
  fs: {
    readFile(path: string, encoding: 'utf-8'): Promise<string>;
    readFile(path: string, encoding?: null): Promise<Uint8Array>;
    writeFile(path: string, data: string | Uint8Array): Promise<void>;
    readdir(path: string, options: { withFileTypes: true }): Promise<ContainerDirEnt[]>;
    mkdir(path: string, options: { recursive: true }): Promise<string>;
    rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void>;
    rename(from: string, to: string): Promise<void>;
  };
  spawn(
    command: string,
    args: string[],
    options?: { cwd?: string; env?: Record<string, string>; output?: boolean },
  ): Promise<ContainerProcess>;
  on(event: 'server-ready', listener: (port: number, url: string) => void): () => void;
  on(event: 'port', listener: (port: number, type: 'open' | 'close', url: string) => void): () => void;
  on(event: 'error', listener: (error: { message: string }) => void): () => void;
  teardown(): void;
}
