import type { Family, Phrasing } from '../family';
import { final, phrase, read, shell, write } from '../family';
import { checkCommand, prints, verify } from '../check-spec';
import { cities, colors } from '../words';

interface P {
  config: string;
  app: string;
  output: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `\`node ${p.app}\` fails because ${p.config} is not valid JSON. Fix the JSON (keep every setting and its value) so that it prints "${p.output}".`,
  },
  {
    style: 'question',
    names: false,
    text: (p) =>
      `Why does \`node ${p.app}\` crash on start? Fix the cause without changing ${p.app}; it should print "${p.output}".`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Someone edited our settings by hand and now \`node ${p.app}\` won't start. Please repair the settings file — same settings, same values — so it prints "${p.output}" again.`,
  },
];

export const fixJsonSyntax: Family = {
  id: 'fix-json-syntax',
  rung: 2,
  split: 'dev',
  about: 'Repair a JSON file with a syntax error so that the program reading it runs, keeping every setting.',
  count: 5,
  variant(random, index) {
    const settings = {
      name: `${random.pick(colors)}-site`,
      city: random.pick(cities),
      port: random.int(3000, 8999),
      open: true,
    };
    const config = random.pick(['config.json', 'settings.json', 'config/site.json']);
    const app = random.pick(['app.js', 'server.js']);
    const good = JSON.stringify(settings, null, 2) + '\n';
    const breakage = random.pick(['trailing-comma', 'single-quotes', 'missing-comma'] as const);
    const broken =
      breakage === 'trailing-comma'
        ? good.replace('"open": true', '"open": true,')
        : breakage === 'single-quotes'
          ? good.replace(`"city": "${settings.city}"`, `'city': '${settings.city}'`)
          : good.replace(`"port": ${settings.port},`, `"port": ${settings.port}`);
    const appText = `const fs = require('fs');\nconst settings = JSON.parse(fs.readFileSync(${JSON.stringify(config)}, 'utf8'));\nconsole.log(\`\${settings.name} in \${settings.city} on \${settings.port}\`);\n`;
    const output = `${settings.name} in ${settings.city} on ${settings.port}`;
    return {
      title: 'Repair a broken JSON file',
      ...phrase(phrasings, index, { config, app, output }),
      check: checkCommand(prints(`node ${app}`, output), verify([{ file: config, json: settings }])),
      tags: ['fix', 'json'],
      protect: [app],
      files: { [config]: broken, [app]: appText, 'package.json': '{ "name": "site", "version": "1.0.0" }\n' },
      reference: [
        shell(`node ${app}`),
        read(config),
        write(config, good),
        shell(`node ${app}`),
        final(`Repaired ${config}.`),
      ],
      shortcuts: {
        'dropped-keys': {
          about: 'Writes only the settings the program prints.',
          replies: [
            read(config),
            write(config, JSON.stringify({ name: settings.name, city: settings.city, port: settings.port }) + '\n'),
            final('Done.'),
          ],
        },
        'hard-coded': {
          about: 'Makes the program print the answer.',
          replies: [write(app, `console.log(${JSON.stringify(output)});\n`), final('Done.')],
        },
      },
    };
  },
};
