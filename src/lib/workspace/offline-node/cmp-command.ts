/**
 * `cmp` for the offline shell (just-bash has `diff` but not `cmp`), as POSIX has it: exit 0 when
 * the files are the same, 1 when they differ (with the first difference, unless `-s`), 2 on trouble.
 */
import { defineCommand } from 'just-bash';
import type { Command } from 'just-bash';

export function cmpCommand(): Command {
  return defineCommand('cmp', async (args, context) => {
    const silent = args.includes('-s') || args.includes('--silent') || args.includes('--quiet');
    const names = args.filter((arg) => !arg.startsWith('-') || arg === '-');
    if (names.length !== 2) return { stdout: '', stderr: 'cmp: usage: cmp [-s] FILE1 FILE2\n', exitCode: 2 };
    const texts: string[] = [];
    for (const name of names) {
      const path = name.startsWith('/') ? name : `${context.cwd}/${name}`;
      try {
        texts.push(await context.fs.readFile(path));
      } catch {
        return { stdout: '', stderr: `cmp: ${name}: No such file or directory\n`, exitCode: 2 };
      }
    }
    const [a, b] = texts as [string, string];
    if (a === b) return { stdout: '', stderr: '', exitCode: 0 };
    if (silent) return { stdout: '', stderr: '', exitCode: 1 };
    let at = 0;
    while (at < a.length && at < b.length && a[at] === b[at]) at++;
    if (at === a.length || at === b.length)
      return { stdout: '', stderr: `cmp: EOF on ${at === a.length ? names[0] : names[1]}\n`, exitCode: 1 };
    const line = a.slice(0, at).split('\n').length;
    return { stdout: `${names[0]} ${names[1]} differ: byte ${at + 1}, line ${line}\n`, stderr: '', exitCode: 1 };
  });
}
