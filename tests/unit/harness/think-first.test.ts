import { describe, expect, it } from 'vitest';
import { thoughtChars, withThought } from '../../../src/lib/harness/think-first';
import { parseEnvelope } from '../../../src/lib/harness/protocol/constrained-output';
import { harness } from '../helpers';

type Alternative = { properties: Record<string, { maxLength?: number; enum?: string[] }>; required: string[] };

describe('T6 a thought before every constrained reply (thinkFirst)', () => {
  it('T6 thinkFirst puts a bounded, required thought first in every alternative of the reply schema', async () => {
    const h = harness(
      [
        { text: '{"thought":"The folder may be empty; I list it.","action":"tool","name":"list_files","args":{}}' },
        { text: '{"thought":"Nothing there, so I am done.","action":"final","final":"The folder is empty."}' },
      ],
      { settings: { protocol: 'constrained', thinkFirst: true } },
    );
    const { outcome } = await h.agent.run('What is in the folder?');
    expect(outcome).toEqual({ kind: 'final', answer: 'The folder is empty.' });
    for (const request of h.model.requests) {
      const alternatives = (request.format as { anyOf: Alternative[] }).anyOf;
      expect(alternatives.length).toBeGreaterThan(2);
      for (const alternative of alternatives) {
        // Property order is the order the grammar generates them in.
        expect(Object.keys(alternative.properties)[0]).toBe('thought');
        expect(alternative.required[0]).toBe('thought');
        expect(alternative.properties.thought.maxLength).toBe(thoughtChars);
      }
    }
    // The prompt says what the grammar asks for; the thought stays in the reply the history keeps.
    expect(h.model.requests[0].messages[0].content).toContain('{"thought":"…","action":"tool"');
    expect(JSON.stringify(h.model.requests[1].messages)).toContain('I list it.');
  });

  it('T6 without thinkFirst the schema and the prompt have no thought (the default is unchanged)', async () => {
    const h = harness([{ text: '{"action":"final","final":"ok"}' }], { settings: { protocol: 'constrained' } });
    await h.agent.run('Say ok.');
    const alternatives = (h.model.requests[0].format as { anyOf: Alternative[] }).anyOf;
    expect(alternatives.every((alternative) => !('thought' in alternative.properties))).toBe(true);
    expect(h.model.requests[0].messages[0].content).toContain('  {"action":"tool","name":"tool_name","args":{...}}');
    expect(h.model.requests[0].messages[0].content).not.toContain('thought');
  });

  it('T6 thinkFirst has no effect outside the constrained protocol (no schema to add to)', async () => {
    const h = harness([{ text: '<final>ok</final>' }], { settings: { protocol: 'text', thinkFirst: true } });
    await h.agent.run('Say ok.');
    expect(h.model.requests[0].format).toBeUndefined();
    expect(h.model.requests[0].messages[0].content).not.toContain('thought');
  });

  it('T6 the small profile narrows its schema per step and thinkFirst still applies to it', async () => {
    const h = harness(
      [
        { text: '{"thought":"I read it.","action":"tool","name":"read_file","args":{"path":"a.txt"}}' },
        { text: '{"thought":"It says hi.","action":"final","final":"a.txt says hi"}' },
      ],
      { files: { 'a.txt': 'hi\n' }, settings: { protocol: 'constrained', profile: 'small', thinkFirst: true } },
    );
    await h.agent.run('What does a.txt say?');
    const alternatives = (h.model.requests[0].format as { anyOf: Alternative[] }).anyOf;
    const read = alternatives.find((alternative) => alternative.properties.name?.enum?.[0] === 'read_file')!;
    expect(Object.keys(read.properties)).toEqual(['thought', 'action', 'name', 'args']);
  });

  it('T6 a reply that is only a thought is malformed, and says the tool name is missing', () => {
    expect(parseEnvelope('{"thought":"I should read the file."}')).toMatchObject({
      kind: 'malformed',
      problem: 'the envelope has no tool "name"',
    });
    expect(parseEnvelope('{"thought":"done","action":"final","final":""}')).toMatchObject({ kind: 'malformed' });
  });

  it('T6 withThought leaves a schema that already has a thought, and non-object schemas, alone', () => {
    const has = { type: 'object', properties: { thought: { type: 'string' }, a: { type: 'string' } }, required: ['a'] };
    expect(withThought(has)).toBe(has);
    const text = { type: 'string' };
    expect(withThought(text)).toBe(text);
  });
});
