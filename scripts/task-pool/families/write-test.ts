import type { Family, Phrasing } from '../family';
import { final, phrase, read, shell, write } from '../family';
import { checkCommand } from '../check-spec';

interface P {
  fn: string;
  source: string;
  test: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `${p.source} has no tests. Write ${p.test} with at least two tests of ${p.fn} (node:test and node:assert). They must pass.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) =>
      `Could you add tests for ${p.fn} in ${p.test}? At least two, with node:test, and they should pass on the current code.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Nobody dares touch ${p.fn} because it has no tests. Please write at least two passing tests for it (node:test, node:assert) in ${p.test}, so that a change that breaks it shows.`,
  },
];

const subjects = [
  {
    fn: 'padLeft',
    file: 'pad',
    body: "export function padLeft(text, width, fill = ' ') {\n  const value = String(text);\n  return value.length >= width ? value : fill.repeat(width - value.length) + value;\n}\n",
    mutants: [
      'export function padLeft(text) {\n  return String(text);\n}\n',
      "export function padLeft(text, width, fill = ' ') {\n  const value = String(text);\n  return value.length >= width ? value : value + fill.repeat(width - value.length);\n}\n",
    ],
    tests:
      "test('pads', () => assert.equal(padLeft('7', 3), '  7'));\ntest('fills', () => assert.equal(padLeft(5, 3, '0'), '005'));\n",
  },
  {
    fn: 'slugify',
    file: 'slug',
    body: "export function slugify(text) {\n  return text.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');\n}\n",
    mutants: [
      'export function slugify(text) {\n  return text.toLowerCase();\n}\n',
      "export function slugify(text) {\n  return text.trim().replace(/[^A-Za-z0-9]+/g, '-');\n}\n",
    ],
    tests:
      "test('lowercases and dashes', () => assert.equal(slugify('Hello World'), 'hello-world'));\ntest('drops punctuation', () => assert.equal(slugify('Hi, there!'), 'hi-there'));\n",
  },
  {
    fn: 'range',
    file: 'range',
    body: 'export function range(start, end) {\n  const out = [];\n  for (let i = start; i <= end; i++) out.push(i);\n  return out;\n}\n',
    mutants: [
      'export function range(start, end) {\n  const out = [];\n  for (let i = start; i < end; i++) out.push(i);\n  return out;\n}\n',
      'export function range() {\n  return [];\n}\n',
    ],
    tests:
      "test('includes both ends', () => assert.deepEqual(range(1, 3), [1, 2, 3]));\ntest('one number', () => assert.deepEqual(range(4, 4), [4]));\n",
  },
];

export const writeTest: Family = {
  id: 'write-test',
  rung: 3,
  split: 'dev',
  about: 'Write passing tests for an untested function, good enough to fail on broken versions of it.',
  count: 3,
  variant(random, index) {
    const subject = subjects[index % subjects.length];
    const folder = random.pick(['src', 'lib']);
    const source = `${folder}/${subject.file}.js`;
    const test = `test/${subject.file}.test.js`;
    const good = `import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { ${subject.fn} } from '../${source}';\n\n${subject.tests}`;
    const mutantChecks = subject.mutants.flatMap((_, at) => [
      `cp check/mutant-${at + 1}.js ${source}`,
      `! node --test ${test}`,
    ]);
    return {
      title: 'Write tests for a function',
      ...phrase(phrasings, index, { fn: subject.fn, source, test }),
      check: checkCommand(`node --test ${test} | grep -Eq "(#|ℹ) pass ([2-9]|[1-9][0-9])"`, ...mutantChecks),
      tags: ['write', 'tests'],
      files: { 'package.json': '{ "type": "module" }\n', [source]: subject.body },
      hidden: Object.fromEntries(subject.mutants.map((mutant, at) => [`check/mutant-${at + 1}.js`, mutant])),
      reference: [read(source), write(test, good), shell('node --test'), final(`Wrote tests for ${subject.fn}.`)],
      shortcuts: {
        'always-true': {
          about: 'Tests that assert nothing about the function.',
          replies: [
            write(
              test,
              "import test from 'node:test';\nimport assert from 'node:assert/strict';\n\ntest('a', () => assert.ok(true));\ntest('b', () => assert.ok(true));\n",
            ),
            final('Done.'),
          ],
        },
        'one-test': {
          about: 'A single test.',
          replies: [write(test, good.split('\ntest(').slice(0, 2).join('\ntest(')), final('Done.')],
        },
      },
    };
  },
};
