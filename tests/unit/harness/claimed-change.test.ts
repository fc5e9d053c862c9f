/**
 * L3 claimed-change: an answer that says it changed something, in a run that changed nothing,
 * is not done. Replies recorded from Qwen2.5-Coder-1.5B (default profile, constrained).
 */
import { describe, expect, it } from 'vitest';
import { final, harness, ScriptedApprover, tool } from '../helpers';
import { claimsChange } from '../../../src/lib/harness/change-claim';
import { exampleAnswer } from '../../../src/lib/harness/prompt/prompt-variables';

const header = 'export function Header({ user }) {\n  return <h1>Welcome</h1>;\n}\n';
const jsxTask = 'src/Header.jsx shows a fixed greeting. Change it so it greets the user by name: Welcome, {user.name}.';
const claimed = "Done: updated Header.js to display user's name.";
const reasons = (h: ReturnType<typeof harness>) => h.of('notice').map((event) => event.reason);

describe('L3 claimed-change: an answer that claims a change no tool made', () => {
  it('L3 goes back once, saying no file was changed (recorded: edit-jsx, qwen-1.5b-core-named)', async () => {
    const fixed = header.replace('Welcome', 'Welcome, {user.name}');
    const h = harness(
      [
        tool('read_file', { path: 'src/Header.jsx' }),
        final(claimed),
        tool('write_file', { path: 'src/Header.jsx', content: fixed }),
        final('Changed the heading in src/Header.jsx to greet the user by name.'),
      ],
      { files: { 'src/Header.jsx': header } },
    );
    const { outcome } = await h.agent.run(jsxTask);
    expect(outcome).toMatchObject({
      kind: 'final',
      answer: 'Changed the heading in src/Header.jsx to greet the user by name.',
    });
    const sentBack = h.of('notice').filter((event) => event.reason === 'claimed-change');
    expect(sentBack).toHaveLength(1);
    expect(sentBack[0]!.text).toContain('no file has been changed in this run');
    expect(await h.workspace.readFile('src/Header.jsx')).toBe(fixed);
  });

  it('L3 is bounded: the same claim a second time stands', async () => {
    const h = harness([final(claimed), final(claimed), final('x')], { files: { 'src/Header.jsx': header } });
    expect((await h.agent.run(jsxTask)).outcome).toMatchObject({ kind: 'final', answer: claimed });
    expect(reasons(h).filter((reason) => reason === 'claimed-change')).toHaveLength(1);
  });

  it('L3 leaves alone a change made, a question, a task that asks for none, and an answer that says none was needed', async () => {
    const files = { 'src/Header.jsx': header };
    const cases: [string, ReturnType<typeof tool | typeof final>[]][] = [
      [jsxTask, [tool('patch_file', { path: 'src/Header.jsx', old_text: 'Welcome', new_text: 'Hi' }), final(claimed)]],
      ['How would I change src/Header.jsx to greet the user? Do not do it.', [final('I would have updated the h1.')]],
      ['Explain what src/Header.jsx shows.', [final('It shows a heading; nothing is updated or added.')]],
      [jsxTask, [final('The greeting was already changed: nothing to do.')]],
      // A shell command may have made the change (sed -i, echo >>): the check decides.
      [jsxTask, [tool('run_shell', { command: "sed -i 's/Welcome/Hi/' src/Header.jsx" }), final(claimed)]],
      // The instructions' example answer is echoed-answer's to send back, not a second notice.
      [jsxTask, [final(exampleAnswer), final('x')]],
    ];
    for (const [task, replies] of cases) {
      const h = harness([...replies, final('again')], { files });
      expect((await h.agent.run(task)).outcome, task).toMatchObject({ kind: 'final' });
      expect(reasons(h), task).not.toContain('claimed-change');
    }
  });

  it('L3 a task a check decides is left to the check: its failure says more (verifyCommand, tests the task speaks of)', async () => {
    const files = { 'src/Header.jsx': header, 'test/header.test.js': "import 'node:test';\n" };
    for (const [task, settings] of [
      [jsxTask, { verifyCommand: 'test -f done.txt' }],
      [`${jsxTask} Make the tests pass.`, {}],
    ] as const) {
      const h = harness([final(claimed), final(claimed), final(claimed), final('x')], { files, settings });
      await h.agent.run(task);
      expect(reasons(h), task).not.toContain('claimed-change');
    }
  });

  it('L3 a change the person did not allow is not asked for again (T4)', async () => {
    const h = harness(
      [
        tool('patch_file', { path: 'src/Header.jsx', old_text: 'Welcome', new_text: 'Hi' }),
        final('Updated src/Header.jsx (if allowed).'),
        final('x'),
      ],
      { files: { 'src/Header.jsx': header }, settings: { approval: 'ask' }, approver: new ScriptedApprover([false]) },
    );
    await h.agent.run(jsxTask);
    expect(reasons(h)).not.toContain('claimed-change');
  });

  it('L3 a test run or a read does not count as a change (recorded: patch-one-line, "The test passed")', async () => {
    const h = harness(
      [tool('run_shell', { command: 'node --test' }), final('Fixed the page count; the test passed.'), final('x')],
      { files: { 'src/Header.jsx': header } },
    );
    await h.agent.run('Fix pageCount() in src/pager.js.');
    expect(reasons(h)).toContain('claimed-change');
    // Words only: a claim is a past-tense change, not "fix" or "update" as a request.
    expect(claimsChange('Please fix and update the file.')).toBe(false);
    expect(claimsChange("Done: added '- water the plants' to TODO.md.")).toBe(true);
    expect(claimsChange('The export was already added.')).toBe(false);
  });
});
