/**
 * U3: generated notes read the server's own figures where it gave them, one size per request, and
 * a tag naming a slot the note's own request has. Each case is one a teacher met: a warm-up before
 * step 1, a prompt the text repeats but the server read again, a compaction, a server with no figures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrajectory } from '../../../src/lib/store/session-export';
import { final, harness, tool } from '../helpers';
import { notesFromEvents, short } from '../../../src/lib/ui/teaching/lesson-notes';
import { factsByStep } from '../../../src/lib/ui/teaching/step-facts';
import { reuseStory } from '../../../src/lib/ui/teaching/reuse-story';
import { lessonId } from '../../../src/lib/ui/step-notes';

const lessonDir = join(import.meta.dirname, '../../../src/lib/ui/teaching/lessons');

describe('U3 DESIGN 14 notes cite the rules that acted', () => {
  it('U3 a step where a rule sent the answer back names the rule and what it did; other steps name none', async () => {
    const h = harness([final('I updated a.txt with the new line.'), final('Nothing was changed.')], {
      files: { 'a.txt': 'a' },
    });
    await h.agent.run('add a line to a.txt');
    const acted = h.of('rule.acted');
    expect(acted.map((event) => [event.rule, event.action])).toContainEqual(['claimed-change', 'sent-back']);
    const notes = notesFromEvents(h.events, h.agent.session.id);
    expect(notes[0].text).toContain('Rules that acted (the Harness view): claimed-change sent the answer back.');
    expect(notes[1].text).not.toContain('Rules that acted');
  });
});

describe('U3 notes from measurements', () => {
  it('U3 after a warm-up, step 1 says the server took tokens from its cache, by its timing', async () => {
    const h = harness([final('done')], { files: { 'a.txt': 'a' }, agent: { modelName: 'notes-warm' } });
    await h.agent.warm();
    await h.agent.run('look');
    const [note] = notesFromEvents(h.events, h.agent.session.id);
    const [done] = h.of('response.done');
    expect(done.serverReusedTokens).toBeGreaterThan(0);
    expect(note.text).toContain(
      `taking ${done.serverReusedTokens!.toLocaleString('en-US')} of them from its cache (read from its timing): a warm-up or an earlier run had read them`,
    );
    expect(note.text).not.toMatch(/nothing to reuse/);
  });

  it('U3 a request the text repeats but the server read again in full says so, with the seconds it took', async () => {
    const slow = { promptTokens: 1000, promptSeconds: 20 };
    const h = harness(
      [
        { ...tool('read_file', { path: 'a.txt' }), stats: slow },
        { ...final('done'), stats: { promptTokens: 1100, promptSeconds: 22 } },
      ],
      { files: { 'a.txt': 'a' }, agent: { modelName: 'notes-cold' } },
    );
    await h.agent.run('read a');
    const notes = notesFromEvents(h.events, h.agent.session.id);
    expect(notes[1].text).toContain('It extends the previous request and its reply');
    expect(notes[1].text).toContain(
      'The server read 1,100 prompt tokens in 22.0 s, taking none of them from its cache (read from its timing): ' +
        'although the text repeats the previous request, the server read it again.',
    );
  });

  it('U3 a server that gave no figures: the reuse is an estimate and says so', () => {
    const cache = { reused: 900, total: 1000 };
    expect(reuseStory(2, cache, undefined)).toBe(
      'This request is 1,000 characters. It extends the previous request and its reply: only the last 100 are new. ' +
        'The server gave no figures: by the characters (an estimate), about 90% of the prompt could come from its cache.',
    );
    // A reported count is the server's own.
    expect(
      reuseStory(2, cache, { promptTokens: 300, seconds: 0.5, reused: { tokens: 270, source: 'reported' } }),
    ).toContain('taking 270 of them from its cache (its own count).');
  });

  it('U3 a compaction: one size per request, the history given as characters fewer, never two sizes', () => {
    const parsed = importTrajectory(readFileSync(join(lessonDir, 'compaction.session.json'), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    const { events, session } = parsed.trajectory;
    const notes = notesFromEvents(events, session.id);
    const compacted = factsByStep(events, session.id).filter((step) => step.compactions.length);
    expect(compacted.length).toBeGreaterThan(0);
    for (const step of compacted) {
      const note = notes[step.step - 1].text;
      expect(note).toMatch(/(history was compacted|older turns were shortened) \([\d,]+ characters fewer\)/);
      expect(note).not.toContain('→');
      expect(note.match(/This request is/g)).toHaveLength(1);
    }
  });

  it('U3 every note is tagged with a slot its own request has: step 1 never "feedback"', async () => {
    const h = harness([tool('read_file', { path: 'a.txt' }), final('done')], { files: { 'a.txt': 'a' } });
    await h.agent.run('read a');
    const notes = notesFromEvents(h.events, h.agent.session.id);
    const facts = factsByStep(h.events, h.agent.session.id);
    expect(notes[0].slot).toBe('instructions');
    expect(facts[0].slots!.feedback).toBe(0);
    expect(notes[1].slot).toBe('feedback');
    for (const note of notes) expect(facts[note.step - 1].slots![note.slot]).toBeGreaterThan(0);
  });

  it('U3 notes quote in words, cut at a word, never mid-word, and never show a raw JSON call', async () => {
    expect(short('the quick brown fox jumps over the lazy dog', 20)).toBe('the quick brown fox…');
    expect(short('supercalifragilisticexpialidocious', 10)).toBe('supercali…');
    const h = harness([tool('read_file', { path: 'src/a.js' }), final('done')], { files: { 'src/a.js': 'a' } });
    await h.agent.run('read it');
    const [note] = notesFromEvents(h.events, h.agent.session.id);
    expect(note.text).toContain('the model called read_file on src/a.js, which worked');
    expect(note.text).not.toContain('{"path"');
  });
});

describe('U3 an exported lesson is named from its title', () => {
  it('U3 a long title is cut at a word for the file name, never mid-word', () => {
    const id = lessonId('Find the bug and fix it: a lesson on reading the test output before patching anything');
    expect(id.length).toBeLessThanOrEqual(60);
    expect(id).toBe('find-the-bug-and-fix-it-a-lesson-on-reading-the-test-output');
    expect(lessonId('Short one')).toBe('short-one');
    expect(lessonId('!!!')).toBe('lesson');
    expect(lessonId('a'.repeat(80))).toHaveLength(60);
  });
});
