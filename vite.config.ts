import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// WebContainer needs a cross-origin isolated page (SharedArrayBuffer). COEP must match the
// `coep` option passed to WebContainer.boot(). "credentialless" rather than "require-corp": the
// connection check sends a no-cors probe to Ollama (which sends no CORP header) to tell a CORS
// refusal from a server that is down, and require-corp would block that probe.
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
};

export default defineConfig({
  plugins: [svelte()],
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
  worker: { format: 'es' },
});
