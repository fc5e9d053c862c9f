import type { Family, Phrasing } from '../family';
import { final, phrase, read, shell, write } from '../family';
import { checkCommand, prints, verify } from '../check-spec';
import { cities, colors } from '../words';

interface P {
  app: string;
  config: string;
  output: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `\`node ${p.app}\` prints "undefined" where a setting should be, because ${p.config} lacks a key ${p.app} reads. Add that key to ${p.config} so that it prints "${p.output}". Do not change ${p.app}.`,
  },
  {
    style: 'question',
    names: false,
    text: (p) =>
      `Why does \`node ${p.app}\` print "undefined"? Fix the settings (not the code) so that it prints "${p.output}".`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Our welcome banner shows "undefined". The code is fine — a setting is missing. Please add it so that \`node ${p.app}\` prints "${p.output}", keeping the settings we have.`,
  },
];

export const addConfigKey: Family = {
  id: 'add-config-key',
  rung: 2,
  split: 'test',
  about:
    'Add the key a program reads from its JSON settings, so that it prints what it should, without changing the program.',
  count: 6,
  variant(random, index) {
    const [key, value, sentence] = random.pick([
      ['greeting', `Welcome to ${random.pick(cities)}`, (s: Record<string, unknown>) => `${s.greeting}, ${s.user}!`],
      ['siteName', `${random.pick(colors)} garden`, (s: Record<string, unknown>) => `${s.siteName} by ${s.user}`],
      [
        'motto',
        `always ${random.pick(['learning', 'shipping', 'testing'])}`,
        (s: Record<string, unknown>) => `${s.user} says: ${s.motto}`,
      ],
    ] as const);
    const present = { user: random.pick(['ada', 'linus', 'grace', 'radia']), port: random.int(3000, 8999) };
    const full = { ...present, [key]: value };
    const config = random.pick(['config.json', 'settings.json', 'config/app.json']);
    const app = random.pick(['app.js', 'banner.js']);
    const template = sentence({
      greeting: '${s.greeting}',
      siteName: '${s.siteName}',
      motto: '${s.motto}',
      user: '${s.user}',
    });
    const appText = `const fs = require('fs');\nconst s = JSON.parse(fs.readFileSync(${JSON.stringify(config)}, 'utf8'));\nconsole.log(\`${template}\`);\n`;
    const output = sentence(full);
    const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';
    return {
      title: 'Add a missing setting',
      ...phrase(phrasings, index, { app, config, output }),
      check: checkCommand(prints(`node ${app}`, output), verify([{ file: config, json: full }])),
      tags: ['fix', 'json', 'multi-file'],
      protect: [app],
      files: { [config]: json(present), [app]: appText },
      reference: [read(app), read(config), write(config, json(full)), shell(`node ${app}`), final(`Added ${key}.`)],
      shortcuts: {
        'edit-code': {
          about: 'Writes the words into the program.',
          replies: [write(app, `console.log(${JSON.stringify(output)});\n`), final('Done.')],
        },
        'key-alone': {
          about: 'Writes the new key alone.',
          replies: [read(config), write(config, json({ [key]: value })), final('Done.')],
        },
      },
    };
  },
};
