/**
 * W3 against an attacker on the directory backend: links in chains, dangling links, links
 * inside linked folders, links swapped in while a call runs, hard links made from outside.
 * Nothing outside the workspace may be read, created or changed, and every refusal names the path.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeDirectoryWorkspace } from '../../../src/lib/workspace/node-directory-workspace';
import { final, harness, tool, toolResults } from '../helpers';

function setup() {
  const base = mkdtempSync(path.join(tmpdir(), 'harness-escape-'));
  const root = path.join(base, 'workspace');
  const outside = path.join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'secret.txt'), 'OUTSIDE SECRET\n');
  writeFileSync(path.join(root, 'inside.txt'), 'inside\n');
  return { root, outside, workspace: new NodeDirectoryWorkspace(root) };
}

const flippers: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const flipper of flippers.splice(0)) flipper.kill('SIGKILL');
});

/** A separate process that keeps swapping `name` between a plain file and a link to `target`. */
function flip(root: string, name: string, target: string) {
  const script =
    `cd "${root}"; while true; do rm -f "${name}"; echo inside > ` +
    `"${name}"; rm -f "${name}"; ln -s "${target}" "${name}"; done`;
  const child = spawn('/bin/sh', ['-c', script], { stdio: 'ignore' });
  flippers.push(child);
}

describe('W3 no escape from the directory workspace', () => {
  it('W3 a write through a dangling link chain is refused and creates nothing outside', async () => {
    const { root, outside, workspace } = setup();
    symlinkSync('chain2', path.join(root, 'chain1'));
    symlinkSync(path.join(outside, 'new.txt'), path.join(root, 'chain2'));
    await expect(workspace.writeFile('chain1', 'x')).rejects.toMatchObject({
      code: 'outside_root',
      message: expect.stringContaining('chain1'),
    });
    await expect(workspace.readFile('chain1')).rejects.toMatchObject({ code: 'outside_root' });
    expect(existsSync(path.join(outside, 'new.txt'))).toBe(false);
  });

  it('W3 a link inside a linked folder cannot lead out', async () => {
    const { root, outside, workspace } = setup();
    mkdirSync(path.join(root, 'real'));
    symlinkSync('real', path.join(root, 'alias'));
    symlinkSync(outside, path.join(root, 'real', 'escape'));
    await expect(workspace.writeFile('alias/escape/new.txt', 'x')).rejects.toMatchObject({ code: 'outside_root' });
    await expect(workspace.readFile('alias/escape/secret.txt')).rejects.toMatchObject({ code: 'outside_root' });
    await expect(workspace.readdir('alias/escape')).rejects.toMatchObject({ code: 'outside_root' });
    await expect(workspace.mkdir('alias/escape/sub')).rejects.toMatchObject({ code: 'outside_root' });
    // A relative dangling link read through a linked folder: lexically inside, really outside.
    mkdirSync(path.join(root, 'x', 'y'), { recursive: true });
    symlinkSync(path.join(root, 'real'), path.join(root, 'x', 'y', 'deep'));
    symlinkSync('../../outside/new.txt', path.join(root, 'real', 'dangling'));
    await expect(workspace.writeFile('x/y/deep/dangling', 'x')).rejects.toMatchObject({ code: 'outside_root' });
    expect(existsSync(path.join(outside, 'new.txt'))).toBe(false);
    expect(existsSync(path.join(outside, 'sub'))).toBe(false);
    // Links that stay inside still work.
    await workspace.writeFile('alias/ok.txt', 'fine');
    expect(readFileSync(path.join(root, 'real', 'ok.txt'), 'utf8')).toBe('fine');
  });

  it('W3 a link swapped in while files are read never leaks the outside file', async () => {
    const { root, outside, workspace } = setup();
    flip(root, 'victim', path.join(outside, 'secret.txt'));
    let leaked = 0;
    let read = 0;
    for (let attempt = 0; attempt < 300; attempt++) {
      const text = await workspace.readFile('victim').catch(() => '');
      if (text.includes('OUTSIDE')) leaked++;
      if (text === 'inside\n') read++;
    }
    expect(leaked).toBe(0);
    expect(read).toBeGreaterThan(0);
  });

  it('W3 a link swapped in while files are written never changes or creates anything outside', async () => {
    const { root, outside, workspace } = setup();
    flip(root, 'victim', path.join(outside, 'secret.txt'));
    for (let attempt = 0; attempt < 300; attempt++)
      await workspace.writeFile('victim', `attempt ${attempt}\n`).catch(() => undefined);
    flip(root, 'fresh', path.join(outside, 'created.txt'));
    for (let attempt = 0; attempt < 300; attempt++) await workspace.writeFile('fresh', 'x').catch(() => undefined);
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('OUTSIDE SECRET\n');
    expect(existsSync(path.join(outside, 'created.txt'))).toBe(false);
  });

  it('W3 a folder swapped for a link to outside while files are created, listed and looked at: nothing leaks, nothing lands outside', async () => {
    const { root, outside, workspace } = setup();
    const script =
      `cd "${root}"; while true; do rm -rf sub; mkdir sub; echo inside > sub/inside.txt; ` +
      `rm -rf sub; ln -s "${outside}" sub; done`;
    flippers.push(spawn('/bin/sh', ['-c', script], { stdio: 'ignore' }));
    let listedOutside = 0;
    let statOutside = 0;
    let listedInside = 0;
    for (let attempt = 0; attempt < 300; attempt++) {
      await workspace.writeFile(`sub/new${attempt}.txt`, 'x').catch(() => undefined);
      const names = await workspace
        .readdir('sub')
        .then((entries) => entries.map((entry) => entry.name))
        .catch(() => [] as string[]);
      if (names.includes('secret.txt')) listedOutside++;
      if (names.includes('inside.txt')) listedInside++;
      if (await workspace.stat('sub/secret.txt').catch(() => null)) statOutside++;
    }
    flippers.splice(0).forEach((flipper) => flipper.kill('SIGKILL'));
    expect(readdirSync(outside).filter((name) => name !== 'secret.txt')).toEqual([]);
    expect(listedOutside).toBe(0);
    expect(statOutside).toBe(0);
    expect(listedInside).toBeGreaterThan(0);
  });

  it('W3 a file hard-linked from outside is not written or patched, and says why', async () => {
    const { root, outside, workspace } = setup();
    linkSync(path.join(outside, 'secret.txt'), path.join(root, 'hard.txt'));
    await expect(workspace.writeFile('hard.txt', 'changed')).rejects.toMatchObject({
      message: expect.stringContaining('hard links'),
    });
    const h = harness([tool('patch_file', { path: 'hard.txt', old_text: 'OUTSIDE', new_text: 'PWNED' }), final('ok')], {
      workspace,
    });
    await h.agent.run('patch');
    expect(toolResults(h)[0]).toContain('hard links');
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('OUTSIDE SECRET\n');
  });

  it('W3 the agent cannot write outside through any of these, whatever the model says', async () => {
    const { root, outside, workspace } = setup();
    symlinkSync(path.join(outside, 'planted.txt'), path.join(root, 'dangling'));
    symlinkSync(outside, path.join(root, 'out'));
    const attempts = [
      'dangling',
      'out/planted.txt',
      '../outside/planted.txt',
      `${outside}/planted.txt`,
      'out/../../outside/planted.txt',
    ];
    const h = harness(
      [...attempts.map((target) => tool('write_file', { path: target, content: 'pwned' })), final('done')],
      { workspace },
    );
    const result = await h.agent.run('escape');
    expect(result.outcome.kind).toBe('final');
    expect(toolResults(h).every((text) => text.startsWith('error'))).toBe(true);
    expect(existsSync(path.join(outside, 'planted.txt'))).toBe(false);
  });
});
