import type { Family, Phrasing } from '../family';
import { final, lines, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import { fruits, people } from '../words';

interface P {
  path: string;
  item: string;
  what: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `Remove the line "${p.item}" from ${p.path}. Keep every other line.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `Can you take ${p.item} off the list in ${p.path}? The rest stays as it is.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `${p.item[0].toUpperCase() + p.item.slice(1)} is no longer on our ${p.what}. Please delete that line and leave the others alone.`,
  },
];

export const removeLine: Family = {
  id: 'remove-line',
  rung: 1,
  split: 'dev',
  about: 'Remove one given line from a list file, keeping every other line in order.',
  count: 5,
  variant(random, index) {
    const team = random.int(0, 1) === 0;
    const items = team ? random.sample(people, 5) : random.sample(fruits, 5);
    const path = team ? random.pick(['team.txt', 'members.txt']) : random.pick(['fruit.txt', 'lists/stock.txt']);
    const what = team ? 'team list' : 'stock list';
    const gone = items[random.int(1, 3)];
    const before = lines(...items);
    const after = lines(...items.filter((item) => item !== gone));
    return {
      title: 'Remove a line from a list',
      ...phrase(phrasings, index, { path, item: gone, what }),
      check: verify([{ file: path, text: after }]),
      tags: ['edit', 'delete'],
      files: { [path]: before },
      reference: [read(path), write(path, after), final(`Removed ${gone}.`)],
      shortcuts: {
        'blank-line': {
          about: 'Leaves an empty line where it was.',
          replies: [
            read(path),
            write(path, lines(...items.map((item) => (item === gone ? '' : item)))),
            final('Done.'),
          ],
        },
        'two-lines': {
          about: 'Removes the line after it too.',
          replies: [
            read(path),
            write(
              path,
              lines(...items.filter((_, at) => at !== items.indexOf(gone) && at !== items.indexOf(gone) + 1)),
            ),
            final('Done.'),
          ],
        },
      },
    };
  },
};
