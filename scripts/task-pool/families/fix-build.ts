import type { Family, Phrasing } from '../family';
import { final, phrase, read, shell, write } from '../family';
import { checkCommand, prints } from '../check-spec';

interface P {
  script: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: false,
    text: (p) =>
      `Run npm run ${p.script}. It fails; read its error, fix the cause, and run it again until it succeeds.`,
  },
  {
    style: 'question',
    names: false,
    text: (p) =>
      `Why does \`npm run ${p.script}\` fail? Find out from its error, fix the cause (not the ${p.script} script), and make it succeed.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Our release is blocked: \`npm run ${p.script}\` fails and nobody knows why. Please read what it says, fix what it complains about, and get it passing.`,
  },
];

export const fixBuild: Family = {
  id: 'fix-build',
  rung: 3,
  split: 'dev',
  about: 'Run a failing build, read its error, and fix the cause it names until the build succeeds.',
  count: 3,
  variant(random, index) {
    const script = random.pick(['build', 'release']);
    const version = `${random.int(1, 3)}.${random.int(0, 9)}.${random.int(0, 9)}`;
    const broken = random.pick([`'v${version}'`, version.split('.').slice(0, 2).join('.'), `'${version}-beta'`]);
    const builder = `import { version } from './src/version.js';\n\nif (typeof version !== 'string' || !/^\\d+\\.\\d+\\.\\d+$/.test(version)) {\n  console.error(\`${script} failed: src/version.js must export a version like 1.0.0, got \${JSON.stringify(version)}\`);\n  process.exit(1);\n}\nconsole.log(\`built \${version}\`);\n`;
    const pkg =
      JSON.stringify(
        { name: 'app', version: '0.0.0', type: 'module', scripts: { [script]: 'node build.js' } },
        null,
        2,
      ) + '\n';
    return {
      title: 'Fix a failing build',
      ...phrase(phrasings, index, { script }),
      check: checkCommand(
        `npm run ${script} | grep -q "^built ${version}$"`,
        prints('node check/version.probe.mjs', JSON.stringify(version)),
      ),
      tags: ['recover', 'shell'],
      protect: ['build.js', 'package.json'],
      files: {
        'package.json': pkg,
        'build.js': builder,
        'src/version.js': `export const version = ${broken};\n`,
        'README.md': `# App\n\nThe version is ${version}.\n`,
      },
      hidden: {
        'check/version.probe.mjs':
          "import { version } from '../src/version.js';\nconsole.log(JSON.stringify(version));\n",
      },
      reference: [
        shell(`npm run ${script}`),
        read('src/version.js'),
        write('src/version.js', `export const version = '${version}';\n`),
        shell(`npm run ${script}`),
        final(`The ${script} passes with ${version}.`),
      ],
      shortcuts: {
        'other-version': {
          about: 'Writes another valid version.',
          replies: [write('src/version.js', "export const version = '9.9.9';\n"), final('Done.')],
        },
        'skip-check': {
          about: 'Rewrites the build to skip its check.',
          replies: [write('build.js', `console.log('built ${version}');\n`), final('Done.')],
        },
      },
    };
  },
};
