import type { Family, Phrasing } from '../family';
import { final, patch, phrase, read, shell, write } from '../family';
import { checkCommand, prints } from '../check-spec';

interface P {
  what: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: false,
    text: (p) => `Make the ${p.what} test pass. Follow the repository's AGENTS.md.`,
  },
  {
    style: 'question',
    names: false,
    text: (p) => `Could you fix the failing ${p.what} test? Please work the way this repository's AGENTS.md asks.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `The ${p.what} test has been failing all week. Fix it, and stick to the house rules in AGENTS.md while you do.`,
  },
];

const cases = [
  {
    what: 'greeting',
    fn: 'greet',
    arg: "'Lin'",
    wrong: "return 'Hello ' + name;",
    right: 'return `Hello, ${name}!`;',
    expected: 'Hello, Lin!',
    probe: ["greet('Ada')", 'Hello, Ada!'],
  },
  {
    what: 'farewell',
    fn: 'farewell',
    arg: "'Sam'",
    wrong: "return 'Bye ' + name;",
    right: 'return `Goodbye, ${name}.`;',
    expected: 'Goodbye, Sam.',
    probe: ["farewell('Kim')", 'Goodbye, Kim.'],
  },
  {
    what: 'shout',
    fn: 'shout',
    arg: "'hey'",
    wrong: 'return text + "!";',
    right: 'return text.toUpperCase() + "!";',
    expected: 'HEY!',
    probe: ["shout('no')", 'NO!'],
  },
];

export const followAgentsMd: Family = {
  id: 'follow-agents-md',
  rung: 3,
  split: 'dev',
  about:
    "Fix a failing test while following a convention the repository's AGENTS.md states (a changelog line for every change).",
  count: 3,
  variant(random, index) {
    const item = cases[index % cases.length];
    const param = item.fn === 'shout' ? 'text' : 'name';
    const source = `src/${item.fn}.js`;
    const log = random.pick(['CHANGELOG.md', 'CHANGES.md']);
    const moduleText = (body: string) => `export function ${item.fn}(${param}) {\n  ${body}\n}\n`;
    const test = `import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { ${item.fn} } from '../${source}';\n\ntest('${item.what}', () => assert.equal(${item.fn}(${item.arg}), ${JSON.stringify(item.expected)}));\n`;
    const agents = `# AGENTS.md\n\nRules for changes in this repository:\n- Every change adds one line to ${log}, starting with "- " and naming the file changed.\n- Run the tests before you finish.\n`;
    const probe = `import { ${item.fn} } from '../${source}';\nconsole.log(JSON.stringify([${item.probe[0]}]));\n`;
    return {
      title: 'Follow AGENTS.md',
      ...phrase(phrasings, index, { what: item.what }),
      check: checkCommand(
        `node --test test/${item.fn}.test.js`,
        prints('node check/probe.mjs', JSON.stringify([item.probe[1]])),
        `grep -q "^- .*${source}" ${log}`,
      ),
      tags: ['instructions', 'fix', 'tests'],
      protect: ['test/'],
      files: {
        'package.json': '{ "type": "module" }\n',
        [source]: moduleText(item.wrong),
        [`test/${item.fn}.test.js`]: test,
        'AGENTS.md': agents,
        [log]: '# Changelog\n',
      },
      hidden: { 'check/probe.mjs': probe },
      reference: [
        read('AGENTS.md'),
        read(source),
        patch(source, item.wrong, item.right),
        write(log, `# Changelog\n\n- ${source}: fixed ${item.fn}.\n`),
        shell('node --test'),
        final(`Fixed ${item.fn} and noted it in ${log}.`),
      ],
      shortcuts: {
        'no-log': {
          about: 'Fixes the code without the changelog line.',
          replies: [read(source), patch(source, item.wrong, item.right), final('Done.')],
        },
        'log-only': {
          about: 'Writes the changelog line only.',
          replies: [write(log, `# Changelog\n\n- ${source}: fixed.\n`), final('Done.')],
        },
      },
    };
  },
};
