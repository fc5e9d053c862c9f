import type { Family, Phrasing } from '../family';
import { final, lines, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import { chores, cities } from '../words';

interface P {
  path: string;
  line: string;
  after: string;
  what: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `In ${p.path}, insert the line "${p.line}" right after the line "${p.after}". Keep all other lines where they are.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `Could you put "${p.line}" into ${p.path} directly below "${p.after}"?`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `We changed our plans: "${p.line}" has to come right after "${p.after}" on our ${p.what}. Please add it there and leave the rest in order.`,
  },
];

export const insertAfter: Family = {
  id: 'insert-after',
  rung: 1,
  split: 'test',
  about: 'Insert one given line directly after another given line of a list file.',
  count: 8,
  variant(random, index) {
    const trip = random.int(0, 1) === 0;
    const items = trip ? random.sample(cities, 5).map((city) => `- ${city}`) : random.sample(chores, 5);
    const [line, ...rows] = items;
    const at = random.int(0, rows.length - 2);
    const head = trip ? ['# Route', ''] : [];
    const path = trip ? random.pick(['route.md', 'trip/route.md']) : random.pick(['chores.txt', 'plan.txt']);
    const after = lines(...head, ...rows.slice(0, at + 1), line, ...rows.slice(at + 1));
    return {
      title: 'Insert a line after another',
      ...phrase(phrasings, index, { path, line, after: rows[at], what: trip ? 'route' : 'list of chores' }),
      check: verify([{ file: path, text: after }]),
      tags: ['edit', 'insert'],
      files: { [path]: lines(...head, ...rows) },
      reference: [read(path), write(path, after), final(`Inserted "${line}" after "${rows[at]}".`)],
      shortcuts: {
        'at-end': {
          about: 'Appends the line at the end.',
          replies: [read(path), write(path, lines(...head, ...rows, line)), final('Done.')],
        },
        before: {
          about: 'Inserts it before the line.',
          replies: [
            read(path),
            write(path, lines(...head, ...rows.slice(0, at), line, ...rows.slice(at))),
            final('Done.'),
          ],
        },
      },
    };
  },
};
