import type { Family, Phrasing } from '../family';
import { final, patch, phrase, read, shell, write } from '../family';
import { checkCommand, prints, verify } from '../check-spec';
import type { ModuleKind } from '../code';
import { declare, exportList, importLine, packageJson } from '../code';
import { people } from '../words';

interface P {
  main: string;
  output: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `\`node ${p.main}\` fails because it imports its helper from a path that does not exist. Fix the import in ${p.main} so that it prints "${p.output}". Do not move or copy files.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) =>
      `Why can't \`node ${p.main}\` find its module? Correct the path it imports from so that it prints "${p.output}", without moving any file.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `After we reorganised the folders, \`node ${p.main}\` stopped working — it can't find a module. The files are where they should be; please fix the import so it prints "${p.output}" again.`,
  },
];

export const fixRequirePath: Family = {
  id: 'fix-require-path',
  rung: 2,
  split: 'test',
  about: 'Correct the path a program imports a module from, so that it runs, without moving files.',
  count: 6,
  variant(random, index) {
    const kind: ModuleKind = index % 2 === 0 ? 'cjs' : 'esm';
    const [actual, stale] = random.pick([
      ['utils/format.js', 'lib/format.js'],
      ['helpers/text.js', 'util/text.js'],
      ['src/shared/names.js', 'src/names.js'],
    ]);
    const main = actual.startsWith('src/') ? 'src/main.js' : 'main.js';
    const relative = (target: string) => {
      const from = main.split('/').slice(0, -1);
      const to = target.split('/');
      while (from.length && from[0] === to[0]) {
        from.shift();
        to.shift();
      }
      return (from.length ? from.map(() => '..').join('/') + '/' : './') + to.join('/');
    };
    const name = random.pick(people);
    const shout = random.int(0, 1) === 1;
    const helper = (loud: boolean) =>
      declare(
        kind,
        `function greeting(name) {\n  return ${loud ? '`HELLO, ${name.toUpperCase()}!`' : '`Hello, ${name}!`'};\n}\n`,
        true,
      ) + exportList(kind, ['greeting']);
    const importOf = (target: string) =>
      importLine(kind, ['greeting'], kind === 'esm' ? relative(target) : relative(target).replace(/\.js$/, ''));
    const mainText = (target: string) => `${importOf(target)}\n\nconsole.log(greeting(${JSON.stringify(name)}));\n`;
    const output = shout ? `HELLO, ${name.toUpperCase()}!` : `Hello, ${name}!`;
    const swapped = shout ? `Hello, ${name}!` : `HELLO, ${name.toUpperCase()}!`;
    return {
      title: 'Fix an import path',
      ...phrase(phrasings, index, { main, output }),
      // The program must really use the module: with another version of it swapped in, it prints that one's words.
      check: checkCommand(
        prints(`node ${main}`, output),
        verify([{ absent: stale }]),
        `cp check/alternate.js ${actual}`,
        prints(`node ${main}`, swapped),
      ),
      tags: ['fix', 'modules', kind],
      protect: [actual],
      files: { 'package.json': packageJson(kind), [actual]: helper(shout), [main]: mainText(stale) },
      hidden: { 'check/alternate.js': helper(!shout) },
      reference: [
        shell(`node ${main}`),
        read(main),
        patch(main, importOf(stale), importOf(actual)),
        shell(`node ${main}`),
        final('Fixed the import path.'),
      ],
      shortcuts: {
        'copy-module': {
          about: 'Copies the module to the path the import names.',
          replies: [
            shell(`mkdir -p ${stale.split('/').slice(0, -1).join('/') || '.'} && cp ${actual} ${stale}`),
            final('Done.'),
          ],
        },
        'inline-print': {
          about: 'Prints the words without the module.',
          replies: [write(main, `console.log(${JSON.stringify(output)});\n`), final('Done.')],
        },
      },
    };
  },
};
