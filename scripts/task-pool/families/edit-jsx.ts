import type { Family, Phrasing } from '../family';
import { final, patch, phrase, read, write } from '../family';
import { verify } from '../check-spec';

interface P {
  path: string;
  element: string;
  before: string;
  after: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `In ${p.path}, change the ${p.element} so that it reads ${p.after}. Keep the element's className and everything else.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) =>
      `Can you make the ${p.element} in ${p.path} show ${p.after} instead of ${p.before}? Nothing else should change.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `Users asked to see their details in the ${p.element}: it should be ${p.after} where it now says ${p.before}. Please update the component and leave the rest of it as it is.`,
  },
];

const edits = [
  {
    component: 'Header',
    tag: 'h1',
    className: 'title',
    element: 'heading',
    before: 'Hello',
    after: 'Hello, {user.name}',
    prop: 'user',
  },
  {
    component: 'Badge',
    tag: 'span',
    className: 'badge',
    element: 'badge',
    before: 'Member',
    after: 'Member since {user.since}',
    prop: 'user',
  },
  {
    component: 'Footer',
    tag: 'p',
    className: 'footer-note',
    element: 'footer note',
    before: 'Made by us',
    after: 'Made by {team.name}',
    prop: 'team',
  },
  {
    component: 'Cart',
    tag: 'strong',
    className: 'count',
    element: 'count',
    before: 'Items',
    after: 'Items: {cart.size}',
    prop: 'cart',
  },
];

export const editJsx: Family = {
  id: 'edit-jsx',
  rung: 2,
  split: 'tuning',
  about:
    "Change the text of one JSX element to include a prop's field, keeping its attributes and the rest of the component.",
  count: 6,
  variant(random, index) {
    const edit = random.pick(edits);
    const path = `${random.pick(['src/', 'src/components/', 'app/'])}${edit.component}.jsx`;
    const line = (text: string) => `      <${edit.tag} className="${edit.className}">${text}</${edit.tag}>`;
    const text = (inner: string) =>
      `export function ${edit.component}({ ${edit.prop} }) {\n  return (\n    <div className="${edit.component.toLowerCase()}">\n${line(inner)}\n    </div>\n  );\n}\n`;
    return {
      title: 'Edit a JSX component',
      ...phrase(phrasings, index, { path, element: edit.element, before: edit.before, after: edit.after }),
      check: verify([{ file: path, text: text(edit.after) }]),
      tags: ['edit', 'jsx', 'xml-form'],
      files: { [path]: text(edit.before), 'package.json': '{ "name": "web", "version": "1.0.0" }\n' },
      reference: [
        read(path),
        patch(path, line(edit.before), line(edit.after)),
        final(`The ${edit.element} now shows ${edit.after}.`),
      ],
      shortcuts: {
        'no-class': {
          about: 'Drops the className.',
          replies: [
            read(path),
            patch(path, line(edit.before), `      <${edit.tag}>${edit.after}</${edit.tag}>`),
            final('Done.'),
          ],
        },
        'literal-text': {
          about: 'Writes the field as text, without braces.',
          replies: [read(path), patch(path, line(edit.before), line(edit.after.replace(/[{}]/g, ''))), final('Done.')],
        },
        'whole-file': {
          about: 'Writes the element alone.',
          replies: [read(path), write(path, line(edit.after).trim() + '\n'), final('Done.')],
        },
      },
    };
  },
};
