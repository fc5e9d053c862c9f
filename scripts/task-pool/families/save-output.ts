import type { Family, Phrasing } from '../family';
import { final, phrase, shell, write } from '../family';
import { checkCommand, verify } from '../check-spec';
import { animals, colors } from '../words';

interface P {
  script: string;
  out: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `Run \`node ${p.script}\` and write exactly what it prints into ${p.out}.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `What does \`node ${p.script}\` print? Save its output, as it is, to ${p.out}.`,
  },
  {
    style: 'story',
    names: true,
    text: (p) =>
      `The ticket needs the code that ${p.script} prints. Run it with node and put that output into ${p.out}, nothing more.`,
  },
];

export const saveOutput: Family = {
  id: 'save-output',
  rung: 1,
  split: 'tuning',
  about: 'Run a script that prints a value computed at run time and save what it printed in a file.',
  count: 6,
  variant(random, index) {
    const [a, b] = [random.int(12, 97), random.int(3, 9)];
    const word = random.pick([...colors, ...animals]);
    const code = `${word.toUpperCase()}-${a * b}-${(a + b) % 7}`;
    const script = random.pick(['make-code.js', 'tools/code.js', 'print-id.js']);
    const source =
      `// Prints the build code.\nconst word = '${word}';\nconst a = ${a};\nconst b = ${b};\n` +
      'console.log(`${word.toUpperCase()}-${a * b}-${(a + b) % 7}`);\n';
    const out = random.pick(['CODE.txt', 'code.txt', 'out/code.txt']);
    return {
      title: 'Run a script and save what it prints',
      ...phrase(phrasings, index, { script, out }),
      check: checkCommand(
        verify([
          { file: out, answer: [code] },
          { file: script, text: source },
        ]),
      ),
      tags: ['shell', 'answer'],
      files: { [script]: source },
      reference: [shell(`node ${script}`), write(out, code + '\n'), final(`It printed ${code}.`)],
      shortcuts: {
        source: {
          about: 'Writes the expression instead of running it.',
          replies: [write(out, '`${word.toUpperCase()}-${a * b}-${(a + b) % 7}`\n'), final('Done.')],
        },
        command: { about: 'Writes the command.', replies: [write(out, `node ${script}\n`), final('Done.')] },
        'rewrite-script': {
          about: 'Makes the script print what was written.',
          replies: [write(script, "console.log('X');\n"), write(out, 'X\n'), final('Done.')],
        },
      },
    };
  },
};
