import type { Family, Phrasing } from '../family';
import { final, lines, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import { colors, products } from '../words';

interface P {
  path: string;
  cells: string;
  described: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `Add a row to the table in ${p.path}: ${p.cells}. Keep the rows that are there.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `Can you add ${p.described} to the table in ${p.path}, as its last row?`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `We started selling ${p.described}. It needs a row at the bottom of the product table in our docs (${p.cells}).`,
  },
];

export const tableRow: Family = {
  id: 'table-row',
  rung: 1,
  split: 'test',
  about: 'Add one given row at the end of a Markdown table, keeping its header and rows.',
  count: 8,
  variant(random, index) {
    const rows = random.sample(products, 4).map((name) => [name, random.pick(colors), `${random.int(4, 80)}`]);
    const [added, ...kept] = rows;
    const header = ['item', 'color', 'price'];
    const path = random.pick(['PRODUCTS.md', 'docs/catalog.md', 'README.md']);
    const render = (body: string[][]) =>
      lines(
        '# Catalog',
        '',
        `| ${header.join(' | ')} |`,
        '| --- | --- | --- |',
        ...body.map((cells) => `| ${cells.join(' | ')} |`),
      );
    const cells = `${header[0]} ${added[0]}, ${header[1]} ${added[1]}, ${header[2]} ${added[2]}`;
    return {
      title: 'Add a row to a Markdown table',
      ...phrase(phrasings, index, { path, cells, described: `a ${added[1]} ${added[0]} at ${added[2]}` }),
      check: verify([{ file: path, table: [header, ...kept, added] }]),
      tags: ['edit', 'markdown'],
      files: { [path]: render(kept) },
      reference: [read(path), write(path, render([...kept, added])), final(`Added the ${added[0]}.`)],
      shortcuts: {
        'below-table': {
          about: 'Writes the item as a sentence below the table.',
          replies: [read(path), write(path, render(kept) + `\n${added.join(', ')}\n`), final('Done.')],
        },
        'first-row': {
          about: 'Puts the row first.',
          replies: [read(path), write(path, render([added, ...kept])), final('Done.')],
        },
      },
    };
  },
};
