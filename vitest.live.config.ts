import { defineConfig } from 'vitest/config';

// The live suite (O3): real Ollama, real model. One file at a time (the server runs one model
// request at a time anyway) and long timeouts: a CPU-only model takes seconds per reply.
export default defineConfig({
  test: {
    include: ['tests/live/**/*.test.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
