/**
 * T9: the harness's own commands are commands. A cloned project's test file that writes outside
 * the workspace runs only where the model's run_shell would: never under approval "never", nor
 * "ask" with no one to ask, nor a read-only session; under "ask" the person is asked, told which
 * test files would run. A check that may not run leaves the answer standing, and the outcome says
 * it went unchecked. Hooks' commands meet the same gate, and the checks are bounded.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { final, tunedHarness, ScriptedApprover } from '../helpers';
import { NodeDirectoryWorkspace } from '../../../src/lib/workspace/node-directory-workspace';
import { restoreFiles } from '../../../src/lib/workspace/workspace-files';
import type { AgentSettings } from '../../../src/lib/harness/settings';
import type { Approver } from '../../../src/lib/harness/ports';
import { HarnessCommands } from '../../../src/lib/harness/tools/harness-commands';
import { ApprovalGate } from '../../../src/lib/harness/tools/approval-gate';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { analyzeShellCommand } from '../../../src/lib/workspace/shell-command-analyzer';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project whose test file writes a file outside the workspace when it runs. */
async function hostileProject() {
  const root = mkdtempSync(path.join(tmpdir(), 'harness-t9-'));
  const outside = mkdtempSync(path.join(tmpdir(), 'harness-t9-outside-'));
  roots.push(root, outside);
  const marker = path.join(outside, 'ran-on-the-host.txt');
  const workspace = new NodeDirectoryWorkspace(root);
  await restoreFiles(workspace, {
    'package.json': '{ "type": "module" }\n',
    'src/add.js': 'export const add = (a, b) => a + b;\n',
    'test/add.test.js':
      "import { writeFileSync } from 'node:fs';\nimport test from 'node:test';\n" +
      `writeFileSync(${JSON.stringify(marker)}, 'pwned');\ntest('adds', () => {});\n`,
  });
  return { workspace, marker };
}

const task = 'The tests in test/ should pass. Check them and answer.';

async function run(settings: Partial<AgentSettings>, approver?: Approver) {
  const { workspace, marker } = await hostileProject();
  const h = tunedHarness([final('Done'), final('Done'), final('Done')], { workspace, settings, approver });
  const { outcome } = await h.agent.run(task);
  return { h, outcome, ran: existsSync(marker) };
}

describe('T9 checks the harness runs on its own', () => {
  it('T9 under approval "never" the implied test check does not run the project\'s code: the outcome says unchecked', async () => {
    const { outcome, ran, h } = await run({ approval: 'never' });
    expect(ran).toBe(false);
    expect(outcome).toMatchObject({ kind: 'final', answer: 'Done', flags: [{ kind: 'unchecked' }] });
    expect(h.of('check.not-run')[0]?.reason).toContain('approval policy "never"');
  });

  it('T9 under "ask" with no one to ask, and in a read-only session, it does not run either', async () => {
    const asked = await run({ approval: 'ask' });
    expect(asked.ran).toBe(false);
    expect(asked.outcome).toMatchObject({ flags: [{ kind: 'unchecked', reason: 'no one is there to approve' }] });
    const readOnly = await run({ approval: 'auto', readOnly: true });
    expect(readOnly.ran).toBe(false);
    expect(readOnly.outcome).toMatchObject({ flags: [{ kind: 'unchecked', reason: 'the session is read-only' }] });
  });

  it('T9 under "ask" the person is asked, and the question names the test files that would run; no means no', async () => {
    const approver = new ScriptedApprover([false]);
    const { ran, outcome } = await run({ approval: 'ask' }, approver);
    expect(ran).toBe(false);
    expect(approver.asked).toHaveLength(1);
    expect(approver.asked[0]).toMatchObject({
      tool: 'harness-check',
      args: { command: "node --test 'test/add.test.js'" },
      harness: { runs: ['test/add.test.js'] },
    });
    expect(approver.asked[0]!.harness!.purpose).toMatch(/tests/);
    expect(outcome).toMatchObject({ flags: [{ kind: 'unchecked', reason: 'denied by the user' }] });
  });

  it("T9 a command rule that refuses the model's command refuses the harness's too; under auto it runs (the attack is real)", async () => {
    const denied = await run({ approval: 'auto', shellRules: { allow: [], deny: ['node *'] } });
    expect(denied.ran).toBe(false);
    expect(denied.outcome).toMatchObject({ flags: [{ kind: 'unchecked' }] });
    const allowed = await run({ approval: 'auto' });
    expect(allowed.ran).toBe(true);
    expect(allowed.outcome).toEqual({ kind: 'final', answer: 'Done' });
  });

  it('T9 a hook is a command too: in a read-only session a before_tool hook does not run, and says why', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'harness-t9-hook-'));
    roots.push(root);
    const workspace = new NodeDirectoryWorkspace(root);
    await restoreFiles(workspace, { 'a.txt': 'a\n' });
    const h = tunedHarness([{ text: '<tool>{"name":"read_file","args":{"path":"a.txt"}}</tool>' }, final('ok')], {
      workspace,
      settings: { approval: 'auto', readOnly: true, hooks: { before_tool: { command: 'touch hooked.txt' } } },
    });
    await h.agent.run('read a.txt');
    expect(existsSync(path.join(root, 'hooked.txt'))).toBe(false);
    expect(h.of('hook')[0]).toMatchObject({ failed: true });
    expect(h.of('hook')[0]!.detail).toContain('may not run here');
  });

  it("T9 the checks are bounded in number and kept inside the run's wall-time limit", async () => {
    const gate = new ApprovalGate({
      policy: 'auto',
      readOnly: false,
      rules: { allow: [], deny: [] },
      analyzeShell: analyzeShellCommand,
    });
    const workspace = new MemoryWorkspace({ files: {} });
    const base = { gate, workspace, sessionId: 's', emit: () => {} };
    const request = { kind: 'check' as const, command: 'true', purpose: 'p', step: 1, timeoutMs: 1000 };
    const signal = new AbortController().signal;
    const bounded = new HarnessCommands({ ...base, limits: { check: 2 } });
    const kinds = [];
    for (let index = 0; index < 3; index++) kinds.push((await bounded.run({ ...request, signal })).kind);
    expect(kinds).toEqual(['ran', 'ran', 'not-run']);
    const late = new HarnessCommands({ ...base, deadline: Date.now() + 100 });
    expect(await late.run({ ...request, signal })).toMatchObject({
      kind: 'not-run',
      reason: expect.stringMatching(/wall-time/),
    });
  });
});
