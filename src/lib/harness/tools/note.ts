import type { ReadTool } from './tool-definition';
import { objectSchema, stringProperty } from './tool-definition';

/** S3: the model writes to its own memory; the loop stores the note. */
export const note: ReadTool<{ text: string }> = {
  name: 'note',
  access: 'read',
  risky: false,
  description: 'Save a short note to the session memory (facts worth keeping across steps).',
  parameters: objectSchema({ text: stringProperty('The note, one or two sentences.', { minLength: 1 }) }, ['text']),
  example: { text: 'The bug is in src/search.js: the loop stops one item early.' },
  async run(args) {
    const text = args.text.trim().slice(0, 500);
    return { ok: true, output: `noted: ${text}`, note: text };
  },
};
