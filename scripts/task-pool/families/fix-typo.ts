import type { Family, Phrasing } from '../family';
import { final, lines, phrase, read, write } from '../family';
import { verify } from '../check-spec';

interface P {
  path: string;
  right: string;
  wrong: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `${p.path} misspells "${p.right}" as "${p.wrong}" once. Correct that word and change nothing else.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) =>
      `Could you fix the spelling of "${p.wrong}" in ${p.path}? It should read "${p.right}". Leave the rest as it is.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `A reader spotted a typo in our docs: someone wrote "${p.wrong}" where "${p.right}" was meant. Fix that one word.`,
  },
];

/** The right word, its misspelling, and a sentence that holds it. */
const words: [string, string, string][] = [
  ['receive', 'recieve', 'You will recieve an email when the build is done.'],
  ['separate', 'seperate', 'Keep test data in a seperate folder.'],
  ['occurred', 'occured', 'If an error occured, the log says where.'],
  ['definitely', 'definately', 'You definately need Node 20 or newer.'],
  ['environment', 'enviroment', 'Set the enviroment variables first.'],
  ['until', 'untill', 'Wait untill the server prints its address.'],
  ['beginning', 'begining', 'Read the notes at the begining of each file.'],
  ['necessary', 'neccessary', 'It is not neccessary to restart after a change.'],
];

export const fixTypo: Family = {
  id: 'fix-typo',
  rung: 1,
  split: 'dev',
  about: 'Correct one misspelled word in a text file, changing nothing else.',
  count: 5,
  variant(random, index) {
    const [right, wrong, broken] = random.pick(words);
    const path = random.pick(['README.md', 'docs/setup.md', 'GUIDE.md']);
    const rows = random.shuffle([
      'Install the tools first.',
      'Set the port in the config file; restart the server afterwards.',
      'Each step is listed below, in order.',
    ]);
    const slot = random.int(0, rows.length);
    const all = [...rows.slice(0, slot), broken, ...rows.slice(slot)];
    const before = lines('# Setup', '', ...all);
    const after = before.replace(wrong, right);
    return {
      title: 'Fix a typo',
      ...phrase(phrasings, index, { path, right, wrong }),
      check: verify([{ file: path, text: after }]),
      tags: ['edit', 'typo'],
      files: { [path]: before },
      reference: [read(path), write(path, after), final(`Corrected "${wrong}" to "${right}".`)],
      shortcuts: {
        'line-only': {
          about: 'Writes the corrected line alone.',
          replies: [read(path), write(path, broken.replace(wrong, right) + '\n'), final('Done.')],
        },
        reworded: {
          about: 'Fixes the word and rewrites another line.',
          replies: [
            read(path),
            write(path, after.replace('Each step is listed below, in order.', 'Steps follow.')),
            final('Done.'),
          ],
        },
      },
    };
  },
};
