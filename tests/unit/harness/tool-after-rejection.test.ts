/**
 * L3 tool-after-rejection: a final answer sent back makes the next constrained reply a
 * tool call. Qwen2.5-Coder-1.5B gave the same rejected answer three times in a row
 * (failing-test-pass, seeds 1–3): "Done: Changed src/slugify.js to pass the tests, …".
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../helpers';
import { withoutFinal } from '../../../src/lib/harness/guards/tool-after-rejection';
import { envelopeSchemaFor } from '../../../src/lib/harness/protocol/constrained-output';

type Alternative = { properties: Record<string, { enum?: string[] }> };
const actions = (format: unknown): string[] =>
  ((format as { anyOf: Alternative[] }).anyOf ?? []).map((each) => each.properties.action!.enum![0]!);

const answer =
  '{"action":"final","final":"Done: Changed src/slugify.js to pass the tests, without changing the tests."}';
const write = '{"action":"tool","name":"write_file","args":{"path":"done.txt","content":"yes"}}';

describe('L3 tool-after-rejection: the reply after a rejected answer must call a tool', () => {
  it('L3 after a final answer is sent back the next constrained schema has no final answer; the one after has it again', async () => {
    const h = harness([{ text: answer }, { text: write }, { text: answer }], {
      settings: { protocol: 'constrained', verifyCommand: 'test -f done.txt' },
    });
    const { outcome } = await h.agent.run('Make the check pass.');
    expect(outcome).toMatchObject({ kind: 'final' });
    const [first, afterRejection, afterTool] = h.model.requests.map((request) => actions(request.format));
    expect(first).toContain('final');
    expect(afterRejection).not.toContain('final');
    expect(afterRejection).toContain('tool');
    expect(afterTool).toContain('final');
    // The transcript says why, once, at the step whose schema it changed.
    expect(h.of('notice').filter((event) => event.reason === 'tool-after-rejection')).toEqual([
      expect.objectContaining({ step: 2, text: expect.stringContaining('must call a tool') }),
    ]);
  });

  it('L3 with thinkFirst the forced call still begins with a thought; the text protocol has no schema to narrow', async () => {
    const thinking = harness(
      [
        { text: '{"thought":"done","action":"final","final":"done"}' },
        { text: '{"thought":"write it","action":"tool","name":"write_file","args":{"path":"done.txt","content":"y"}}' },
        { text: '{"thought":"now","action":"final","final":"done"}' },
      ],
      { settings: { protocol: 'constrained', thinkFirst: true, verifyCommand: 'test -f done.txt' } },
    );
    await thinking.agent.run('Make the check pass.');
    const forced = thinking.model.requests[1]!.format as { anyOf: { required: string[] }[] };
    expect(actions(forced)).not.toContain('final');
    expect(forced.anyOf.every((each) => each.required[0] === 'thought')).toBe(true);

    const text = harness([{ text: '<final>done</final>' }, { text: '<final>done</final>' }], {
      settings: { protocol: 'text', verifyCommand: 'test -f done.txt' },
    });
    await text.agent.run('Make the check pass.');
    expect(text.model.requests.every((request) => request.format === undefined)).toBe(true);
  });

  it('L3 withoutFinal leaves a schema alone that has no final answer or nothing but one', () => {
    const tools = envelopeSchemaFor([]);
    expect(withoutFinal(tools)).toBeUndefined();
    expect(withoutFinal({ type: 'object' })).toBeUndefined();
    expect(withoutFinal(envelopeSchemaFor([], { final: false }))).toBeUndefined();
  });
});
