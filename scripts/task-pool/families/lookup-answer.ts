import type { Family, Phrasing } from '../family';
import { final, lines, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import { cities, people, products } from '../words';

interface P {
  path: string;
  question: string;
  answer: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `Look up ${p.question} in ${p.path} and write the answer, and nothing else, into ${p.answer}.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `${p.path} has a table: what is ${p.question}? Put only the answer in ${p.answer}.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `A customer is asking about ${p.question}. The project's data has it — please write just the answer into ${p.answer}.`,
  },
];

export const lookupAnswer: Family = {
  id: 'lookup-answer',
  rung: 1,
  split: 'test',
  about: 'Find one cell of a CSV or Markdown table by its row and column and write it alone into an answer file.',
  count: 8,
  variant(random, index) {
    const markdown = index % 2 === 1;
    const kind = random.pick(['prices', 'offices'] as const);
    const names = kind === 'prices' ? random.sample(products, 5) : random.sample(people, 5);
    const rows = names.map((name) =>
      kind === 'prices'
        ? [name, `${random.int(3, 90)}.${random.pick(['00', '50', '99'])}`, String(random.int(0, 40))]
        : [name, random.pick(cities), String(random.int(100, 499))],
    );
    const header = kind === 'prices' ? ['product', 'price', 'stock'] : ['name', 'city', 'room'];
    const row = random.pick(rows);
    const column = random.int(1, 2);
    const question =
      kind === 'prices'
        ? column === 1
          ? `the price of the ${row[0]}`
          : `how many ${row[0]}s are in stock`
        : column === 1
          ? `the city ${row[0]} works in`
          : `${row[0]}'s room number`;
    const path = markdown
      ? random.pick(['TABLE.md', 'docs/directory.md'])
      : random.pick([`${kind}.csv`, `data/${kind}.csv`]);
    const text = markdown
      ? lines(
          `| ${header.join(' | ')} |`,
          `|${header.map(() => ' --- ').join('|')}|`,
          ...rows.map((cells) => `| ${cells.join(' | ')} |`),
        )
      : lines(header.join(','), ...rows.map((cells) => cells.join(',')));
    const answer = random.pick(['ANSWER.txt', 'answer.txt']);
    const other = rows.find((cells) => cells[column] !== row[column]) ?? [row[0], `${row[1]}0`, `${row[2]}0`];
    return {
      title: 'Answer from a table',
      ...phrase(phrasings, index, { path, question, answer }),
      check: verify([{ file: answer, answer: [row[column]] }]),
      tags: ['read', 'answer', markdown ? 'markdown' : 'csv'],
      files: { [path]: text },
      reference: [read(path), write(answer, row[column] + '\n'), final(`It is ${row[column]}.`)],
      shortcuts: {
        'whole-row': {
          about: 'Writes the whole row.',
          replies: [read(path), write(answer, row.join(',') + '\n'), final('Done.')],
        },
        'other-row': {
          about: "Writes another row's value.",
          replies: [read(path), write(answer, other[column] + '\n'), final('Done.')],
        },
      },
    };
  },
};
