/**
 * DESIGN 14: the run's facts come from one place, the session's items, and a continued run folds
 * the history it continues — so a rule that reads the task, or what was done before the
 * interruption, acts the same after a resume as before it.
 */
import { describe, expect, it } from 'vitest';
import { final, tool, tunedPack } from '../helpers';
import { Agent } from '../../../src/lib/harness/agent';
import type { Session } from '../../../src/lib/harness/session';
import { defaultSettings } from '../../../src/lib/harness/settings';
import { exampleAnswer } from '../../../src/lib/harness/prompt/prompt-variables';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { MemorySessionStore } from '../../../src/lib/store/memory-session-store';
import type { ScriptedReply } from '../../../src/lib/model/scripted-model-client';
import { ScriptedModelClient } from '../../../src/lib/model/scripted-model-client';
import { RunFacts } from '../../../src/lib/harness/facts/run-facts';
import { analyzeShellCommand } from '../../../src/lib/workspace/shell-command-analyzer';

const failingTest = {
  'package.json': '{ "type": "module" }\n',
  'src/add.js': 'export function add(a, b) {\n  return a - b;\n}\n',
  'test/add.test.js':
    "import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/add.js';\n" +
    "test('adds', () => assert.equal(add(2, 3), 5));\n",
};

/** A run interrupted after its first tool call, then continued (no new task) with `after`. */
async function resumed(task: string, files: Record<string, string>, first: ScriptedReply, after: ScriptedReply[]) {
  const store = new MemorySessionStore();
  const workspace = new MemoryWorkspace({ files });
  const controller = new AbortController();
  const settings = defaultSettings({ protocol: 'text', approval: 'auto', pack: tunedPack });
  const wiring = { modelName: 'm', workspace, store, settings, analyzeShell: analyzeShellCommand };
  const interrupted = new Agent({
    ...wiring,
    model: new ScriptedModelClient([first, { text: '<final>late</final>', delayMs: 5000 }]),
    onEvent: (event) => event.type === 'tool.finished' && controller.abort(),
  });
  expect((await interrupted.run(task, { signal: controller.signal })).outcome.kind).toBe('aborted');
  const stored = (await store.load(interrupted.session.id)) as Session;
  const events: { type: string; reason?: string; rule?: string }[] = [];
  const model = new ScriptedModelClient(after);
  const agent = new Agent({ ...wiring, model, session: stored, onEvent: (event) => events.push(event) });
  const { outcome } = await agent.run('');
  const reasons = agent.session.history.flatMap((item) => (item.kind === 'notice' ? [item.reason] : []));
  const refusedBy = agent.session.history.flatMap((item) =>
    item.kind === 'tool' && item.refusedBy ? [item.refusedBy] : [],
  );
  return { outcome, reasons, refusedBy, events, workspace };
}

describe('DESIGN 14 the run facts', () => {
  it('S2 S3 a continued run folds what it continues: the rules that read the task still act after a resume', async () => {
    // asked-file: the answer without the file the task asks for goes back.
    const asked = await resumed(
      'config.json sets the port. Write that port, and nothing else, into ANSWER.txt.',
      { 'config.json': '{ "port": 8080 }\n' },
      tool('read_file', { path: 'config.json' }),
      [final('8080'), tool('write_file', { path: 'ANSWER.txt', content: '8080\n' }), final('done')],
    );
    expect(asked.reasons).toContain('asked-file');
    // output-first: the named file is not changed while the asked-for one is not written.
    const order = await resumed(
      'config.json sets the port. Write that port, and nothing else, into ANSWER.txt.',
      { 'config.json': '{ "port": 8080 }\n' },
      tool('read_file', { path: 'config.json' }),
      [tool('write_file', { path: 'config.json', content: '{ "port": 9000 }\n' }), final('done')],
    );
    expect(order.refusedBy).toContain('output-first');
    // implied-check: the project's tests fail, so the answer goes back with their output.
    const tests = await resumed(
      'add() in src/add.js is wrong and the tests fail. Fix src/add.js; do not change the tests.',
      failingTest,
      tool('read_file', { path: 'src/add.js' }),
      [final('fixed'), final('fixed'), final('fixed'), final('fixed')],
    );
    expect(tests.reasons).toContain('implied-check');
    // keep-tests: the task says to keep the tests.
    const keep = await resumed(
      'add() in src/add.js is wrong and the tests fail. Fix src/add.js; do not change the tests.',
      failingTest,
      tool('read_file', { path: 'test/add.test.js' }),
      [tool('write_file', { path: 'test/add.test.js', content: "import test from 'node:test';\n" }), final('done')],
    );
    expect(keep.refusedBy).toContain('keep-tests');
    // claimed-change: a change claimed in a run that changed nothing goes back.
    const claim = await resumed(
      'Add the line "- buy milk" to TODO.md.',
      { 'TODO.md': '# Todo\n' },
      tool('read_file', { path: 'TODO.md' }),
      [final('Added the line to TODO.md.'), final('Added the line to TODO.md.')],
    );
    expect(claim.reasons).toContain('claimed-change');
    // echoed-answer: the instructions' example answer is not an answer.
    const echo = await resumed(
      'What does notes.txt say?',
      { 'notes.txt': 'hello\n' },
      tool('read_file', { path: 'notes.txt' }),
      [final(exampleAnswer), final('It says hello.')],
    );
    expect(echo.reasons).toContain('echoed-answer');
    // task-example: the task's example of the form is not a value.
    const example = await resumed(
      'Read codes.js and list its codes in ANSWER.md, one per line as CODE: PERCENT (for example WINTER: 15).',
      { 'codes.js': 'export const codes = { SAVE10: 10 };\n' },
      tool('read_file', { path: 'codes.js' }),
      [tool('write_file', { path: 'ANSWER.md', content: 'WINTER: 15\n' }), final('done')],
    );
    expect(example.refusedBy).toContain('task-example');
  });

  it('S2 a continued run remembers what was read before the interruption: no blind-write refusal for it', async () => {
    const before = 'line one\nline two\n';
    const run = await resumed(
      'Replace "two" with "2" in notes.txt.',
      { 'notes.txt': before },
      tool('read_file', { path: 'notes.txt' }),
      [tool('write_file', { path: 'notes.txt', content: 'line 2\n' }), final('done')],
    );
    // A blind write that drops a line is refused by read-first; this one comes after a read.
    expect(run.refusedBy).toEqual([]);
    expect(await run.workspace.readFile('notes.txt')).toBe('line 2\n');
  });

  it('O5 the facts fold stored items: a write that worked is a change, a refusal names its rule', () => {
    const facts = RunFacts.fromHistory(
      [
        { kind: 'tool', seq: 0, at: 0, name: 'read_file', args: { path: 'a.txt' }, content: 'x', ok: true },
        {
          kind: 'tool',
          seq: 1,
          at: 0,
          name: 'write_file',
          args: { path: './a.txt', content: 'y' },
          content: 'wrote',
          ok: true,
        },
        {
          kind: 'tool',
          ...{ seq: 2, at: 0, name: 'write_file', args: { path: 'b.txt' }, content: 'error', ok: false },
          refusedBy: 'read-first',
        },
        {
          kind: 'notice',
          ...{ seq: 3, at: 0, reason: 'asked-file', content: 'back' },
          sentBack: { rule: 'asked-file', answer: 'done', target: 'ANSWER.txt' },
        },
      ],
      'task',
    );
    expect(facts.changedPaths).toEqual(['a.txt']);
    expect(facts.seen('a.txt')).toBe(true);
    expect(facts.calls.map((call) => call.refusedBy)).toEqual([undefined, undefined, 'read-first']);
    expect(facts.sentBack('asked-file', 'ANSWER.txt')).toBe(1);
    expect(facts.sentBack('asked-file', 'other')).toBe(0);
  });
});
