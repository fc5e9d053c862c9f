import type { Family, Phrasing } from '../family';
import { final, phrase, shell, write } from '../family';
import { verify } from '../check-spec';

interface P {
  from: string;
  to: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `Make a copy of ${p.from} named ${p.to}. Both files must exist afterwards, with the same content.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `Could you copy ${p.from} to ${p.to}? Keep the original where it is.`,
  },
  {
    style: 'story',
    names: true,
    text: (p) =>
      `Before I start editing ${p.from}, I'd like a copy of it saved as ${p.to}, just in case. Don't change the original.`,
  },
];

export const copyFile: Family = {
  id: 'copy-file',
  rung: 1,
  split: 'test',
  about: 'Copy one file to a new path, keeping the original.',
  count: 8,
  variant(random, index) {
    const [from, to] = random.pick([
      ['config.json', 'config.backup.json'],
      ['notes/plan.md', 'notes/plan-v2.md'],
      ['data/list.txt', 'archive/list.txt'],
      ['template.html', 'pages/about.html'],
      ['README.md', 'docs/README.md'],
    ]);
    const content = `line one ${random.int(100, 999)}\nline two ${random.int(100, 999)}\nline three\n`;
    const folder = to.includes('/') ? to.slice(0, to.lastIndexOf('/')) : '';
    const made = folder ? `mkdir -p ${folder} && ` : '';
    return {
      title: 'Copy a file',
      ...phrase(phrasings, index, { from, to }),
      check: verify([
        { file: from, text: content },
        { file: to, text: content },
      ]),
      tags: ['shell', 'copy'],
      files: { [from]: content },
      reference: [shell(`${made}cp ${from} ${to}`), final(`Copied ${from} to ${to}.`)],
      shortcuts: {
        moved: { about: 'Moves the file instead.', replies: [shell(`${made}mv ${from} ${to}`), final('Done.')] },
        'first-line': {
          about: 'Copies the first line only.',
          replies: [write(to, content.split('\n')[0] + '\n'), final('Done.')],
        },
      },
    };
  },
};
