/**
 * S3, S5, T1: the `note` tool: a short note kept in session memory, and in the workspace memory
 * file when `long_term` is set.
 */
import type { ReadTool } from './tool-definition';
import { objectSchema, stringProperty } from './tool-definition';

/** S3: the model writes to its own memory; the loop stores the note. */
export const note: ReadTool<{ text: string; long_term: boolean }> = {
  name: 'note',
  access: 'read',
  risky: false,
  description: 'Save a short note to memory; long_term=true also keeps it for later sessions of this workspace.',
  parameters: objectSchema(
    {
      text: stringProperty('The note, one or two sentences.', { minLength: 1 }),
      long_term: { type: 'boolean', description: 'Also add it to the workspace memory file.', default: false },
    },
    ['text'],
  ),
  example: { text: '<a fact to keep for later steps>', long_term: false },
  // A long-term note changes a file later sessions put in their prompt: approval applies (T4).
  riskyWhen: (args) => args.long_term === true,
  async run(args) {
    const text = args.text.trim().slice(0, 500);
    return {
      ok: true,
      output: `noted${args.long_term ? ' (also in long-term memory)' : ''}: ${text}`,
      note: text,
      ...(args.long_term ? { longTermNote: text } : {}),
    };
  },
};
