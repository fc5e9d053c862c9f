import type { Family, Phrasing } from '../family';
import { final, phrase, shell, write } from '../family';
import { verify } from '../check-spec';

interface P {
  path: string;
  why: string;
}

const phrasings: Phrasing<P>[] = [
  { style: 'imperative', names: true, text: (p) => `Delete the file ${p.path}. Do not delete anything else.` },
  { style: 'question', names: true, text: (p) => `Can you remove ${p.path}? Everything else stays.` },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `There is ${p.why} lying around in this project that nobody needs any more. Please delete that one file and leave the rest.`,
  },
];

export const deleteFile: Family = {
  id: 'delete-file',
  rung: 1,
  split: 'dev',
  about: 'Delete one file and nothing else.',
  count: 5,
  variant(random, index) {
    const [path, why, keep] = random.pick([
      ['tmp/old.log', 'an old log file in tmp/', 'tmp/keep.txt'],
      ['build/cache.json', 'a stale cache file in build/', 'build/manifest.json'],
      ['notes/draft-2.md', 'a second draft in notes/', 'notes/draft-1.md'],
      ['backup/config.bak', 'a backup of the config', 'backup/README.md'],
      ['scratch.txt', 'a scratch file at the top level', 'todo.txt'],
    ]);
    const files = {
      [path]: `left over on day ${random.int(2, 28)}\n`,
      [keep]: `keep this: ${random.int(100, 999)}\n`,
      'README.md': '# Project\n\nClean up before the release.\n',
    };
    const kept = [keep, 'README.md'].map((file) => ({ file, text: files[file] }));
    const folder = path.includes('/') ? path.slice(0, path.indexOf('/')) : '.';
    return {
      title: 'Delete one file',
      ...phrase(phrasings, index, { path, why }),
      check: verify([{ absent: path }, ...kept]),
      tags: ['shell', 'delete'],
      files,
      reference: [shell(`rm ${path}`), final(`Deleted ${path}.`)],
      shortcuts: {
        emptied: { about: 'Empties the file instead of deleting it.', replies: [write(path, ''), final('Done.')] },
        ...(folder !== '.'
          ? { 'whole-folder': { about: 'Deletes its folder.', replies: [shell(`rm -r ${folder}`), final('Done.')] } }
          : {
              'also-other': {
                about: 'Deletes another file too.',
                replies: [shell(`rm ${path} ${keep}`), final('Done.')],
              },
            }),
      },
    };
  },
};
