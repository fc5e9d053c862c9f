import { afterAll, beforeAll } from 'vitest';
import { FakeOllamaServer, defaultModels, provisionedModels } from '../../fixtures/fake-ollama-server';
import { ollamaWireContract } from '../contracts/ollama-wire-contract';

// The same suite runs against the real server in tests/live/ollama-wire.test.ts.
const server = new FakeOllamaServer({ models: [...provisionedModels, ...defaultModels], generate: true });
let host = '';
beforeAll(async () => {
  host = await server.start();
});
afterAll(() => server.stop());

ollamaWireContract('fake server', () => ({ host, model: 'gemma3:270m', toolModel: 'smollm2-tools:135m' }));
