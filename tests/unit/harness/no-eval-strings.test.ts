/**
 * O5: no rule names an eval task. A harness source file (code or comment) that holds a string
 * found only in the eval tasks — a task's id, a file its workspace has, a name its code defines, a
 * phrase its request quotes — was written for that task. Strings the rest of the world uses too
 * (SPEC.md and DESIGN.md, common file names) are not counted.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEvals } from '../../../src/cli/load-evals';

function files(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** Names common to projects in general: a task that has them is not the only place they are. */
const common = new Set(
  [
    'package.json',
    'README.md',
    'AGENTS.md',
    'CHANGELOG.md',
    'index.js',
    'main.js',
    'index.html',
    'test',
    'tests',
    'src',
    'lib',
    'app',
    'docs',
    'config',
    'data',
    'notes',
    'build',
    'dist',
    'scripts',
    'tools',
    'check',
    'skills',
    'ANSWER.txt',
    'ANSWER.md',
    'TODO.md',
    'VERSION',
    'LICENSE',
    // Commands and paths the harness's own tools and checks use (the tools' example file).
    'node --test',
    'npm test',
    'src/app.js',
    'app.js',
  ].map((name) => name.toLowerCase()),
);

/**
 * Strings of SPEC.md and DESIGN.md (the shared docs beside the checkout, not in it) that the eval
 * tasks hold too: a SPEC name, a file name SPEC defines, a phrase of its prose. Carried here so the
 * check means the same in a clone with no ../shared; where the docs are, a test says each is in them.
 */
const sharedWords = ['done-check', 'SKILL.md', ', so that'];

/** The strings the eval tasks hold that could only have come from them. */
function evalStrings(shared: string): Set<string> {
  const strings = new Set<string>();
  const add = (value: string) => {
    const text = value.trim();
    if (text.length < 5 || common.has(text.toLowerCase()) || shared.includes(text) || sharedWords.includes(text))
      return;
    strings.add(text);
  };
  for (const task of loadEvals('evals')) {
    add(task.id);
    for (const [file, text] of Object.entries(task.files)) {
      add(file);
      if (file.includes('/')) add(path.basename(file));
      // Names the task's code declares (functions, constants), when they are names and not plain
      // words: camelCase, or with a digit or an underscore.
      for (const [, name] of text.matchAll(/\b(?:function|const|let|class)\s+([A-Za-z_$][\w$]{4,})/g))
        if (/[a-z][A-Z]|[\d_]/.test(name!)) add(name!);
    }
    // Phrases the request quotes ("- water the plants", `node make-code.js`); one quoted word is a word.
    for (const [, phrase] of task.task.matchAll(/["“`]([^"”`\n]{6,80})["”`]/g))
      if (/[^A-Za-z]/.test(phrase!)) add(phrase!);
  }
  return strings;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The eval strings a source holds, each as a whole word or path. */
function found(source: string, strings: ReadonlySet<string>): string[] {
  return [...strings].filter((text) => new RegExp(`(?<![\\w.-])${escape(text)}(?![\\w-])`).test(source));
}

const sharedDocs = () =>
  ['../shared/SPEC.md', '../shared/DESIGN.md']
    .filter(existsSync)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

describe('O5 the harness names no eval task', () => {
  it.skipIf(!existsSync('../shared/SPEC.md'))("O5 the words excused as the shared docs' are in them", () => {
    const shared = sharedDocs();
    expect(sharedWords.filter((word) => !shared.includes(word))).toEqual([]);
  });

  it('O5 no harness source file holds a string found only in the eval tasks', () => {
    const strings = evalStrings(sharedDocs());
    expect(strings.size).toBeGreaterThan(200);
    const offenders = files('src/lib/harness').flatMap((file) =>
      found(readFileSync(file, 'utf8'), strings).map((text) => `${file}: ${text}`),
    );
    expect(offenders).toEqual([]);
    // The check can fail: a comment telling a task's story, a rule keyed to a task's words.
    const story = '// fixes add-missing-export: the model wrote "- water the plants" at the top';
    expect(found(story, strings)).toEqual(expect.arrayContaining(['add-missing-export', '- water the plants']));
    expect(found("if (task.includes('applyDiscount')) return;", strings)).toEqual(['applyDiscount']);
    expect(found('// a general principle about files and tests', strings)).toEqual([]);
  });
});
