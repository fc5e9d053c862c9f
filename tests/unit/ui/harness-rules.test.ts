/**
 * U3 DESIGN 14: the Harness view reads the rules in effect and what each did from the events, as a
 * run records them — a real run's events, not made-up ones.
 */
import { describe, expect, it } from 'vitest';
import { final, harness, tool, tunedPack } from '../helpers';
import { activeRules, actsByRule, ruleActs } from '../../../src/lib/ui/harness-rules';

describe('U3 the Harness view', () => {
  it("U3 lists the run's pack and rules in the order they are called, and per step what each did", async () => {
    const h = harness(
      [tool('write_file', { path: 'notes.txt', content: 'only this\n' }), final('Added it.'), final('Added it.')],
      { files: { 'notes.txt': 'one\ntwo\n' }, settings: { pack: tunedPack } },
    );
    await h.agent.run('Add the line "three" to notes.txt.');
    const id = h.agent.session.id;
    const active = activeRules(h.events, id)!;
    expect(active.pack).toBe(tunedPack);
    expect(active.rules.map((rule) => rule.id)).toContain('read-first');
    // Called in the order of their priority: the schema rule first, the done-check last.
    expect(active.rules[0]!.id).toBe('tool-after-rejection');
    expect(active.rules.at(-1)!.id).toBe('done-check');
    expect(active.rules.every((rule) => rule.principle.endsWith('.'))).toBe(true);
    const acts = ruleActs(h.events, id);
    expect(acts).toContainEqual(expect.objectContaining({ step: 1, rule: 'read-first', action: 'refused' }));
    expect(acts).toContainEqual(expect.objectContaining({ step: 2, rule: 'claimed-change', action: 'sent-back' }));
    expect(ruleActs(h.events, id, 1).every((act) => act.step === 1)).toBe(true);
    expect(actsByRule(acts).get('read-first')).toBe(1);
    // Another session's events are not this one's.
    expect(activeRules(h.events, 'other')).toBeUndefined();
  });
});
