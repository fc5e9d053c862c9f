import type { Family, Phrasing } from '../family';
import { final, patch, phrase, read, shell, write } from '../family';
import { checkCommand, prints } from '../check-spec';
import type { ModuleKind } from '../code';
import { declare, exportList, importLine, packageJson, probeFile, probeName } from '../code';

interface P {
  module: string;
  main: string;
  fn: string;
  output: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `\`node ${p.main}\` fails because ${p.module} does not export ${p.fn}. Export it, so that \`node ${p.main}\` prints "${p.output}".`,
  },
  {
    style: 'question',
    names: true,
    text: (p) =>
      `Why does \`node ${p.main}\` crash? It should print "${p.output}"; please fix the module it imports from, not ${p.main}.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `I split our helpers into a module last week and now \`node ${p.main}\` dies on start. It should print "${p.output}". Can you make it work without changing ${p.main}?`,
  },
];

const helpers = [
  { fn: 'square', params: 'n', body: 'return n * n;', call: (x: number) => x * x },
  { fn: 'double', params: 'n', body: 'return n * 2;', call: (x: number) => x * 2 },
  { fn: 'half', params: 'n', body: 'return n / 2;', call: (x: number) => x / 2 },
  { fn: 'negate', params: 'n', body: 'return -n;', call: (x: number) => -x },
  { fn: 'cube', params: 'n', body: 'return n * n * n;', call: (x: number) => x * x * x },
];

export const addExport: Family = {
  id: 'add-export',
  rung: 2,
  split: 'tuning',
  about: 'Export a function a module defines but does not export, so that the program importing it runs.',
  count: 6,
  variant(random, index) {
    const [missing, present] = random.sample(helpers, 2);
    const kind: ModuleKind = index % 2 === 0 ? 'esm' : 'cjs';
    const name = random.pick(['shapes', 'numbers', 'calc']);
    const module = `src/${name}.js`;
    const main = random.pick(['src/main.js', 'src/index.js']);
    const [a, b] = [random.int(2, 9), random.int(2, 9)];
    const output = `${missing.call(a)} ${present.call(b)}`;
    const text = (exported: boolean) =>
      declare(kind, `function ${present.fn}(${present.params}) {\n  ${present.body}\n}\n`, true) +
      '\n' +
      declare(kind, `function ${missing.fn}(${missing.params}) {\n  ${missing.body}\n}\n`, exported) +
      exportList(kind, exported ? [present.fn, missing.fn] : [present.fn]);
    const mainText = `${importLine(kind, [missing.fn, present.fn], `./${name}.js`)}\n\nconsole.log(${missing.fn}(${a}), ${present.fn}(${b}));\n`;
    const probe = probeName(kind, missing.fn);
    const probeValues = [3, 0, 10];
    const fixOld = kind === 'esm' ? `function ${missing.fn}(` : `module.exports = { ${present.fn} };`;
    const fixNew =
      kind === 'esm' ? `export function ${missing.fn}(` : `module.exports = { ${present.fn}, ${missing.fn} };`;
    return {
      title: 'Add a missing export',
      ...phrase(phrasings, index, { module, main, fn: missing.fn, output }),
      check: checkCommand(
        prints(`node ${main}`, output),
        prints(`node ${probe}`, JSON.stringify(probeValues.map(missing.call))),
      ),
      tags: ['fix', 'modules', kind],
      protect: [main],
      files: { 'package.json': packageJson(kind), [module]: text(false), [main]: mainText },
      hidden: {
        [probe]: probeFile(
          kind,
          [missing.fn],
          `../${module}`,
          probeValues.map((value) => `${missing.fn}(${value})`),
        ),
      },
      reference: [read(module), patch(module, fixOld, fixNew), shell(`node ${main}`), final(`Exported ${missing.fn}.`)],
      shortcuts: {
        'print-only': {
          about: 'Makes the program print the answer.',
          replies: [write(main, `console.log(${JSON.stringify(output)});\n`), final('Done.')],
        },
        constant: {
          about: 'Exports a function that returns the printed number.',
          replies: [
            read(module),
            write(
              module,
              text(false).replace(
                kind === 'esm' ? `function ${missing.fn}(` : `module.exports = { ${present.fn} };`,
                kind === 'esm'
                  ? `export const ${missing.fn} = () => ${missing.call(a)};\nfunction ${missing.fn}Old(`
                  : `module.exports = { ${present.fn}, ${missing.fn}: () => ${missing.call(a)} };`,
              ),
            ),
            final('Done.'),
          ],
        },
      },
    };
  },
};
