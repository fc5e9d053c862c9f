import type { Family, Phrasing } from '../family';
import { call, final, phrase, write } from '../family';
import { verify } from '../check-spec';

interface P {
  fn: string;
  answer: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: false,
    text: (p) =>
      `Use the delegate tool to have a helper find which file exports ${p.fn}, then write that path into ${p.answer}.`,
  },
  {
    style: 'question',
    names: false,
    text: (p) =>
      `Which file defines and exports ${p.fn}? Ask a helper through the delegate tool, then put the path alone in ${p.answer}.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `I want to see how delegation works: send a helper (the delegate tool) to find the file that exports ${p.fn}, and write the path it finds into ${p.answer}.`,
  },
];

export const delegateFind: Family = {
  id: 'delegate-find',
  rung: 3,
  split: 'dev',
  about: 'Have a delegated helper find which file exports a function, and write that path.',
  count: 3,
  variant(random, index) {
    const [fn, area] = random.pick([
      ['parseDuration', 'time'],
      ['formatBytes', 'size'],
      ['parseColor', 'color'],
    ]);
    const root = random.pick(['lib', 'src']);
    const file = `${root}/${area}/parse.js`;
    const answer = random.pick(['ANSWER.txt', 'answer.txt']);
    return {
      title: 'Delegate a search',
      ...phrase(phrasings, index, { fn, answer }),
      check: verify([{ file: answer, answer: [file] }]),
      tags: ['delegate', 'search'],
      files: {
        [`${root}/index.js`]: `export { ${fn} } from './${area}/parse.js';\n`,
        [file]: `export function ${fn}(text) {\n  return text.length;\n}\n`,
        [`${root}/${area}/format.js`]: `export function show(value) {\n  return String(value);\n}\n`,
      },
      reference: [
        call('delegate', { task: `Find the file that defines and exports ${fn}; answer with its path.`, max_steps: 3 }),
        call('search', { pattern: `export function ${fn}` }),
        final(file),
        write(answer, file + '\n'),
        final(`The helper found ${fn} in ${file}.`),
      ],
      shortcuts: {
        're-export': {
          about: 'Names the file that only re-exports it.',
          replies: [write(answer, `${root}/index.js\n`), final('Done.')],
        },
        'every-file': {
          about: 'Lists every file.',
          replies: [write(answer, `${root}/index.js ${file}\n`), final('Done.')],
        },
      },
    };
  },
};
