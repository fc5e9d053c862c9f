import type { Family, Phrasing } from '../family';
import { final, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import { cities, colors } from '../words';

interface P {
  path: string;
  title: string;
  item: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `In ${p.path}, set the page title to "${p.title}" and add a last list item "${p.item}" to the list. Keep the rest of the page as it is.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `Can you retitle ${p.path} to "${p.title}" and add "${p.item}" as the final item of its list?`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `We renamed the site to "${p.title}" and opened a new location, ${p.item}. Please update the page's title and add the location at the end of its list; nothing else on the page changes.`,
  },
];

export const editHtml: Family = {
  id: 'edit-html',
  rung: 2,
  split: 'dev',
  about: "Change an HTML page's title and add an item at the end of its list, keeping the rest of the page.",
  count: 5,
  variant(random, index) {
    const [oldTitle, title] = [`${random.pick(colors)} Shop`, `${random.pick(colors)} Market`].map(
      (text) => text[0].toUpperCase() + text.slice(1),
    );
    const [item, ...items] = random.sample(cities, 4);
    const path = random.pick(['index.html', 'site/index.html', 'public/about.html']);
    const page = (heading: string, entries: string[]) =>
      `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <title>${heading}</title>\n  </head>\n  <body>\n    <h1>Our locations</h1>\n    <ul class="locations">\n${entries.map((entry) => `      <li>${entry}</li>`).join('\n')}\n    </ul>\n  </body>\n</html>\n`;
    const after = page(title, [...items, item]);
    return {
      title: 'Edit an HTML page',
      ...phrase(phrasings, index, { path, title, item }),
      check: verify([{ file: path, text: after }]),
      tags: ['edit', 'markup', 'xml-form'],
      files: { [path]: page(oldTitle, items) },
      reference: [read(path), write(path, after), final('Updated the title and the list.')],
      shortcuts: {
        'title-only': {
          about: 'Changes the title only.',
          replies: [read(path), write(path, page(title, items)), final('Done.')],
        },
        'heading-changed': {
          about: 'Changes the h1 instead of the title.',
          replies: [
            read(path),
            write(
              path,
              after
                .replace('<h1>Our locations</h1>', `<h1>${title}</h1>`)
                .replace(`<title>${title}</title>`, `<title>${oldTitle}</title>`),
            ),
            final('Done.'),
          ],
        },
      },
    };
  },
};
