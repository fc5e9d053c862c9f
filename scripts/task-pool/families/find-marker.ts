import type { Family, Phrasing } from '../family';
import { call, final, phrase, read, write } from '../family';
import { verify } from '../check-spec';

interface P {
  marker: string;
  folder: string;
  answer: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: false,
    text: (p) =>
      `One function in ${p.folder}/ carries the marker ${p.marker} in a comment. Find it and write the function's name, and nothing else, into ${p.answer}.`,
  },
  {
    style: 'question',
    names: false,
    text: (p) => `Which function in ${p.folder}/ is tagged with ${p.marker}? Write only its name into ${p.answer}.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `A security scan flagged code with the marker ${p.marker} somewhere in ${p.folder}/. I need the name of the function it sits in, alone, in ${p.answer}.`,
  },
];

const functionNames = [
  'loadUser',
  'saveOrder',
  'parseDate',
  'sendMail',
  'hashPassword',
  'readConfig',
  'formatName',
  'checkStock',
  'buildUrl',
];

export const findMarker: Family = {
  id: 'find-marker',
  rung: 2,
  split: 'dev',
  about: 'Search a folder of code for a marker in a comment and write the name of the function it is in.',
  count: 5,
  variant(random, index) {
    const marker = `${random.pick(['LEAK', 'AUDIT', 'HOTFIX', 'SLOW'])}-${random.int(100, 999)}`;
    const folder = random.pick(['src', 'lib', 'app']);
    const chosen = random.sample(functionNames, 6);
    const target = chosen[random.int(0, 5)];
    const files: Record<string, string> = {};
    let targetFile = '';
    for (const [at, part] of [chosen.slice(0, 2), chosen.slice(2, 4), chosen.slice(4, 6)].entries()) {
      const file = `${folder}/${['users', 'orders', 'util'][at]}.js`;
      files[file] =
        part
          .map(
            (name) =>
              `function ${name}(input) {\n${name === target ? `  // ${marker}: revisit before release\n` : ''}  return input;\n}\n`,
          )
          .join('\n') + `\nmodule.exports = { ${part.join(', ')} };\n`;
      if (part.includes(target)) targetFile = file;
    }
    const neighbour = chosen.find((name) => name !== target)!;
    const answer = random.pick(['ANSWER.txt', 'answer.txt']);
    return {
      title: 'Find code by a marker',
      ...phrase(phrasings, index, { marker, folder, answer }),
      check: verify([{ file: answer, answer: [target] }]),
      tags: ['search', 'answer'],
      files: { ...files, 'README.md': '# Service\n' },
      reference: [
        call('search', { pattern: marker, path: folder }),
        read(targetFile),
        write(answer, target + '\n'),
        final(`It is ${target}.`),
      ],
      shortcuts: {
        'file-name': {
          about: 'Writes the file instead of the function.',
          replies: [
            call('search', { pattern: marker, path: folder }),
            write(answer, targetFile + '\n'),
            final('Done.'),
          ],
        },
        'wrong-function': {
          about: 'Writes another function of the file.',
          replies: [write(answer, neighbour + '\n'), final('Done.')],
        },
      },
    };
  },
};
