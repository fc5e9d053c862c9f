import type { Family, Phrasing } from '../family';
import { final, phrase, read, write } from '../family';
import { verify } from '../check-spec';

interface P {
  first: string;
  second: string;
  what: string;
  answer: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `${p.first} and ${p.second} each record ${p.what}. Write the sum of the two, and nothing else, into ${p.answer}.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) =>
      `What is the total of ${p.what} in ${p.first} and ${p.second} together? Put only the number in ${p.answer}.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Our two shops keep their own records of ${p.what}. I need the combined total, as a bare number, in ${p.answer}.`,
  },
];

export const sumValues: Family = {
  id: 'sum-values',
  rung: 2,
  split: 'tuning',
  about: 'Read one number from each of two files in different formats and write their sum alone.',
  count: 6,
  variant(random, index) {
    const [a, b] = [random.int(11, 480), random.int(11, 480)];
    const what = random.pick(['the number of orders', 'the visitor count', 'the items sold']);
    const shape = random.pick(['json', 'env', 'text'] as const);
    const first = random.pick(['north.json', 'shops/north.json']);
    const second = shape === 'json' ? 'south.json' : shape === 'env' ? 'south.env' : 'south.txt';
    const secondText =
      shape === 'json'
        ? `{ "count": ${b}, "open": true }\n`
        : shape === 'env'
          ? `SHOP=south\nCOUNT=${b}\n`
          : `count: ${b}\n`;
    const answer = random.pick(['TOTAL.txt', 'total.txt']);
    return {
      title: 'Sum numbers from two files',
      ...phrase(phrasings, index, { first, second, what, answer }),
      check: verify([{ file: answer, answer: [String(a + b)] }]),
      tags: ['read', 'answer', 'multi-file'],
      files: {
        [first]: `{ "shop": "north", "count": ${a} }\n`,
        [second]: secondText,
        'README.md': '# Shops\n\nEach shop has its own record.\n',
      },
      reference: [read(first), read(second), write(answer, `${a + b}\n`), final(`The total is ${a + b}.`)],
      shortcuts: {
        expression: {
          about: 'Writes the sum as an expression.',
          replies: [read(first), read(second), write(answer, `${a} + ${b}\n`), final('Done.')],
        },
        'one-value': {
          about: 'Writes one of the counts.',
          replies: [read(first), write(answer, `${a}\n`), final('Done.')],
        },
        equation: {
          about: 'Writes the whole equation.',
          replies: [read(first), read(second), write(answer, `${a} + ${b} = ${a + b}\n`), final('Done.')],
        },
      },
    };
  },
};
