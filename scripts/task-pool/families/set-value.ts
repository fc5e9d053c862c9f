import type { Family, Phrasing } from '../family';
import { final, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import type { ConfigFormat } from '../formats';
import { fileName, keyIn, pairsOf, renderSettings, settingLine, someSettings } from '../formats';

interface P {
  path: string;
  key: string;
  value: string;
  means: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `In ${p.path}, change ${p.key} to ${p.value}. Leave the other settings as they are.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `Can you set ${p.key} in ${p.path} to ${p.value}, without changing anything else in it?`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `We are moving to new servers and ${p.means} has to be ${p.value} from now on. Please update it in the project's config file and leave the other settings alone.`,
  },
];

const formats: ConfigFormat[] = ['yaml', 'toml', 'ini', 'env'];

export const setValue: Family = {
  id: 'set-value',
  rung: 1,
  split: 'test',
  about: 'Change one value in a YAML, TOML, INI or .env file, keeping every other setting.',
  count: 8,
  variant(random, index) {
    const format = formats[index % formats.length];
    const settings = someSettings(random, 4);
    const target = random.pick(settings);
    const fresh = someSettings(random, 8).find(
      (setting) => setting.key === target.key && setting.value !== target.value,
    );
    const value = fresh?.value ?? (typeof target.value === 'number' ? target.value + 11 : `${target.value}-2`);
    const changed = settings.map((setting) => (setting === target ? { ...setting, value } : setting));
    const heading = random.pick(['server', 'app', 'service']);
    const path = fileName(format, random.pick(['config', 'settings', 'deploy']));
    const before = renderSettings(format, settings, heading);
    const after = renderSettings(format, changed, heading);
    const shown = String(value);
    return {
      title: 'Change a value in a config file',
      ...phrase(phrasings, index, { path, key: keyIn(format, target.key), value: shown, means: target.means }),
      check: verify([{ file: path, pairs: pairsOf(format, changed, heading) }]),
      tags: ['edit', 'config', format],
      files: { [path]: before },
      reference: [read(path), write(path, after), final(`${target.key} is now ${shown}.`)],
      shortcuts: {
        'added-twice': {
          about: 'Adds a second line for the key and keeps the old one.',
          replies: [read(path), write(path, before + settingLine(format, target.key, value) + '\n'), final('Done.')],
        },
        'line-alone': {
          about: 'Writes the changed setting alone.',
          replies: [read(path), write(path, settingLine(format, target.key, value) + '\n'), final('Done.')],
        },
      },
    };
  },
};
