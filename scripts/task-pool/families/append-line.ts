import type { Family, Phrasing } from '../family';
import { final, lines, phrase, read, write } from '../family';
import { verify } from '../check-spec';
import { chores, fruits, people } from '../words';

interface P {
  path: string;
  line: string;
  what: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) => `Add the line "${p.line}" at the end of ${p.path}. Keep the lines that are already there.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) => `Can you append "${p.line}" to ${p.path}, after everything that is in it now?`,
  },
  {
    style: 'story',
    names: false,
    text: (p) => `We forgot something on our ${p.what}: "${p.line}" still needs to go on it, as its last line.`,
  },
];

/** A list in one of three shapes: Markdown bullets under a heading, plain lines, or numbered lines. */
function list(random: Parameters<Family['variant']>[0]) {
  const shape = random.pick(['bullets', 'plain', 'numbered'] as const);
  if (shape === 'bullets') {
    const items = random.sample(chores, 4);
    return {
      path: random.pick(['TODO.md', 'todo.md', 'notes/todo.md']),
      what: 'to-do list',
      head: ['# To do', ''],
      rows: items.slice(0, 3).map((item) => `- ${item}`),
      line: `- ${items[3]}`,
    };
  }
  if (shape === 'plain') {
    const items = random.sample(fruits, 5);
    return {
      path: random.pick(['shopping.txt', 'lists/groceries.txt']),
      what: 'shopping list',
      head: [],
      rows: items.slice(0, 4),
      line: items[4],
    };
  }
  const names = random.sample(people, 4);
  return {
    path: random.pick(['speakers.md', 'team/rota.txt']),
    what: 'list of speakers',
    head: [],
    rows: names.slice(0, 3).map((name, index) => `${index + 1}. ${name}`),
    line: `4. ${names[3]}`,
  };
}

export const appendLine: Family = {
  id: 'append-line',
  rung: 1,
  split: 'tuning',
  about: 'Add one given line at the end of a list file, keeping every line already in it.',
  count: 6,
  variant(random, index) {
    const { path, what, head, rows, line } = list(random);
    const before = lines(...head, ...rows);
    const after = lines(...head, ...rows, line);
    return {
      title: 'Append a line to a list',
      ...phrase(phrasings, index, { path, line, what }),
      check: verify([{ file: path, text: after }]),
      tags: ['write', 'edit'],
      files: { [path]: before, 'README.md': '# Household\n\nLists we keep.\n' },
      reference: [read(path), write(path, after), final(`Added "${line}" at the end of ${path}.`)],
      shortcuts: {
        overwrite: {
          about: 'Writes the new line alone.',
          replies: [read(path), write(path, line + '\n'), final('Done.')],
        },
        prepend: {
          about: 'Puts the line first.',
          replies: [read(path), write(path, lines(...head, line, ...rows)), final('Done.')],
        },
        placeholder: {
          about: 'Keeps a placeholder where the old lines were.',
          replies: [read(path), write(path, lines(...head, '<the other lines>', line)), final('Done.')],
        },
      },
    };
  },
};
