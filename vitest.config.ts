import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  // Compiles `.svelte.ts` modules (runes), so page state classes are testable without a browser.
  plugins: [svelte()],
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
    pool: 'forks',
    // Resource tests measure the process's memory after a collection (the offline node's cap, issue 34).
    execArgv: ['--expose-gc'],
  },
});
