import type { Family, Phrasing } from '../family';
import { final, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import type { ConfigFormat } from '../formats';
import { configFormats, fileName, keyIn, renderSettings, settingLine, someSettings } from '../formats';

interface P {
  path: string;
  key: string;
  means: string;
  answer: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `${p.path} sets ${p.key}. Write its value, and nothing else, into ${p.answer}.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `What is ${p.means}, according to ${p.path}? Put just the value in ${p.answer}.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Ops need to know ${p.means} for this service. Look it up in the project's settings and save only the value to ${p.answer}.`,
  },
];

export const copyValue: Family = {
  id: 'copy-value',
  rung: 1,
  split: 'tuning',
  about: 'Read one setting from a configuration file and write its value alone into an answer file.',
  count: 6,
  variant(random, index) {
    const format: ConfigFormat = configFormats[index % configFormats.length];
    const settings = someSettings(random, 4);
    const [wanted, other] = random.sample(settings, 2);
    const path =
      random.pick(['config/', '', 'settings/']) + fileName(format, random.pick(['server', 'app', 'service']));
    const answer = random.pick(['ANSWER.txt', 'answer.txt', 'value.txt']);
    const value = String(wanted.value);
    return {
      title: 'Copy a setting into an answer file',
      ...phrase(phrasings, index, { path, key: keyIn(format, wanted.key), means: wanted.means, answer }),
      check: verify([{ file: answer, answer: [value] }]),
      tags: ['read', 'answer', format],
      files: { [path]: renderSettings(format, settings), 'README.md': '# Service\n\nSettings live in one file.\n' },
      reference: [read(path), write(answer, value + '\n'), final(`${wanted.key} is ${value}.`)],
      shortcuts: {
        'whole-line': {
          about: "Writes the setting's whole line.",
          replies: [
            read(path),
            write(answer, settingLine(format === 'json' ? 'yaml' : format, wanted.key, wanted.value) + '\n'),
            final('Done.'),
          ],
        },
        'other-setting': {
          about: "Writes another setting's value.",
          replies: [read(path), write(answer, `${other.value}\n`), final('Done.')],
        },
      },
    };
  },
};
