import type { Family, Phrasing } from '../family';
import { call, final, phrase, read, write } from '../family';
import { checkCommand, verify } from '../check-spec';

interface P {
  fn: string;
  symptom: string;
  answer: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: false,
    text: (p) =>
      `${p.fn}() ${p.symptom}. Do not fix anything: find the file and line of the bug and write them as FILE:LINE (for example lib/x.js:12) into ${p.answer}.`,
  },
  {
    style: 'question',
    names: false,
    text: (p) =>
      `Where is the bug that makes ${p.fn}() ${p.symptom
        .replace(/^returns/, 'return')
        .replace(/^counts/, 'count')
        .replace(/^skips/, 'skip')}? Write only its location as FILE:LINE into ${p.answer}, and change no code.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `A user reports that ${p.fn}() ${p.symptom}. Before anyone fixes it, I need the exact spot: write FILE:LINE of the faulty line into ${p.answer}, and leave the code as it is.`,
  },
];

const bugs = [
  {
    fn: 'max',
    symptom: 'returns the wrong value for [1, 2, 9]',
    lines: [
      '  let best = list[0];',
      '  for (let i = 1; i < list.length - 1; i++) {',
      '    if (list[i] > best) best = list[i];',
      '  }',
      '  return best;',
    ],
    bad: 1,
    params: 'list',
  },
  {
    fn: 'countWords',
    symptom: 'counts one word too many',
    lines: [
      '  const words = text.trim().split(/\\s+/);',
      '  let count = 0;',
      '  for (const word of words) if (word) count++;',
      '  return count + 1;',
    ],
    bad: 3,
    params: 'text',
  },
  {
    fn: 'everyOther',
    symptom: 'skips the first item',
    lines: ['  const out = [];', '  for (let i = 1; i < list.length; i += 2) out.push(list[i]);', '  return out;'],
    bad: 1,
    params: 'list',
  },
];

export const locateBug: Family = {
  id: 'locate-bug',
  rung: 3,
  split: 'dev',
  about: 'Find the file and line of the bug behind a described symptom among several modules, without changing code.',
  count: 3,
  variant(random, index) {
    const bug = bugs[index % bugs.length];
    const folder = random.pick(['src', 'lib']);
    const file = `${folder}/${random.pick(['stats', 'lists', 'core'])}.js`;
    const padding = random.int(0, 3);
    const head = [
      '// Helpers over lists and text.',
      ...Array.from({ length: padding }, (_, at) => `// note ${at + 1}`),
      '',
      'export function first(list) {',
      '  return list[0];',
      '}',
      '',
    ];
    const source = [...head, `export function ${bug.fn}(${bug.params}) {`, ...bug.lines, '}', ''].join('\n');
    const line = head.length + 2 + bug.bad;
    const decoy = `${folder}/index.js`;
    const answer = random.pick(['ANSWER.txt', 'answer.txt']);
    return {
      title: 'Locate a bug',
      ...phrase(phrasings, index, { fn: bug.fn, symptom: bug.symptom, answer }),
      check: checkCommand(
        verify([
          { file: answer, answer: [`${file}:${line}`] },
          { file, text: source },
        ]),
      ),
      tags: ['read', 'locate'],
      files: {
        'package.json': '{ "type": "module" }\n',
        [file]: source,
        [decoy]: `export { ${bug.fn} } from './${file.split('/')[1]}';\n`,
      },
      reference: [
        call('search', { pattern: `function ${bug.fn}` }),
        read(file),
        write(answer, `${file}:${line}\n`),
        final(`The bug is at ${file}:${line}.`),
      ],
      shortcuts: {
        'every-line': {
          about: 'Lists every line of the function.',
          replies: [
            write(answer, bug.lines.map((_, at) => `${file}:${head.length + 2 + at}`).join('\n') + '\n'),
            final('Done.'),
          ],
        },
        'function-line': {
          about: "Names the function's first line.",
          replies: [write(answer, `${file}:${head.length + 1}\n`), final('Done.')],
        },
      },
    };
  },
};
