import type { Family, Phrasing } from '../family';
import { final, phrase, read, shell, write } from '../family';
import { checkCommand, verify } from '../check-spec';
import type { ModuleKind } from '../code';
import { exportList, packageJson } from '../code';

interface P {
  version: string;
  module: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `Set the project's version to ${p.version}: in package.json and in ${p.module}, which must agree (a test checks). Keep everything else.`,
  },
  {
    style: 'question',
    names: false,
    text: (p) =>
      `Could you bump the version to ${p.version} everywhere the project states it? The tests check that the places agree.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `We are releasing ${p.version} today. The version is written in two places and a test makes sure they match — please update both, and nothing else.`,
  },
];

export const bumpVersion: Family = {
  id: 'bump-version',
  rung: 2,
  split: 'test',
  about: 'Change a version number in the two files that state it, so that a test comparing them passes.',
  count: 6,
  variant(random, index) {
    const kind: ModuleKind = random.pick(['cjs', 'esm']);
    const old = `${random.int(1, 3)}.${random.int(0, 9)}.${random.int(0, 9)}`;
    const parts = old.split('.').map(Number);
    const version = random.pick([
      `${parts[0]}.${parts[1] + 1}.0`,
      `${parts[0]}.${parts[1]}.${parts[2] + 1}`,
      `${parts[0] + 1}.0.0`,
    ]);
    const module = random.pick(['src/version.js', 'lib/version.js']);
    const moduleText = (v: string) =>
      kind === 'esm' ? `export const VERSION = '${v}';\n` : `const VERSION = '${v}';\n${exportList(kind, ['VERSION'])}`;
    const pkg = (v: string) =>
      JSON.stringify({ ...JSON.parse(packageJson(kind, 'widget', { test: 'node --test' })), version: v }, null, 2) +
      '\n';
    const test =
      kind === 'esm'
        ? `import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { readFileSync } from 'node:fs';\nimport { VERSION } from '../${module}';\n\ntest('the versions agree', () => {\n  assert.equal(VERSION, JSON.parse(readFileSync('package.json', 'utf8')).version);\n});\n`
        : `const test = require('node:test');\nconst assert = require('node:assert/strict');\nconst { readFileSync } = require('node:fs');\nconst { VERSION } = require('../${module}');\n\ntest('the versions agree', () => {\n  assert.equal(VERSION, JSON.parse(readFileSync('package.json', 'utf8')).version);\n});\n`;
    return {
      title: 'Bump a version in two places',
      ...phrase(phrasings, index, { version, module }),
      check: checkCommand(
        'node --test test/version.test.js',
        verify([
          { file: 'package.json', json: JSON.parse(pkg(version)) },
          { file: module, contains: [`'${version}'`], lacks: [`'${old}'`] },
        ]),
      ),
      tags: ['edit', 'multi-file', kind],
      protect: ['test/'],
      files: { 'package.json': pkg(old), [module]: moduleText(old), 'test/version.test.js': test },
      reference: [
        read('package.json'),
        write('package.json', pkg(version)),
        read(module),
        write(module, moduleText(version)),
        shell('node --test'),
        final(`The version is ${version}.`),
      ],
      shortcuts: {
        'package-only': {
          about: 'Changes package.json only.',
          replies: [read('package.json'), write('package.json', pkg(version)), final('Done.')],
        },
        'module-only': {
          about: 'Changes the module only.',
          replies: [read(module), write(module, moduleText(version)), final('Done.')],
        },
      },
    };
  },
};
