import type { Family, Phrasing } from '../family';
import { final, lines, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import { cities, people } from '../words';

interface P {
  path: string;
  from: string;
  to: string;
}

const phrasings: Phrasing<P>[] = [
  { style: 'imperative', names: true, text: (p) => `In ${p.path}, replace every "${p.from}" with "${p.to}".` },
  {
    style: 'question',
    names: true,
    text: (p) => `Could you change each ${p.from} in ${p.path} to ${p.to}? All of them, please.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `${p.from} handed the work over to ${p.to}, but our notes still say ${p.from} everywhere. Please swap the name in every place it appears.`,
  },
];

export const replaceWord: Family = {
  id: 'replace-word',
  rung: 1,
  split: 'tuning',
  about: 'Replace every occurrence of one name with another in a text file, changing nothing else.',
  count: 6,
  variant(random, index) {
    const [from, to, third] = random.sample(people, 3);
    const city = random.pick(cities);
    const rows = random.shuffle([
      `${from} leads the ${city} office.`,
      `Ask ${third} about the budget.`,
      `Questions about the release go to ${from}.`,
      `Thanks to ${from} for the new build script.`,
    ]);
    const path = random.pick(['notes.txt', 'team.md', 'docs/handover.md']);
    const before = lines('Team notes', '', ...rows);
    const after = before.split(from).join(to);
    const first = before.replace(from, to);
    return {
      title: 'Replace a name everywhere in a file',
      ...phrase(phrasings, index, { path, from, to }),
      check: verify([{ file: path, text: after }]),
      tags: ['edit', 'replace'],
      files: { [path]: before },
      reference: [read(path), write(path, after), final(`Replaced ${from} with ${to}.`)],
      shortcuts: {
        'first-only': {
          about: 'Replaces the first one only.',
          replies: [read(path), write(path, first), final('Done.')],
        },
        'lines-dropped': {
          about: 'Keeps only the lines that had the name.',
          replies: [
            read(path),
            write(path, lines(...after.split('\n').filter((row) => row.includes(to)))),
            final('Done.'),
          ],
        },
      },
    };
  },
};
