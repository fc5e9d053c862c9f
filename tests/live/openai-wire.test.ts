import { describe, it } from 'vitest';
import { openAIWireContract } from '../unit/contracts/openai-wire-contract';
import { findLlamaCppServer, requireOrSkip } from './openai-targets';
import { liveSuite } from './live-suite';
import { secondLiveModel } from './live-target';

// M2: the same suite runs against the fake server (tests/unit/model/openai-wire-fake.test.ts) in
// each of these two servers' dialects.
const ollama = await liveSuite();
if (ollama)
  // Ollama's /v1 serves every model with its default window (4096 in 0.24): num_ctx has no field there.
  openAIWireContract(
    `Ollama ${ollama.version} /v1, ${secondLiveModel}`,
    () => ({
      host: `${ollama.host}/v1`,
      model: secondLiveModel,
      dialect: 'ollama',
      window: 4096,
    }),
    { slowCases: false },
  );

const llama = await requireOrSkip(await findLlamaCppServer());
if (llama)
  openAIWireContract(`llama-cpp-python ${llama.version}, ${llama.model}`, () => ({
    host: llama.host,
    model: llama.model,
    dialect: 'llama-cpp-python',
    window: llama.nCtx,
  }));
else
  describe.skip('M2 llama-cpp-python live suite skipped', () => {
    it('M2 needs `npm run llama-cpp:serve`', () => undefined);
  });
