import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// WebContainer needs a cross-origin isolated page (SharedArrayBuffer). COEP must match the
// `coep` option passed to WebContainer.boot(); see src/lib/workspace/README.md.
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [svelte()],
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
  worker: { format: 'es' },
});
