import type { Family, Phrasing } from '../family';
import { final, lines, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import { cities, people } from '../words';

interface P {
  path: string;
  row: string;
  described: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `Add the row ${p.row} at the end of ${p.path}. Keep the header and the rows already there.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `Could you add ${p.described} to ${p.path} as a new last row (${p.row})?`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `We just hired someone: ${p.described}. Please add them to the staff CSV as the last row, written as ${p.row}.`,
  },
];

export const csvAddRow: Family = {
  id: 'csv-add-row',
  rung: 1,
  split: 'test',
  about: 'Add one given row at the end of a CSV file, keeping its header and rows.',
  count: 8,
  variant(random, index) {
    const staff = random.sample(people, 4).map((name) => [name, random.pick(cities), String(random.int(20, 64))]);
    const [added, ...rows] = staff;
    const path = random.pick(['staff.csv', 'data/staff.csv', 'people.csv']);
    const header = 'name,city,age';
    const row = added.join(',');
    const before = lines(header, ...rows.map((cells) => cells.join(',')));
    const after = before + row + '\n';
    return {
      title: 'Add a row to a CSV file',
      ...phrase(phrasings, index, { path, row, described: `${added[0]} from ${added[1]}, aged ${added[2]}` }),
      check: verify([{ file: path, text: after }]),
      tags: ['edit', 'csv'],
      files: { [path]: before },
      reference: [read(path), write(path, after), final(`Added ${added[0]}.`)],
      shortcuts: {
        'no-header': {
          about: 'Drops the header.',
          replies: [read(path), write(path, after.split('\n').slice(1).join('\n')), final('Done.')],
        },
        spaced: {
          about: 'Writes the row with spaces after the commas.',
          replies: [read(path), write(path, before + added.join(', ') + '\n'), final('Done.')],
        },
      },
    };
  },
};
