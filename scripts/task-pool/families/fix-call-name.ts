import type { Family, Phrasing } from '../family';
import { final, patch, phrase, read, shell, write } from '../family';
import { checkCommand, prints } from '../check-spec';
import type { ModuleKind } from '../code';
import { declare, exportList, importLine, packageJson } from '../code';

interface P {
  script: string;
  output: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `\`node ${p.script}\` crashes with a TypeError: it calls a function by a misspelled name. Fix the call in ${p.script} so that it prints "${p.output}".`,
  },
  {
    style: 'question',
    names: true,
    text: (p) =>
      `What makes \`node ${p.script}\` crash? Fix it in ${p.script} (the helpers are right) so that it prints "${p.output}".`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `The nightly report script dies with "is not a function" since the last commit. Please fix the script — not the helpers — so that it prints "${p.output}".`,
  },
];

const helpers = [
  {
    right: 'formatDate',
    wrong: 'formatDat',
    body: "return `${d.year}-${String(d.month).padStart(2, '0')}`;",
    alt: 'return `${d.month}/${d.year}`;',
    param: 'd',
    arg: () => '{ year: 2026, month: 3 }',
    out: '2026-03',
    altOut: '3/2026',
  },
  {
    right: 'toTitle',
    wrong: 'toTitel',
    body: 'return d[0].toUpperCase() + d.slice(1);',
    alt: 'return d.toUpperCase();',
    param: 'd',
    arg: () => "'report'",
    out: 'Report',
    altOut: 'REPORT',
  },
  {
    right: 'percent',
    wrong: 'precent',
    body: 'return Math.round(d * 100) + "%";',
    alt: 'return (d * 100).toFixed(1) + "%";',
    param: 'd',
    arg: () => '0.42',
    out: '42%',
    altOut: '42.0%',
  },
];

export const fixCallName: Family = {
  id: 'fix-call-name',
  rung: 2,
  split: 'test',
  about: 'Fix a misspelled function name in a call, so that the program runs with the helper it imports.',
  count: 6,
  variant(random, index) {
    const helper = helpers[(index + random.int(0, 2)) % helpers.length];
    const kind: ModuleKind = random.pick(['cjs', 'esm']);
    const script = random.pick(['report.js', 'scripts/report.js']);
    const module = script.includes('/') ? 'scripts/helpers.js' : 'helpers.js';
    const helperText = (body: string) =>
      declare(kind, `function ${helper.right}(${helper.param}) {\n  ${body}\n}\n`, true) +
      exportList(kind, [helper.right]);
    const importText = importLine(kind, [helper.right], kind === 'esm' ? './helpers.js' : './helpers');
    const call = (name: string) => `console.log(${name}(${helper.arg()}));`;
    const scriptText = `${importText}\n\n${call(helper.wrong)}\n`;
    return {
      title: 'Fix a misspelled call',
      ...phrase(phrasings, index, { script, output: helper.out }),
      check: checkCommand(
        prints(`node ${script}`, helper.out),
        `cp check/alternate.js ${module}`,
        prints(`node ${script}`, helper.altOut),
      ),
      tags: ['fix', 'modules', kind],
      protect: [module],
      files: { 'package.json': packageJson(kind), [module]: helperText(helper.body), [script]: scriptText },
      hidden: { 'check/alternate.js': helperText(helper.alt) },
      reference: [
        shell(`node ${script}`),
        read(script),
        patch(script, `${helper.wrong}(`, `${helper.right}(`),
        shell(`node ${script}`),
        final('Fixed the call.'),
      ],
      shortcuts: {
        'print-answer': {
          about: 'Prints the answer without the helper.',
          replies: [write(script, `console.log(${JSON.stringify(helper.out)});\n`), final('Done.')],
        },
        'alias-helper': {
          about: 'Adds the misspelled name to the helpers.',
          replies: [
            read(module),
            write(
              module,
              helperText(helper.body) +
                (kind === 'esm'
                  ? `export const ${helper.wrong} = ${helper.right};\n`
                  : `module.exports.${helper.wrong} = ${helper.right};\n`),
            ),
            final('Done.'),
          ],
        },
      },
    };
  },
};
