/**
 * Sample projects shipped with the app: small JavaScript projects with a failing `node --test`
 * suite, a bug to find, a multi-file change, a first task a small local model does in a step or two,
 * and the Demo model's own project. Loadable into any workspace.
 */

export interface SampleProject {
  id: string;
  title: string;
  description: string;
  task: string;
  files: Record<string, string>;
}

import { demoFiles, demoTask } from './demo-project';

const packageJson = (name: string) =>
  `${JSON.stringify({ name, version: '1.0.0', type: 'module', scripts: { test: 'node --test' } }, null, 2)}\n`;

export const sampleProjects: SampleProject[] = [
  {
    id: 'failing-test',
    title: 'Failing test: slugify',
    description: 'slugify() keeps punctuation; its node --test suite fails.',
    task: 'The tests in test/slugify.test.js fail. Fix src/slugify.js so that they pass, without changing the tests.',
    files: {
      'package.json': packageJson('slugify'),
      'README.md': '# slugify\n\nTurns titles into URL slugs. Run the tests with `npm test` (node --test).\n',
      'src/slugify.js': "export function slugify(title) {\n  return title.toLowerCase().split(' ').join('-');\n}\n",
      'test/slugify.test.js':
        "import { test } from 'node:test';\nimport assert from " +
        "'node:assert/strict';\nimport { slugify } from " +
        "'../src/slugify.js';\n\ntest('lowercases and joins words', () => {\n  " +
        "assert.equal(slugify('Hello World'), " +
        "'hello-world');\n});\n\ntest('drops punctuation', () => {\n  " +
        "assert.equal(slugify('Hello, World!'), " +
        "'hello-world');\n});\n\ntest('collapses repeated spaces', () => {\n  " +
        "assert.equal(slugify('  many   spaces  '), 'many-spaces');\n});\n",
    },
  },
  {
    id: 'find-the-bug',
    title: 'Find the bug: cart totals',
    description: 'A shopping cart sums prices wrongly once a discount applies.',
    task:
      'Customers report that cart totals are wrong when a discount code is ' +
      'used. Find the bug, fix it, and explain the cause.',
    files: {
      'package.json': packageJson('cart'),
      'README.md': '# cart\n\nA tiny cart: `total(items, discount)` in src/cart.js. Tests: `npm test`.\n',
      'src/cart.js':
        "import { applyDiscount } from './discount.js';\n\nexport function " +
        'total(items, discount) {\n  let sum = 0;\n  for (const item of items) ' +
        'sum += item.price * item.quantity;\n  return applyDiscount(sum, ' +
        'discount);\n}\n',
      'src/discount.js':
        'const codes = { SAVE10: 10, HALF: 50 };\n\n// Returns the amount ' +
        'after the discount, in cents.\nexport function applyDiscount(amount, ' +
        'code) {\n  const percent = codes[code] ?? 0;\n  return amount - ' +
        'percent;\n}\n',
      'test/cart.test.js':
        "import { test } from 'node:test';\nimport assert from " +
        "'node:assert/strict';\nimport { total } from " +
        "'../src/cart.js';\n\nconst items = [{ price: 1000, quantity: 2 }, { " +
        "price: 500, quantity: 1 }];\n\ntest('no discount', () => " +
        "assert.equal(total(items), 2500));\ntest('10% off', () => " +
        "assert.equal(total(items, 'SAVE10'), 2250));\ntest('half price', () " +
        "=> assert.equal(total(items, 'HALF'), 1250));\n",
    },
  },
  {
    id: 'multi-file',
    title: 'Multi-file change: add a unit',
    description: 'Add kilometres to a unit converter across three files.',
    task:
      'Add support for the unit "km" (1 km = 1000 m) to the converter: ' +
      'update src/units.js, src/convert.js where needed, and add a test in ' +
      'test/convert.test.js.',
    files: {
      'package.json': packageJson('units'),
      'README.md':
        '# units\n\nConverts lengths. `convert(value, from, to)` in src/convert.js; unit table in src/units.js.\n',
      'src/units.js': '// Metres per unit.\nexport const units = {\n  m: 1,\n  cm: 0.01,\n  mm: 0.001,\n};\n',
      'src/convert.js':
        "import { units } from './units.js';\n\nexport function convert(value, " +
        'from, to) {\n  if (!(from in units)) throw new Error(`unknown unit: ' +
        '${from}`);\n  if (!(to in units)) throw new Error(`unknown unit: ' +
        '${to}`);\n  return (value * units[from]) / units[to];\n}\n',
      'test/convert.test.js':
        "import { test } from 'node:test';\nimport assert from " +
        "'node:assert/strict';\nimport { convert } from " +
        "'../src/convert.js';\n\ntest('m to cm', () => assert.equal(convert(2, " +
        "'m', 'cm'), 200));\ntest('unknown unit', () => assert.throws(() => " +
        "convert(1, 'mile', 'm'), /unknown unit/));\n",
    },
  },
  {
    id: 'first-task',
    title: 'First task: a version module',
    description: 'One new file with one given line: the loop end to end, in a step or two.',
    task: "Create a file src/version.js whose only content is this line: export const version = '1.0.0';",
    files: {
      'package.json': packageJson('greeter'),
      'README.md': '# greeter\n\nSays hello. `greet(name)` in src/greet.js.\n',
      'src/greet.js': 'export function greet(name) {\n  return `Hello, ${name}!`;\n}\n',
    },
  },
  {
    id: 'sum',
    title: "The Demo's project: sum skips an item",
    description: 'The project the Demo model repairs: sum() starts its loop one item late.',
    task: demoTask,
    files: demoFiles,
  },
];

export function findSample(id: string | null | undefined): SampleProject | undefined {
  return sampleProjects.find((sample) => sample.id === id);
}
