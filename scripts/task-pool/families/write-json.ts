import type { Family, Phrasing } from '../family';
import { final, phrase, write } from '../family';
import { verify } from '../check-spec';
import { animals, colors } from '../words';

interface P {
  path: string;
  described: string;
}

const phrasings: Phrasing<P>[] = [
  { style: 'imperative', names: true, text: (p) => `Create ${p.path}: a JSON object with ${p.described}.` },
  { style: 'question', names: true, text: (p) => `Could you write a JSON file ${p.path} holding ${p.described}?` },
  {
    style: 'story',
    names: true,
    text: (p) => `Our deploy tool wants its settings in ${p.path}, as JSON. It needs ${p.described} — nothing more.`,
  },
];

export const writeJson: Family = {
  id: 'write-json',
  rung: 1,
  split: 'test',
  about: 'Create a JSON file holding an object with given keys and typed values.',
  count: 8,
  variant(random, index) {
    const name = `${random.pick(colors)}-${random.pick(animals)}`;
    const port = random.int(3000, 8999);
    const debug = random.int(0, 1) === 1;
    const value = { name, port, debug };
    const path = random.pick(['deploy.json', 'config/deploy.json', 'settings/site.json']);
    const described = `"name" set to the string "${name}", "port" set to the number ${port} and "debug" set to the boolean ${debug}`;
    return {
      title: 'Write a JSON file',
      ...phrase(phrasings, index, { path, described }),
      check: verify([{ file: path, json: value }]),
      tags: ['write', 'json'],
      files: { 'README.md': '# Deploy\n\nSettings for the deploy tool.\n' },
      reference: [write(path, JSON.stringify(value, null, 2) + '\n'), final(`Wrote ${path}.`)],
      shortcuts: {
        strings: {
          about: 'Writes every value as a string.',
          replies: [
            write(path, JSON.stringify({ name, port: String(port), debug: String(debug) }) + '\n'),
            final('Done.'),
          ],
        },
        'not-json': {
          about: 'Writes key: value lines.',
          replies: [write(path, `name: ${name}\nport: ${port}\ndebug: ${debug}\n`), final('Done.')],
        },
      },
    };
  },
};
