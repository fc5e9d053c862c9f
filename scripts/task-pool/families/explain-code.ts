import type { Family, Phrasing } from '../family';
import { final, lines, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import type { ModuleKind } from '../code';
import { declare, exportList, packageJson } from '../code';
import { cities, colors } from '../words';

interface P {
  path: string;
  fn: string;
  what: string;
  format: string;
  answer: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `Read ${p.path} and list every ${p.what} ${p.fn}() knows, with its value, into ${p.answer}: one per line as ${p.format}, and nothing else.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) =>
      `Which ${p.what}s does ${p.fn}() in ${p.path} handle, and what does each give? Answer in ${p.answer}, one per line as ${p.format}, nothing else.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Support keeps asking which ${p.what}s our code accepts. Find ${p.fn}() and write each ${p.what} it knows with its value into ${p.answer}, one per line as ${p.format}, nothing else.`,
  },
];

export const explainCode: Family = {
  id: 'explain-code',
  rung: 2,
  split: 'tuning',
  about:
    'Read a function that maps codes to values and write every code it knows with its value, in a given line format.',
  count: 6,
  variant(random, index) {
    const discount = random.int(0, 1) === 0;
    const codes = discount
      ? random
          .sample(['SAVE10', 'HALF', 'SPRING', 'VIP', 'WELCOME', 'LOYAL'], 3)
          .map((code) => [code, random.pick([5, 10, 15, 20, 25, 50])] as const)
      : random.sample(cities, 3).map((city) => [city.slice(0, 3).toUpperCase(), random.int(2, 9)] as const);
    const fn = discount ? 'applyDiscount' : 'shippingDays';
    const what = discount ? 'discount code' : 'city code';
    const kind: ModuleKind = random.pick(['cjs', 'esm']);
    const switchForm = index % 2 === 0;
    const body = switchForm
      ? `  switch (code) {\n${codes.map(([code, value]) => `    case '${code}':\n      return ${discount ? `price * (1 - ${value} / 100)` : value};`).join('\n')}\n    default:\n      return ${discount ? 'price' : 'null'};\n  }`
      : `  const table = { ${codes.map(([code, value]) => `${code}: ${value}`).join(', ')} };\n  if (!(code in table)) return ${discount ? 'price' : 'null'};\n  return ${discount ? 'price * (1 - table[code] / 100)' : 'table[code]'};`;
    const params = discount ? 'price, code' : 'code';
    const path = `src/${discount ? 'discount' : 'shipping'}.js`;
    const source =
      `// ${discount ? 'Prices after a discount code' : 'Days a parcel takes, by city code'}.\n` +
      declare(kind, `function ${fn}(${params}) {\n${body}\n}\n`, true) +
      exportList(kind, [fn]);
    const answer = random.pick(['ANSWER.md', 'CODES.md']);
    const format = discount
      ? `CODE: PERCENT (for example ${random.pick(colors).toUpperCase()}: 30)`
      : `CODE: DAYS (for example XYZ: 4)`;
    const pairs = Object.fromEntries(codes.map(([code, value]) => [code, String(value)]));
    const answerText = lines(...codes.map(([code, value]) => `${code}: ${value}`));
    return {
      title: 'Read and explain code',
      ...phrase(phrasings, index, { path, fn, what, format, answer }),
      check: verify([{ file: answer, pairs }]),
      tags: ['read', 'explain', kind],
      files: {
        'package.json': packageJson(kind),
        [path]: source,
        'README.md': '# Shop\n\nPricing and shipping code.\n',
      },
      reference: [read(path), write(answer, answerText), final(`Listed ${codes.length} codes.`)],
      shortcuts: {
        prose: {
          about: 'Explains in a sentence.',
          replies: [
            read(path),
            write(answer, `The function knows ${codes.map(([code]) => code).join(', ')}.\n`),
            final('Done.'),
          ],
        },
        swapped: {
          about: 'Writes VALUE: CODE.',
          replies: [
            read(path),
            write(answer, lines(...codes.map(([code, value]) => `${value}: ${code}`))),
            final('Done.'),
          ],
        },
        'made-up': {
          about: 'Adds a code the function does not know.',
          replies: [read(path), write(answer, answerText + 'EXTRA: 1\n'), final('Done.')],
        },
      },
    };
  },
};
