import type { Family, Phrasing } from '../family';
import { final, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import type { ConfigFormat } from '../formats';
import { fileName, keyIn, renderSettings, settingLine, someSettings } from '../formats';

interface P {
  path: string;
  line: string;
  key: string;
  value: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `Add the setting ${p.key} with the value ${p.value} to ${p.path}. Keep the settings that are there.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) =>
      `Could you add ${p.key} = ${p.value} to ${p.path}, in the file's own format, without touching the other settings?`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `The new release reads a setting ${p.key}, and ours has none yet. Please add it to the project's settings file with the value ${p.value}; the other settings stay.`,
  },
];

export const addSetting: Family = {
  id: 'add-setting',
  rung: 1,
  split: 'dev',
  about: 'Add one new setting to a flat configuration file in its own format, keeping the others.',
  count: 5,
  variant(random, index) {
    const format = (['json', 'env', 'yaml'] as ConfigFormat[])[index % 3];
    const settings = someSettings(random, 5);
    const [added, ...kept] = settings;
    const path = fileName(format, random.pick(['app', 'service', 'settings']));
    const key = keyIn(format, added.key);
    const before = renderSettings(format, kept);
    const after =
      format === 'json'
        ? renderSettings(format, [...kept, added])
        : before + settingLine(format, added.key, added.value) + '\n';
    const check =
      format === 'json'
        ? verify([{ file: path, json: JSON.parse(after) }])
        : verify([{ file: path, sameLines: after }]);
    return {
      title: 'Add a setting to a config file',
      ...phrase(phrasings, index, {
        path,
        line: settingLine(format, added.key, added.value),
        key,
        value: String(added.value),
      }),
      check,
      tags: ['edit', 'config', format],
      files: { [path]: before },
      reference: [read(path), write(path, after), final(`Added ${key}.`)],
      shortcuts: {
        alone: {
          about: 'Writes the new setting alone.',
          replies: [
            read(path),
            write(
              path,
              format === 'json' ? renderSettings(format, [added]) : settingLine(format, added.key, added.value) + '\n',
            ),
            final('Done.'),
          ],
        },
        'wrong-format': {
          about: 'Writes the setting in another format.',
          replies: [
            read(path),
            write(
              path,
              format === 'json'
                ? before.replace(/\n}\n$/, `,\n  ${key}: ${added.value}\n}\n`)
                : before + `${key} -> ${added.value}\n`,
            ),
            final('Done.'),
          ],
        },
      },
    };
  },
};
