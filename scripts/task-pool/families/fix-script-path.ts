import type { Family, Phrasing } from '../family';
import { final, phrase, read, shell, write } from '../family';
import { checkCommand, prints, verify } from '../check-spec';
import { packageJson } from '../code';

interface P {
  script: string;
  out: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `\`npm run ${p.script}\` fails: the "${p.script}" script in package.json names a file that does not exist. Fix the path in package.json so that it runs and writes ${p.out}.`,
  },
  {
    style: 'question',
    names: false,
    text: (p) =>
      `Why does \`npm run ${p.script}\` fail? Fix the script (not the build code) so that it works and produces ${p.out}.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Our CI broke after someone moved the build code into another folder: \`npm run ${p.script}\` can't find it any more. Please point the npm script at the right file so that it writes ${p.out} again.`,
  },
];

export const fixScriptPath: Family = {
  id: 'fix-script-path',
  rung: 2,
  split: 'test',
  about: 'Correct the file path in an npm script so that the script runs, without moving or copying the code.',
  count: 6,
  variant(random, index) {
    const script = random.pick(['build', 'bundle', 'compile']);
    const [actual, stale] = random.pick([
      ['scripts/build.js', 'build.js'],
      ['tools/bundle.js', 'scripts/bundle.js'],
      ['build/make.js', 'make.js'],
    ]);
    const out = random.pick(['dist/out.txt', 'dist/bundle.txt']);
    const stamp = `built ${random.int(1, 9)}.${random.int(0, 20)}.${random.int(0, 9)}`;
    const code = `const fs = require('fs');\nfs.mkdirSync('dist', { recursive: true });\nfs.writeFileSync(${JSON.stringify(out)}, ${JSON.stringify(stamp + '\n')});\nconsole.log(${JSON.stringify(stamp)});\n`;
    const pkg = (path: string) => packageJson('cjs', 'site', { test: 'node --test', [script]: `node ${path}` });
    return {
      title: 'Fix the path in an npm script',
      ...phrase(phrasings, index, { script, out }),
      check: checkCommand(
        `rm -rf dist`,
        `npm run ${script}`,
        prints(`cat ${out}`, stamp),
        verify([{ absent: stale }, { file: actual, text: code }]),
      ),
      tags: ['fix', 'npm'],
      files: { 'package.json': pkg(stale), [actual]: code },
      reference: [
        shell(`npm run ${script}`),
        read('package.json'),
        write('package.json', pkg(actual)),
        shell(`npm run ${script}`),
        final('Fixed the script path.'),
      ],
      shortcuts: {
        'copy-code': {
          about: 'Copies the code to the path the script names.',
          replies: [shell(`cp ${actual} ${stale}`), final('Done.')],
        },
        'write-output': {
          about: 'Writes the output file by hand.',
          replies: [write(out, stamp + '\n'), final('Done.')],
        },
        echo: {
          about: 'Makes the script echo the words.',
          replies: [
            read('package.json'),
            write('package.json', packageJson('cjs', 'site', { test: 'node --test', [script]: `echo ${stamp}` })),
            final('Done.'),
          ],
        },
      },
    };
  },
};
