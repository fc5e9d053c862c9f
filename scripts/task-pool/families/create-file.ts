import type { Family, Phrasing } from '../family';
import { final, phrase, write } from '../family';
import { verify } from '../check-spec';
import { cities, colors, people } from '../words';

interface P {
  path: string;
  content: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `Create a file named ${p.path} whose only content is this line: ${p.content}`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `Could you add a file ${p.path} that holds exactly "${p.content}" and nothing else?`,
  },
  {
    style: 'story',
    names: true,
    text: (p) =>
      `I'm setting up this project and a tool I use expects ${p.path} to exist. It should say ${p.content} — just that one line.`,
  },
];

export const createFile: Family = {
  id: 'create-file',
  rung: 1,
  split: 'tuning',
  about: 'Create a new file, possibly in a folder that does not exist yet, with one exact line of content.',
  count: 6,
  variant(random, index) {
    const name = random.pick(people);
    const folder = random.pick(['', 'notes/', 'out/', 'docs/', 'data/']);
    const [file, content] = random.pick([
      ['hello.txt', `Hello, ${name}!`],
      ['owner.txt', `${name} ${random.pick(['Rivera', 'Tanaka', 'Novak'])}`],
      ['VERSION', `${random.int(1, 4)}.${random.int(0, 12)}.${random.int(0, 9)}`],
      ['motto.md', `Ship small, ship often, ${random.pick(colors)} team.`],
      ['office.txt', `Office: ${random.pick(cities)}`],
    ]);
    const path = folder + file;
    const p = { path, content };
    const wrongPath = folder ? file : `${file}.txt`;
    return {
      title: 'Create a file with one line',
      ...phrase(phrasings, index, p),
      check: verify([{ file: path, text: content }]),
      tags: ['write', 'create'],
      files: { 'README.md': '# Project\n\nA small project.\n' },
      reference: [write(path, content + '\n'), final(`Created ${path}.`)],
      shortcuts: {
        quoted: { about: 'Writes the line in quotes.', replies: [write(path, `"${content}"\n`), final('Done.')] },
        'wrong-place': {
          about: 'Writes the right line to another path.',
          replies: [write(wrongPath, content + '\n'), final('Done.')],
        },
        'extra-line': {
          about: 'Adds a heading above the line.',
          replies: [write(path, `# ${file}\n${content}\n`), final('Done.')],
        },
      },
    };
  },
};
