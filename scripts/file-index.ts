/**
 * Every folder under src/lib has a README that names each of its source files (AGENTS.md: "a
 * README per folder, kept true"). A README may hold a generated index between
 * `<!-- file-index -->` and `<!-- /file-index -->`: one row per file with the first sentence of
 * the file's own header comment, so the index cannot drift from the code. `npx tsx
 * scripts/file-index.ts` writes the blocks; a unit test checks that every block matches and that
 * every file is named.
 */
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export const root = 'src/lib';
const source = /\.(?:ts|svelte)$/;
const block = /<!-- file-index -->\n[\s\S]*?<!-- \/file-index -->/;
/** A header sentence longer than this is cut at a word. */
const sentenceChars = 240;

/** Every folder under src/lib that holds source files, itself included when it does. */
export function sourceFolders(folder = root): string[] {
  const entries = readdirSync(folder, { withFileTypes: true });
  const here = entries.some((entry) => entry.isFile() && source.test(entry.name) && !entry.name.endsWith('.d.ts'));
  const below = entries
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => sourceFolders(path.join(folder, entry.name)));
  return here ? [folder, ...below] : below;
}

export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && source.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The file's header comment, as one line of text ('' when none): a module's comment above its
 * first line of code; a component's first comment in its script, past the imports (where the
 * components keep it).
 */
export function headerComment(text: string, component = false): string {
  const lines = text.split('\n');
  let index = 0;
  const skip = (line: string) =>
    line.trim() === '' ||
    (component && (/^<script\b/.test(line.trim()) || /^\s*(?:import\b|export\b.*\bfrom\s+['"])/.test(line)));
  while (index < lines.length && skip(lines[index]!)) {
    // An import over several lines ends at its `from` line.
    const line = lines[index]!;
    if (/^\s*import\b/.test(line) && !/from\s+['"]|^\s*import\s+['"]/.test(line))
      while (index < lines.length - 1 && !/from\s+['"]/.test(lines[index]!)) index++;
    index++;
  }
  const first = lines[index]?.trim() ?? '';
  const taken: string[] = [];
  if (first.startsWith('/*')) {
    for (; index < lines.length; index++) {
      const line = lines[index]!;
      taken.push(
        line
          .replace(/^\s*\/\*\*?/, '')
          .replace(/\*\/\s*$/, '')
          .replace(/^\s*\* ?/, ''),
      );
      if (line.includes('*/')) break;
    }
  } else if (first.startsWith('//')) {
    for (; index < lines.length && lines[index]!.trim().startsWith('//'); index++)
      taken.push(lines[index]!.trim().replace(/^\/\/\s?/, ''));
  }
  return taken
    .map((line) => line.trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The comment's first sentence (to a full stop before a space or the end), bounded. */
export function firstSentence(comment: string): string {
  const end = /[.!?](?=\s|$)/.exec(comment);
  const sentence = end ? comment.slice(0, end.index + 1) : comment;
  if (sentence.length <= sentenceChars) return sentence;
  const cut = sentence.slice(0, sentenceChars);
  return `${cut.slice(0, cut.lastIndexOf(' '))} …`;
}

/** The generated index of `folder`'s source files. */
export function fileIndex(folder: string): string {
  const rows = sourceFiles(folder).map((name) => {
    const text = readFileSync(path.join(folder, name), 'utf8');
    const sentence = firstSentence(headerComment(text, name.endsWith('.svelte')));
    return `| \`${name}\` | ${sentence.replace(/\|/g, '\\|') || '(no header comment)'} |`;
  });
  return [
    '<!-- file-index -->',
    '| file | what its header comment says first |',
    '|---|---|',
    ...rows,
    '<!-- /file-index -->',
  ].join('\n');
}

/** The README's text with its index block made afresh, or undefined when it has no block. */
export function withIndex(folder: string, readme: string): string | undefined {
  return block.test(readme) ? readme.replace(block, () => fileIndex(folder)) : undefined;
}

export const hasIndex = (readme: string): boolean => block.test(readme);

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const folder of sourceFolders()) {
    const readmePath = path.join(folder, 'README.md');
    if (!existsSync(readmePath)) {
      console.log(`${folder}: no README.md`);
      continue;
    }
    const text = readFileSync(readmePath, 'utf8');
    const next = withIndex(folder, text);
    if (next !== undefined && next !== text) {
      writeFileSync(readmePath, next);
      console.log(`${readmePath}: index written`);
    }
  }
}
