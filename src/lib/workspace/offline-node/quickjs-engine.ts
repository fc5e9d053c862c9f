/**
 * W2: the memory cap is the engine's WebAssembly memory, given a maximum — QuickJS's own
 * limit (`setMemoryLimit`) let 2 GB of strings through, and wasm memory never shrinks. So the
 * engine's memory holds the program's cap plus room for the runtime and the shims and no more; a
 * run that grew it leaves the engine behind, and the host gets the memory back once it is
 * collected. Only the release build without asyncify: the others would ship several MB of wasm.
 */
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core';

const headroomBytes = 32 * 1024 * 1024;
const pageBytes = 64 * 1024;
const initialBytes = 16 * 1024 * 1024;
export const defaultMemoryBytes = 64 * 1024 * 1024;

interface Engine {
  cap: number;
  memory: WebAssembly.Memory;
  module: Promise<QuickJSWASMModule>;
}
let engine: Engine | undefined;

export function quickJS(cap: number): Engine {
  if (engine?.cap === cap) return engine;
  const memory = new WebAssembly.Memory({
    initial: initialBytes / pageBytes,
    maximum: Math.ceil((cap + headroomBytes) / pageBytes),
  });
  const module = import('@jitl/quickjs-wasmfile-release-sync').then(({ default: variant }) =>
    newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmMemory: memory })),
  );
  engine = { cap, memory, module };
  return engine;
}

/** After a run: an engine whose memory grew is left behind (its memory returns to the host). */
export function settleEngine(used: Engine): { capReached: boolean } {
  const size = used.memory.buffer.byteLength;
  const capReached = size + 16 * pageBytes >= used.cap + headroomBytes;
  if (size > initialBytes + headroomBytes / 2 && engine === used) engine = undefined;
  return { capReached };
}

/** An engine that aborted (its teardown failed) is never used again. */
export function discardEngine(used: Engine): void {
  if (engine === used) engine = undefined;
}
