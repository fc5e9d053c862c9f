import { mkdtempSync, promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceContract } from './contracts/workspace-contract-suite';
import { MemoryWorkspace } from '../../src/lib/workspace/memory-workspace';
import { NodeDirectoryWorkspace } from '../../src/lib/workspace/node-directory-workspace';

workspaceContract('memory (just-bash)', {
  async create(files) {
    return new MemoryWorkspace({ files });
  },
  async symlink(workspace, target, link) {
    const absoluteTarget = target.startsWith('/') ? target : target;
    await (workspace as MemoryWorkspace).fs.symlink(absoluteTarget, `/workspace/${link}`);
  },
  // just-bash honours aborts between commands; a tight loop is bounded by its limits instead.
  forever: 'sleep 30',
  flood: 'seq 1 400000',
});

workspaceContract('node directory', {
  async create(files) {
    const root = mkdtempSync(path.join(tmpdir(), 'harness-ws-'));
    for (const [file, content] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await fs.writeFile(path.join(root, file), content);
    }
    return new NodeDirectoryWorkspace(root);
  },
  async symlink(workspace, target, link) {
    await fs.symlink(target, path.join((workspace as NodeDirectoryWorkspace).root, link));
  },
  forever: 'sleep 30 & sleep 30; wait',
  flood: 'yes "a line of flooding output" | head -c 5000000',
});

describe('memory workspace', () => {
  it('W2 a tight loop cannot run away: it ends at the shell limits with a clear error', async () => {
    const result = await new MemoryWorkspace().exec('while true; do :; done', { timeoutMs: 20000 });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/too many commands|deadline/);
  });
});

describe('node directory workspace', () => {
  it('W2 a timed-out command is killed with everything it started (process group)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'harness-pg-'));
    const workspace = new NodeDirectoryWorkspace(root);
    // The grandchild would write the marker after 2 s if it survived the kill.
    const result = await workspace.exec('(sleep 2; echo alive > marker.txt) & sleep 30', { timeoutMs: 300 });
    expect(result.timedOut).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await workspace.stat('marker.txt')).toBeNull();
  });
});
