/** O5: each rule's evidence from an ablation's bare and pile arms, and the verdict's one criterion. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { armFigures, ruleEvidence } from '../../../src/lib/evals/rule-evidence';
import type { EvalResult } from '../../../src/lib/evals/eval-result';
import {
  ablationArms,
  decidingGroup,
  groupEvidence,
  groupNote,
  groupTrials,
  joinedByTrials,
  trialTable,
  rulesDoc,
  rulesMarkdown,
} from '../../../scripts/rules-table';
import { packs } from '../../../src/lib/harness/rule-packs';

const run = (task: string, passed: boolean, rulesActed?: Record<string, number>, rung = 1) =>
  ({ task, passed, rung, ...(rulesActed ? { rulesActed } : {}) }) as unknown as EvalResult;
const rule = (id: string, layer: 'core' | 'pack' = 'pack') => ({ id, principle: `${id} does a thing`, layer });

const arm = (group: string, name: string, passed: boolean[]) => ({
  name: `${name}-${group}`,
  group,
  arm: name,
  why: '',
  pack: 'default',
  results: passed.map((ok, index) => run(`t${index}`, ok)),
});

describe('O5 rule evidence from an ablation', () => {
  it('O5 a rule stays only with more wins than losses over the tasks where it acted', () => {
    const bare = [run('a', false), run('b', false), run('c', true), run('d', true)];
    const pile = [
      run('a', true, { helps: 2, mixed: 1 }),
      run('b', true, { helps: 1 }),
      run('c', false, { mixed: 1, hurts: 3 }),
      run('d', true),
    ];
    const [helps, mixed, hurts, idle, core] = ruleEvidence(
      [rule('helps'), rule('mixed'), rule('hurts'), rule('idle'), rule('loop', 'core')],
      pile,
      bare,
    );
    expect(helps).toMatchObject({ actedIn: 2, passedWhenActed: 2, acts: 3, wins: 2, losses: 0, verdict: 'kept' });
    expect(mixed).toMatchObject({ wins: 1, losses: 1, verdict: 'moved', why: '1 wins, 1 losses: no help shown' });
    expect(hurts).toMatchObject({ wins: 0, losses: 1, verdict: 'moved' });
    expect(idle).toMatchObject({ actedIn: 0, verdict: 'moved', why: 'never acted on the dev split' });
    expect(core.verdict).toBe('core');
  });

  it('O5 a task run more than once counts as passed when most of its runs passed; a task bare never ran is no evidence', () => {
    const bare = [run('a', false), run('a', false), run('a', true)];
    const pile = [
      run('a', true, { r: 1 }),
      run('a', true, { r: 1 }),
      run('a', false, { r: 1 }),
      run('z', true, { r: 1 }),
    ];
    expect(ruleEvidence([rule('r')], pile, bare)[0]).toMatchObject({ actedIn: 4, wins: 1, losses: 0 });
  });

  it('O5 an arm reads as passed of runs per rung with 95% intervals', () => {
    const figures = armFigures([run('a', true), run('b', false), run('c', false, undefined, 2)]);
    expect(figures).toMatchObject({
      runs: 3,
      passed: 1,
      byRung: { 1: { passed: 1, runs: 2 }, 2: { passed: 0, runs: 1 } },
    });
    expect(figures.byRung[2]!.interval.low).toBe(0);
  });

  it('O5 the default pack is exactly the rules the 1.5B dev-split ablation and its trials kept, in pile order, then those trials added', () => {
    const arms = ablationArms();
    const found = groupEvidence(arms, decidingGroup);
    expect(found, 'the bare and pile arms are committed').toBeDefined();
    const joined = joinedByTrials(arms);
    const kept = found!.evidence
      .filter((entry) => entry.verdict === 'kept' || joined.includes(entry.id))
      .map((entry) => entry.id);
    // A trial may add a rule the pile never held: it joins after the pile's, in the order of the trials.
    const added = joined.filter((id) => !found!.evidence.some((entry) => entry.id === id));
    expect(packs.default).toEqual([...kept, ...added]);
    // A moved rule stays reachable: the opt-in pack named for the model holds the whole pile.
    expect(packs['qwen2.5-coder-1.5b']).toEqual(packs.pile);
  });

  it("O5 another model's verdicts are not the default pack's, and a group at the floor says it cannot judge", () => {
    const floor = [arm('small', 'bare', [false, false]), arm('small', 'pile', [false, false])];
    expect(groupNote(floor, 'small').join(' ')).toMatch(
      /follows the verdicts of .*No arm passed a run \(bare 0 of 2, pile 0 of 2\)/,
    );
    // One pass anywhere in the group and the ablation can judge: no floor note.
    const one = [arm('small', 'bare', [false, false]), arm('small', 'pile', [true, false])];
    expect(groupNote(one, 'small').join(' ')).not.toMatch(/No arm passed/);
    expect(groupNote([arm(decidingGroup, 'bare', [true])], decidingGroup)).toEqual([
      'These verdicts, and those of the trials below, make the default pack.',
      '',
    ]);
  });

  it("O5 a trial judges the rules its pack adds against the kept arm; only the deciding group's trials join the pack", () => {
    const kept = arm(decidingGroup, 'kept', [false, false, true]);
    const trial = {
      ...arm(decidingGroup, 'trial', [true, false, true]),
      pack: 'default+asked-file',
      results: [run('t0', true, { 'asked-file': 1 }), run('t1', false, { 'asked-file': 2 }), run('t2', true)],
    };
    const [found] = groupTrials([kept, trial], decidingGroup);
    expect(found!.evidence).toEqual([
      expect.objectContaining({ id: 'asked-file', actedIn: 2, wins: 1, losses: 0, verdict: 'kept' }),
    ]);
    expect(joinedByTrials([kept, trial])).toEqual(['asked-file']);
    // The arm as a whole, over every task (how a tool or loop change with no rule of its own is judged).
    expect(found!.whole).toEqual({ wins: 1, losses: 0 });
    // A loss where it acted (t2 passed in the kept arm, fails in the trial) cancels the win: it stays out.
    const lost = { ...trial, results: [...trial.results.slice(0, 2), run('t2', false, { 'asked-file': 1 })] };
    expect(joinedByTrials([kept, lost])).toEqual([]);
    expect(groupTrials([kept, lost], decidingGroup)[0]!.whole).toEqual({ wins: 1, losses: 1 });
    // Another model's trial, or a trial with no kept arm to compare, joins nothing.
    expect(
      joinedByTrials([
        { ...kept, group: 'other' },
        { ...trial, group: 'other' },
      ]),
    ).toEqual([]);
    expect(joinedByTrials([trial])).toEqual([]);
    // Another model's table says the rule holds on it, not that it joins the pack.
    const elsewhere = [
      { ...kept, group: 'other' },
      { ...trial, group: 'other' },
    ];
    expect(trialTable(elsewhere, 'other').join('\n')).toContain('holds here: 1 wins against 0 losses');
    expect(trialTable(elsewhere, 'other').join('\n')).not.toContain('joins');
    expect(trialTable([kept, trial], decidingGroup).join('\n')).toContain('joins: 1 wins against 0 losses');
  });

  it('O5 a trial that names its baseline is judged against that arm, not the kept one; an absent baseline judges nothing', () => {
    const kept = arm(decidingGroup, 'kept', [false, false, false]);
    // The arm of the pack the trial changes: t0 already passed there, so t0 is no win of the trial's.
    const before = { ...arm(decidingGroup, 'trial', [true, false, false]), name: 'before' };
    const trial = {
      ...arm(decidingGroup, 'trial', [true, false, false]),
      name: 'after',
      pack: 'default+named-files',
      against: 'before',
      results: [run('t0', true, { 'named-files': 1 }), run('t1', false, { 'named-files': 1 }), run('t2', false)],
    };
    const found = groupTrials([kept, before, trial], decidingGroup).find((entry) => entry.arm.name === 'after');
    expect(found!.baseline).toBe('before');
    expect(found!.evidence).toEqual([
      expect.objectContaining({ id: 'named-files', wins: 0, losses: 0, verdict: 'moved' }),
    ]);
    // Against the kept arm the same results would have counted t0 as a win.
    const unnamed = { ...trial, against: undefined };
    expect(groupTrials([kept, unnamed], decidingGroup)[0]!.evidence[0]).toEqual(
      expect.objectContaining({ wins: 1, verdict: 'kept' }),
    );
    expect(joinedByTrials([kept, before, trial])).not.toContain('named-files');
    // A baseline not committed (or misspelt) is no baseline: the trial is not judged at all.
    expect(groupTrials([kept, { ...trial, against: 'nowhere' }], decidingGroup)).toEqual([]);
    expect(trialTable([kept, before, trial], decidingGroup).join('\n')).toMatch(/after .* before /);
  });

  it('O5 docs/rules.md is what the committed results write (generated, never typed)', () => {
    expect(readFileSync(rulesDoc, 'utf8')).toBe(rulesMarkdown());
  });
});
