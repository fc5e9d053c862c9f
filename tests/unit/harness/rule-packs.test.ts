/**
 * O5 DESIGN 14: rules are values — an id, a principle, points, facts, a priority — chosen by packs
 * (lists of ids), called by one dispatcher in the order of their priority, and keeping no state of
 * their own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { final, harness, tool, tunedPack } from '../helpers';
import { allRules, packLabels, packOf, packs, rulesFor } from '../../../src/lib/harness/rule-packs';
import { factNames, pointsOf } from '../../../src/lib/harness/rules/rule';
import type { Rule } from '../../../src/lib/harness/rules/rule';
import { RuleDispatcher } from '../../../src/lib/harness/rules/dispatch';
import { defaultSettings } from '../../../src/lib/harness/settings';

const run = (settings = defaultSettings()) => ({ settings, stepMode: false, hooks: false, depth: 0, protocol: 'text' });

describe('O5 the rules and their packs', () => {
  it('O5 every rule is declared whole: a unique id, one sentence of principle, points, known facts', () => {
    const ids = allRules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of allRules) {
      expect(rule.id, rule.id).toMatch(/^[a-z][a-z0-9-]+$/);
      // One sentence: a capital, no full stop inside, one at the end.
      expect(rule.principle, rule.id).toMatch(/^[A-Z`][^]*\.$/);
      expect(rule.principle.slice(0, -1), rule.id).not.toMatch(/\.\s/);
      expect(pointsOf(rule).length, rule.id).toBeGreaterThan(0);
      for (const fact of rule.reads) expect(factNames, rule.id).toContain(fact);
    }
  });

  it('O5 every pack lists rules that exist, and only heuristic ones: core rules are in none', () => {
    const byId = new Map(allRules.map((rule) => [rule.id, rule]));
    for (const [pack, ids] of Object.entries(packs))
      for (const id of ids) {
        expect(byId.has(id), `${pack}: ${id}`).toBe(true);
        expect(byId.get(id)!.layer, `${pack}: ${id}`).toBe('pack');
      }
    expect(packs.bare).toEqual([]);
    // Every pack is offered to a person with a line saying what it is.
    expect(Object.keys(packLabels).sort()).toEqual(Object.keys(packs).sort());
  });

  it('O5 the bare pack is the loop with the core rules only; a pack by name wins over the profile', () => {
    const bare = rulesFor(run(defaultSettings({ pack: 'bare' })));
    expect(bare.every((rule) => rule.layer === 'core')).toBe(true);
    expect(bare.map((rule) => rule.id)).toContain('done-check');
    expect(packOf(defaultSettings({ profile: 'small' }))).toBe('small');
    expect(packOf(defaultSettings({ profile: 'small', pack: 'bare' }))).toBe('bare');
    // A stored session naming a pack this version does not have gets its profile's.
    expect(packOf(defaultSettings({ pack: 'no-such-pack' }))).toBe('default');
    expect(packOf(defaultSettings({ pack: 'constructor' }))).toBe('default');
  });

  it('O5 a pack expression adds rules to a pack for one arm; an unknown pack or rule in it is no pack', () => {
    const ids = (pack: string) => rulesFor(run(defaultSettings({ pack }))).map((rule) => rule.id);
    expect(packOf(defaultSettings({ pack: 'default+read-first' }))).toBe('default+read-first');
    expect(ids('default+read-first')).toEqual(expect.arrayContaining([...packs.default!, 'read-first']));
    expect(ids('default')).not.toContain('read-first');
    const packLayer = (id: string) => allRules.find((rule) => rule.id === id)?.layer === 'pack';
    expect(ids('bare+asked-file+no-news').filter(packLayer).sort()).toEqual(['asked-file', 'no-news']);
    // Not a pack: an unknown base, an unknown or core rule, an empty addition.
    for (const name of ['nope+read-first', 'default+nope', 'default+done-check', 'default+', '+read-first'])
      expect(packOf(defaultSettings({ pack: name })), name).toBe('default');
  });

  it('O5 rules act in the order of their priority, whatever order a list gives them', () => {
    const saw: string[] = [];
    const rule = (id: string, priority: number): Rule => ({
      id,
      principle: 'A rule.',
      layer: 'pack',
      decides: false,
      reads: [],
      priority,
      afterToolResult: () => {
        saw.push(id);
        return undefined;
      },
    });
    const dispatcher = new RuleDispatcher([rule('late', 30), rule('early', 10), rule('middle', 20)]);
    expect(dispatcher.rules.map((each) => each.id)).toEqual(['early', 'middle', 'late']);
  });

  it('O5 a run announces its rules, and each decision is an event naming the rule', async () => {
    const h = harness([tool('write_file', { path: 'notes.txt', content: 'only this\n' }), final('done')], {
      files: { 'notes.txt': 'one\ntwo\n' },
      settings: { pack: tunedPack },
    });
    await h.agent.run('Add a line to notes.txt.');
    const [active] = h.of('rules.active');
    expect(active.pack).toBe(tunedPack);
    expect(active.rules.map((rule) => rule.id)).toContain('read-first');
    expect(h.of('rule.acted')).toContainEqual(
      expect.objectContaining({ rule: 'read-first', action: 'refused', step: 1 }),
    );
    const bare = harness([tool('write_file', { path: 'notes.txt', content: 'only this\n' }), final('done')], {
      files: { 'notes.txt': 'one\ntwo\n' },
      settings: { pack: 'bare' },
    });
    await bare.agent.run('Add a line to notes.txt.');
    expect(bare.of('rule.acted')).toEqual([]);
    expect(await bare.workspace.readFile('notes.txt')).toBe('only this\n');
  });

  it('DESIGN 14 no rule keeps state of its own: rule modules hold constants and functions, no module-level variable', () => {
    const folders = ['guards', 'small-model'];
    const files = folders.flatMap((folder) =>
      readdirSync(`src/lib/harness/${folder}`)
        .filter((name) => name.endsWith('.ts'))
        .map((name) => `src/lib/harness/${folder}/${name}`),
    );
    const stateful = files.filter((file) => /^let /m.test(readFileSync(file, 'utf8')));
    expect(stateful).toEqual([]);
    // And a rule is a value, not a factory that closes over per-run variables.
    for (const rule of allRules) expect(typeof rule, rule.id).toBe('object');
  });
});
