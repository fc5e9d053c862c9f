/**
 * The agent's git, over isomorphic-git (neither shell has a git binary): `git` reads (status,
 * diff, log) and `git_commit` writes (add + commit, so it asks for approval).
 */
import type { Workspace } from '../../harness/ports';
import type { ReadTool, WriteTool } from '../../harness/tools/tool-definition';
import { objectSchema, stringProperty } from '../../harness/tools/tool-definition';
import { unifiedDiff } from '../../harness/tools/unified-diff';
import { collectFiles } from '../workspace-files';
import { GitRepository } from './git-repository';
import type { GitFs } from './git-fs';

export function gitTools(options: {
  fs: GitFs;
  dir: string;
  workspace: Workspace;
}): [ReadTool<{ action: string; path: string }>, WriteTool<{ message: string; paths: string[] }>] {
  const repository = new GitRepository(options.fs, options.dir);
  const read: ReadTool<{ action: string; path: string }> = {
    name: 'git',
    access: 'read',
    risky: false,
    description: 'Read the git repository: action "status", "diff" (changes since the last commit) or "log".',
    parameters: objectSchema(
      {
        action: { type: 'string', enum: ['status', 'diff', 'log'], description: 'What to show.' },
        path: stringProperty('Limit diff to this file or folder.', { default: '.' }),
      },
      ['action'],
    ),
    example: { action: 'status', path: '.' },
    // A read never creates a repository: it says there is none (T4, read-only mode).
    async run(args) {
      const problem = await repository.problem();
      if (problem) return { ok: false, output: `error: ${problem}` };
      if (!(await repository.exists()))
        return { ok: false, output: 'error: this workspace has no git repository (git_commit creates one)' };
      if (args.action === 'status') {
        const lines = await repository.status();
        return {
          ok: true,
          output:
            `On branch ` +
            `${await repository.branch()}\n${lines.join('\n') || 'nothing to commit, working tree clean'}`,
        };
      }
      if (args.action === 'log')
        return { ok: true, output: (await repository.log(20)).join('\n') || '(no commits yet)' };
      const [head, current] = await Promise.all([repository.headFiles(), collectFiles(options.workspace)]);
      const prefix = args.path === '.' ? '' : args.path.replace(/\/$/, '');
      const paths = [...new Set([...head.keys(), ...Object.keys(current)])]
        .filter((path) => !prefix || path === prefix || path.startsWith(`${prefix}/`))
        .sort();
      const diffs = paths.map((path) => unifiedDiff(path, head.get(path) ?? '', current[path] ?? '')).filter(Boolean);
      return { ok: true, output: diffs.join('\n') || '(no changes since the last commit)' };
    },
  };
  const commit: WriteTool<{ message: string; paths: string[] }> = {
    name: 'git_commit',
    access: 'write',
    risky: true,
    description: 'Stage files (default all changes) and commit them with a message.',
    parameters: objectSchema(
      {
        message: stringProperty('The commit message.', { minLength: 1 }),
        paths: { type: 'array', items: { type: 'string' }, description: 'Files or folders to commit.', default: ['.'] },
      },
      ['message'],
    ),
    example: { message: 'Fix the off-by-one in sum()', paths: ['.'] },
    async run(args) {
      const problem = await repository.problem();
      if (problem) return { ok: false, output: `error: ${problem}` };
      await repository.ensure();
      const added = await repository.add(args.paths.length ? args.paths : ['.']);
      if (added.length === 0) return { ok: false, output: 'error: nothing to commit: no changes in those paths' };
      const oid = await repository.commit(args.message.trim());
      return {
        ok: true,
        output:
          `committed ${oid.slice(0, 7)} on ${await repository.branch()}: ` +
          `${args.message.trim().split('\n')[0]} (${added.length} ` +
          `file${added.length === 1 ? '' : 's'})`,
      };
    },
  };
  return [read, commit];
}
