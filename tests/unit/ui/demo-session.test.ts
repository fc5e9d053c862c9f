/** U1: the Demo model's script, on the real loop and the offline workspace: it claims only what happened. */
import { describe, expect, it } from 'vitest';
import { demoFiles, demoScript, demoTask } from '../../../src/lib/ui/demo-session';
import { harness, ScriptedApprover } from '../helpers';

const answer = async (approval: 'auto' | 'ask', answers: boolean[] = []) => {
  const h = harness(demoScript, {
    files: demoFiles,
    settings: { approval, readOnly: false },
    approver: new ScriptedApprover(answers),
  });
  const { outcome } = await h.agent.run(demoTask);
  return { h, text: outcome.kind === 'final' ? outcome.answer : `(${outcome.kind})` };
};

describe('U1 the demo', () => {
  it('U1 approved throughout: the file is fixed and the answer says so', async () => {
    const { h, text } = await answer('auto');
    expect(await h.workspace.readFile('src/sum.js')).toContain('let i = 0;');
    expect(text).toMatch(/^Fixed `sum\(\)` in src\/sum.js/);
  });

  it('U1 the patch denied: nothing changed, and the answer does not claim a fix', async () => {
    const { h, text } = await answer('ask', [false]);
    expect(await h.workspace.readFile('src/sum.js')).toBe(demoFiles['src/sum.js']);
    expect(text).toMatch(/^I did not change anything/);
  });

  it('U1 the patch approved and the check denied: the fix is claimed, the check is said not to have run', async () => {
    const { h, text } = await answer('ask', [true, false]);
    expect(await h.workspace.readFile('src/sum.js')).toContain('let i = 0;');
    expect(text).toMatch(/I could not check it: the command was not run/);
  });
});
