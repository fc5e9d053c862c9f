import type { Family, Phrasing } from '../family';
import { final, lines, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import { cities, people, products } from '../words';

interface P {
  path: string;
  what: string;
  answer: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `Count the ${p.what} in ${p.path} and write the number, and nothing else, into ${p.answer}.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `How many ${p.what} does ${p.path} list? Write just the number to ${p.answer}.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `My manager wants to know how many ${p.what} we have on file. Please count them and put only the number in ${p.answer}.`,
  },
];

export const countItems: Family = {
  id: 'count-items',
  rung: 1,
  split: 'dev',
  about: 'Count the entries of a list kept as lines, a JSON array or CSV rows, and write the number alone.',
  count: 5,
  variant(random, index) {
    const shape = random.pick(['lines', 'json', 'csv'] as const);
    const count = random.int(4, 8);
    const answer = random.pick(['COUNT.txt', 'count.txt', 'ANSWER.txt']);
    let path: string;
    let text: string;
    let what: string;
    if (shape === 'lines') {
      path = random.pick(['guests.txt', 'lists/guests.txt']);
      what = 'guests';
      text = lines('# one guest a line', ...random.sample(people, count));
    } else if (shape === 'json') {
      path = random.pick(['products.json', 'data/products.json']);
      what = 'products';
      text =
        JSON.stringify(
          random.sample(products, count).map((name, at) => ({ id: at + 1, name })),
          null,
          2,
        ) + '\n';
    } else {
      path = random.pick(['offices.csv', 'data/offices.csv']);
      what = 'offices';
      text = lines('city,staff', ...random.sample(cities, count).map((city) => `${city},${random.int(3, 40)}`));
    }
    return {
      title: 'Count the entries of a list',
      ...phrase(phrasings, index, { path, what, answer }),
      check: verify([{ file: answer, answer: [String(count)] }]),
      tags: ['read', 'answer', shape],
      files: { [path]: text },
      reference: [read(path), write(answer, `${count}\n`), final(`There are ${count}.`)],
      shortcuts: {
        'off-by-one': {
          about: 'Counts the header or comment line too.',
          replies: [read(path), write(answer, `${count + 1}\n`), final('Done.')],
        },
        sentence: {
          about: 'Writes a sentence.',
          replies: [read(path), write(answer, `There are ${count} ${what}.\n`), final('Done.')],
        },
      },
    };
  },
};
