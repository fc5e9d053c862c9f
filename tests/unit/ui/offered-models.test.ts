import { describe, expect, it } from 'vitest';
import { offeredModels } from '../../../src/lib/ui/offered-models';

describe('U2 the models the first screen offers', () => {
  it('U2 the default real model comes first, then the others as the server lists them', () => {
    expect(offeredModels(['qwen2.5-coder:1.5b', 'qwen2.5-coder:0.5b', 'gemma3:270m', 'smollm2:135m'])).toEqual([
      'qwen2.5-coder:0.5b',
      'qwen2.5-coder:1.5b',
      'gemma3:270m',
      'smollm2:135m',
    ]);
    expect(offeredModels(['smollm2:135m', 'gemma3:270m'])).toEqual(['smollm2:135m', 'gemma3:270m']);
    expect(offeredModels([])).toEqual([]);
  });
});
