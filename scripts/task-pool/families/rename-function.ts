import type { Family, Phrasing } from '../family';
import { final, phrase, read, shell, write } from '../family';
import { checkCommand, prints, verify } from '../check-spec';
import type { ModuleKind } from '../code';
import { declare, exportList, importLine, packageJson } from '../code';

interface P {
  from: string;
  to: string;
  module: string;
  main: string;
  output: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `Rename the function ${p.from} in ${p.module} to ${p.to}, and update its use in ${p.main}. \`node ${p.main}\` must still print ${p.output}.`,
  },
  {
    style: 'question',
    names: false,
    text: (p) =>
      `Could you rename ${p.from} to ${p.to} everywhere it is defined and used? The program should still print ${p.output}.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Code review says ${p.from} is a bad name; we agreed on ${p.to}. Please rename it in the module and where it is called, so that nothing calls it ${p.from} any more and \`node ${p.main}\` still prints ${p.output}.`,
  },
];

const names = [
  ['addItem', 'addToCart'],
  ['calc', 'computeTotal'],
  ['fmt', 'formatPrice'],
  ['getN', 'countItems'],
  ['doIt', 'applyTax'],
];

export const renameFunction: Family = {
  id: 'rename-function',
  rung: 2,
  split: 'dev',
  about: 'Rename a function where it is defined and where it is called, keeping the program working.',
  count: 5,
  variant(random, index) {
    const [from, to] = random.pick(names);
    const kind: ModuleKind = random.pick(['cjs', 'esm']);
    const module = random.pick(['src/cart.js', 'src/shop.js', 'lib/cart.js']);
    const main = module.replace(/[^/]+$/, 'main.js');
    const items = random.int(2, 6);
    const moduleText = (name: string) =>
      declare(kind, `function ${name}(list, item) {\n  return [...list, item];\n}\n`, true) + exportList(kind, [name]);
    const mainText = (name: string) =>
      `${importLine(kind, [name], `./${module.split('/').pop()}`)}\n\nlet list = [];\nfor (let i = 0; i < ${items}; i++) list = ${name}(list, i);\nconsole.log(list.length);\n`;
    const output = String(items);
    return {
      title: 'Rename a function across files',
      ...phrase(phrasings, index, { from, to, module, main, output }),
      check: checkCommand(
        prints(`node ${main}`, output),
        verify([
          { file: module, contains: [to], lacks: [from] },
          { file: main, contains: [to], lacks: [from] },
        ]),
      ),
      tags: ['rename', 'multi-file', kind],
      files: { 'package.json': packageJson(kind), [module]: moduleText(from), [main]: mainText(from) },
      reference: [
        read(module),
        write(module, moduleText(to)),
        read(main),
        write(main, mainText(to)),
        shell(`node ${main}`),
        final(`Renamed ${from} to ${to}.`),
      ],
      shortcuts: {
        alias: {
          about: 'Adds the new name beside the old one.',
          replies: [
            read(module),
            write(
              module,
              moduleText(from) +
                (kind === 'esm' ? `export const ${to} = ${from};\n` : `module.exports.${to} = ${from};\n`),
            ),
            final('Done.'),
          ],
        },
        'definition-only': {
          about: 'Renames the definition only.',
          replies: [read(module), write(module, moduleText(to)), final('Done.')],
        },
      },
    };
  },
};
