/**
 * T6: the parser on replies real models gave through this harness, kept as fixtures
 * (tests/fixtures/model-replies, made by scripts/record-model-replies.ts from sweep sessions).
 * Each says what the harness makes of the reply; a person read each one and agreed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../../src/lib/harness/model-types';
import { describeParse, parseAs } from '../../fixtures/model-replies/parse-as';

const folder = join(import.meta.dirname, '../../fixtures/model-replies');
const files = readdirSync(folder).filter((name) => name.endsWith('.json'));

interface Fixture {
  protocol: string;
  content: string;
  toolCalls?: ToolCall[];
  expect: { kind: string; tools?: string[]; form?: string };
  reviewed: boolean;
}

describe('T6 replies real models gave', () => {
  it('T6 there are recorded replies of real coding models to check the parser on', () => {
    expect(files.some((file) => file.startsWith('qwen2.5-coder'))).toBe(true);
  });

  for (const file of files) {
    const fixtures = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Fixture[];
    it(`T6 ${file}: every reply reads as a person agreed it should (${fixtures.length} replies)`, () => {
      for (const [index, fixture] of fixtures.entries()) {
        const label = `${file} #${index} (${fixture.protocol}): ${JSON.stringify(fixture.content.slice(0, 80))}`;
        expect(fixture.reviewed, `${label} is not reviewed yet`).toBe(true);
        expect(describeParse(parseAs(fixture)), label).toEqual(fixture.expect);
      }
    });
  }
});
