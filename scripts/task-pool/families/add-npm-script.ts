import type { Family, Phrasing } from '../family';
import { final, phrase, read, shell, write } from '../family';
import { checkCommand, verify } from '../check-spec';

interface P {
  name: string;
  command: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `Add an npm script named "${p.name}" to package.json that runs \`${p.command}\`, so that \`npm run ${p.name}\` works. Keep the existing scripts.`,
  },
  {
    style: 'question',
    names: false,
    text: (p) => `Could you make \`npm run ${p.name}\` run \`${p.command}\`? The other scripts must keep working.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Everyone on the team types \`${p.command}\` by hand. Give it an npm script called "${p.name}" so we can run \`npm run ${p.name}\` instead; don't break the scripts we have.`,
  },
];

export const addNpmScript: Family = {
  id: 'add-npm-script',
  rung: 2,
  split: 'dev',
  about: 'Add a named script to package.json that runs a given command, keeping the existing scripts.',
  count: 5,
  variant(random, index) {
    const name = random.pick(['hello', 'report', 'stats', 'greet', 'info']);
    const file = random.pick([`${name}.js`, `scripts/${name}.js`, `tools/${name}.js`]);
    const command = `node ${file}`;
    const says = `${name} ran ${random.int(100, 999)}`;
    const before = { name: 'tools', version: '1.0.0', scripts: { test: 'node --test', start: 'node index.js' } };
    const after = { ...before, scripts: { ...before.scripts, [name]: command } };
    const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';
    const script = `console.log(${JSON.stringify(says)});\n`;
    return {
      title: 'Add an npm script',
      ...phrase(phrasings, index, { name, command }),
      check: checkCommand(
        verify([
          { file: 'package.json', json: after },
          { file, text: script },
        ]),
        `npm run ${name} | grep -q ${JSON.stringify(says)}`,
      ),
      tags: ['edit', 'npm', 'json'],
      files: { 'package.json': json(before), [file]: script, 'index.js': "console.log('start');\n" },
      reference: [
        read('package.json'),
        write('package.json', json(after)),
        shell(`npm run ${name}`),
        final(`Added the ${name} script.`),
      ],
      shortcuts: {
        'replaces-scripts': {
          about: 'Keeps only the new script.',
          replies: [
            read('package.json'),
            write('package.json', json({ ...before, scripts: { [name]: command } })),
            final('Done.'),
          ],
        },
        echo: {
          about: 'Makes the script echo the words.',
          replies: [
            read('package.json'),
            write('package.json', json({ ...after, scripts: { ...before.scripts, [name]: `echo ${says}` } })),
            final('Done.'),
          ],
        },
      },
    };
  },
};
