import { ollamaWireContract } from '../unit/contracts/ollama-wire-contract';
import { liveSuite } from './live-suite';

// The same suite runs against the fake server in tests/unit/model/ollama-wire-fake.test.ts.
const live = await liveSuite();
if (live)
  ollamaWireContract(`real Ollama ${live.version}, ${live.model}`, () => ({
    host: live.host,
    model: live.model,
    ...(live.toolModel ? { toolModel: live.toolModel } : {}),
  }));
