import type { Family, Phrasing } from '../family';
import { final, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import { colors, regions } from '../words';

interface P {
  path: string;
  key: string;
  shown: string;
  kind: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `In ${p.path}, set "${p.key}" to ${p.shown} (${p.kind}). Leave the other keys as they are.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) =>
      `Could you change "${p.key}" in ${p.path} to ${p.shown}? It should be ${p.kind}; nothing else in the file changes.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Our settings file still has the old "${p.key}". It needs to be ${p.shown} now (${p.kind}) — please update it and leave the rest alone.`,
  },
];

type Value = boolean | number | string;

export const setKey: Family = {
  id: 'set-key',
  rung: 1,
  split: 'tuning',
  about: 'Change the value of one key in a JSON file, keeping its type and every other key.',
  count: 6,
  variant(random, index) {
    const candidates: [string, Value, Value, string][] = [
      ['debug', false, true, 'the JSON boolean'],
      ['verbose', true, false, 'the JSON boolean'],
      ['retries', random.int(1, 4), random.int(5, 9), 'a number'],
      ['maxItems', random.int(10, 40), random.int(50, 99), 'a number'],
      ['theme', 'light', random.pick(colors), 'a string'],
      ['region', 'local', random.pick(regions), 'a string'],
    ];
    const [key, from, to, kind] = random.pick(candidates);
    const others = random.sample(
      candidates.filter(([name]) => name !== key),
      2,
    );
    const nested = random.int(0, 2) === 0;
    const base = Object.fromEntries(others.map(([name, value]) => [name, value]));
    const before = nested ? { name: 'app', settings: { ...base, [key]: from } } : { ...base, [key]: from };
    const after = nested ? { name: 'app', settings: { ...base, [key]: to } } : { ...base, [key]: to };
    const path = random.pick(['settings.json', 'config/app.json', 'prefs.json']);
    const shown = typeof to === 'string' ? `"${to}"` : String(to);
    const text = (value: unknown) => JSON.stringify(value, null, 2) + '\n';
    const flat = nested ? (after as { settings: Record<string, Value> }).settings : after;
    return {
      title: 'Set a key in a JSON file',
      ...phrase(phrasings, index, { path, key, shown, kind }),
      check: verify([{ file: path, json: after }]),
      tags: ['edit', 'json'],
      files: { [path]: text(before) },
      reference: [read(path), write(path, text(after)), final(`${key} is now ${shown}.`)],
      shortcuts: {
        'drops-keys': {
          about: 'Keeps only the key it was asked about.',
          replies: [read(path), write(path, text({ [key]: to })), final('Done.')],
        },
        'as-text': {
          about: 'Writes the value as a string of another type.',
          replies: [
            read(path),
            write(
              path,
              text(
                nested
                  ? { ...after, settings: { ...flat, [key]: typeof to === 'string' ? 0 : String(to) } }
                  : { ...flat, [key]: typeof to === 'string' ? 0 : String(to) },
              ),
            ),
            final('Done.'),
          ],
        },
        ...(nested
          ? {
              'top-level': {
                about: 'Adds the key beside the block it belongs in.',
                replies: [read(path), write(path, text({ ...before, [key]: to })), final('Done.')],
              },
            }
          : {}),
      },
    };
  },
};
