import type { Family, Phrasing } from '../family';
import { final, lines, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import { animals, cities, fruits } from '../words';

interface P {
  path: string;
  what: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `Sort the lines of ${p.path} alphabetically, A to Z. Keep every line.`,
  },
  { style: 'question', names: true, text: (p) => `Can you put the ${p.what} in ${p.path} in alphabetical order?` },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Our list of ${p.what} has grown in no order at all and nobody can find anything. Please sort it alphabetically, without losing a line.`,
  },
];

export const sortLines: Family = {
  id: 'sort-lines',
  rung: 1,
  split: 'test',
  about: 'Sort the lines of a plain list file alphabetically, keeping every line.',
  count: 8,
  variant(random, index) {
    const [what, pool, path] = random.pick([
      ['fruits', fruits, 'fruits.txt'],
      ['cities', cities, 'cities.txt'],
      ['animals', animals, 'lists/animals.txt'],
    ] as const);
    let items = random.sample(pool, 6);
    while ([...items].sort().join() === items.join()) items = random.shuffle(items);
    const sorted = [...items].sort((a, b) => a.localeCompare(b));
    return {
      title: 'Sort a list',
      ...phrase(phrasings, index, { path, what }),
      check: verify([{ file: path, text: lines(...sorted) }]),
      tags: ['edit', 'sort'],
      files: { [path]: lines(...items) },
      reference: [read(path), write(path, lines(...sorted)), final(`Sorted ${path}.`)],
      shortcuts: {
        reversed: {
          about: 'Sorts Z to A.',
          replies: [read(path), write(path, lines(...[...sorted].reverse())), final('Done.')],
        },
        'one-lost': {
          about: 'Sorts and loses a line.',
          replies: [read(path), write(path, lines(...sorted.slice(1))), final('Done.')],
        },
      },
    };
  },
};
