import type { Family, Phrasing } from '../family';
import { final, phrase, shell, write } from '../family';
import { verify } from '../check-spec';

interface P {
  from: string;
  to: string;
}

const phrasings: Phrasing<P>[] = [
  { style: 'imperative', names: true, text: (p) => `Rename ${p.from} to ${p.to}. Its content stays the same.` },
  {
    style: 'question',
    names: true,
    text: (p) => `Could you move ${p.from} so that it is ${p.to}? Keep what is in it.`,
  },
  {
    style: 'story',
    names: true,
    text: (p) =>
      `Our tooling now looks for ${p.to}, but the file is still called ${p.from}. Please move it there, content unchanged, and leave no copy behind.`,
  },
];

export const renameFile: Family = {
  id: 'rename-file',
  rung: 1,
  split: 'dev',
  about: 'Rename or move one file, keeping its content and leaving no copy behind.',
  count: 5,
  variant(random, index) {
    const [from, to] = random.pick([
      ['notes.txt', 'docs/notes.txt'],
      ['config.old.json', 'config.json'],
      ['draft.md', 'posts/first-post.md'],
      ['data/users.csv', 'data/members.csv'],
      ['LICENCE.txt', 'LICENSE.txt'],
    ]);
    const content = `kept as is: ${random.int(1000, 9999)}\nsecond line ${random.int(10, 99)}\n`;
    const folder = to.includes('/') ? to.slice(0, to.lastIndexOf('/')) : '';
    return {
      title: 'Rename a file',
      ...phrase(phrasings, index, { from, to }),
      check: verify([{ absent: from }, { file: to, text: content }]),
      tags: ['shell', 'rename'],
      files: { [from]: content, 'README.md': '# Project\n' },
      reference: [shell(`${folder ? `mkdir -p ${folder} && ` : ''}mv ${from} ${to}`), final(`Moved ${from} to ${to}.`)],
      shortcuts: {
        copy: {
          about: 'Copies the file and leaves the old one.',
          replies: [shell(`${folder ? `mkdir -p ${folder} && ` : ''}cp ${from} ${to}`), final('Done.')],
        },
        'empty-new': {
          about: 'Creates the new file empty and deletes the old one.',
          replies: [write(to, ''), shell(`rm ${from}`), final('Done.')],
        },
      },
    };
  },
};
