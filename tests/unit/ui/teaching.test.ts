import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Agent } from '../../../src/lib/harness/agent';
import { ScriptedModelClient } from '../../../src/lib/model/scripted-model-client';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { MemorySessionStore } from '../../../src/lib/store/memory-session-store';
import { exportTrajectory, importTrajectory } from '../../../src/lib/store/session-export';
import { SessionLibrary } from '../../../src/lib/ui/session-library.svelte';
import { defaultSettings } from '../../../src/lib/harness/settings';
import { createSession } from '../../../src/lib/harness/session';
import { teachingSteps } from '../../../src/lib/ui/teaching/step-index';
import { TeachingState } from '../../../src/lib/ui/teaching/teaching-state.svelte';
import type { TeachingHost } from '../../../src/lib/ui/teaching/teaching-state.svelte';
import { fiveSlots, requestSize } from '../../../src/lib/ui/teaching/five-slots';
import { cacheBreak, stepCacheBreak } from '../../../src/lib/ui/teaching/cache-break';
import {
  describeCall,
  lessonFigures,
  lessonNotesFile,
  notesFromEvents,
} from '../../../src/lib/ui/teaching/lesson-notes';
import { factsByStep } from '../../../src/lib/ui/teaching/step-facts';
import { final, harness, tool } from '../helpers';

const lessonDir = join(import.meta.dirname, '../../../src/lib/ui/teaching/lessons');
const lessonIds = readdirSync(lessonDir)
  .filter((name) => name.endsWith('.session.json'))
  .map((name) => name.replace('.session.json', ''));
const lesson = (id: string) => {
  const result = importTrajectory(readFileSync(join(lessonDir, `${id}.session.json`), 'utf8'));
  if (!result.ok) throw new Error(result.error);
  return result.trajectory;
};

describe('U3 teaching', () => {
  it.each(['text', 'constrained', 'native'] as const)(
    'U3 the five slots add up to the request size on every step (%s protocol)',
    async (protocol) => {
      const reply = (text: string, call?: { name: string; args: Record<string, unknown> }) =>
        protocol === 'native'
          ? { text: '', toolCalls: call ? [{ name: call.name, arguments: call.args }] : [] }
          : protocol === 'constrained'
            ? {
                text: call
                  ? JSON.stringify({ action: 'tool', ...call })
                  : JSON.stringify({ action: 'final', final: text }),
              }
            : call
              ? tool(call.name, call.args)
              : final(text);
      const h = harness(
        [
          reply('', { name: 'read_file', args: { path: 'a.txt' } }),
          reply('', { name: 'write_file', args: { path: 'b.txt', content: 'B\n' } }),
          protocol === 'native' ? { text: 'done' } : reply('done'),
        ],
        { files: { 'a.txt': 'alpha\n' }, settings: { protocol } },
      );
      await h.agent.run('copy a to b');
      const steps = teachingSteps(h.events, h.agent.session.id);
      expect(steps).toHaveLength(3);
      for (const step of steps) {
        const slots = fiveSlots(step.request!, step.sections);
        expect(slots.map((slot) => slot.name)).toEqual(['instructions', 'tools', 'environment', 'state', 'feedback']);
        expect(slots.reduce((sum, slot) => sum + slot.chars, 0)).toBe(requestSize(step.request!));
      }
      // The request the step index recovers is the one the model received.
      expect(steps.map((step) => step.request!.messages.map((message) => message.content))).toEqual(
        h.model.requests.map((request) => request.messages.map((message) => message.content)),
      );
      // Feedback is what came back after the model's last reply: the read's result on step 2.
      expect(fiveSlots(steps[1].request!, steps[1].sections).find((slot) => slot.name === 'feedback')!.text).toContain(
        'alpha',
      );
    },
  );

  it('U3 step index: history before each request, files changed by a write, memory at the time', async () => {
    const h = harness(
      [tool('read_file', { path: 'a.txt' }), tool('write_file', { path: 'b.txt', content: 'B' }), final('ok')],
      { files: { 'a.txt': 'A' } },
    );
    await h.agent.run('copy');
    const steps = teachingSteps(h.events, h.agent.session.id);
    // Step 1 sees the task only; each later step sees the reply, the result and the memory notice.
    expect(steps.map((step) => step.itemsBefore)).toEqual([1, 4, 7]);
    expect(steps.map((step) => step.filesChangedAt)).toEqual([0, 0, 6]);
    // Memory enters once it holds more than the task; a fork from step 1 starts from the task alone.
    expect(steps.map((step) => step.memory?.files)).toEqual([undefined, ['a.txt'], ['a.txt', 'b.txt']]);
    expect(steps[0].reply?.content).toContain('read_file');
  });

  it('U3 the cache breaks nowhere when a request extends the last one, and at the edit when a section changes', () => {
    const system = { role: 'system' as const, content: 'You are an agent. Rules: be brief.' };
    const first = [system, { role: 'user' as const, content: 'task' }];
    const reply = { role: 'assistant' as const, content: '<tool>{"name":"list_files","args":{}}</tool>' };
    const extended = [...first, reply, { role: 'user' as const, content: 'result' }];
    const extends_ = cacheBreak(first, reply, extended);
    expect(extends_.firstDifference).toBeUndefined();
    // Only the new message is evaluated; reused and evaluated add up to the size the slots count.
    expect(extends_.total - extends_.reused).toBe('result'.length);
    expect(extends_.total).toBe(requestSize({ step: 2, runStep: 2, messages: extended, kept: 0 }));
    const edited = [
      { role: 'system' as const, content: 'You are an agent. Rules: be thorough.' },
      ...extended.slice(1),
    ];
    const broken = cacheBreak(first, reply, edited);
    expect(broken.firstDifference).toBeGreaterThan(0);
    expect(broken.firstDifference).toBe('You are an agent. Rules: be '.length);
    expect(broken.now).toContain('thorough');
    expect(cacheBreak(undefined, undefined, first).firstDifference).toBe(0);
  });

  it.each(lessonIds)(
    'U3 lesson %s imports cleanly, has a note naming a slot for every step, and shows the files of every step',
    (id) => {
      const trajectory = lesson(id);
      const notes = JSON.parse(readFileSync(join(lessonDir, `${id}.notes.json`), 'utf8')) as {
        notes: { step: number; slot: string; text: string }[];
      };
      const steps = teachingSteps(trajectory.events, trajectory.session.id);
      expect(notes.notes.map((note) => note.step)).toEqual(steps.map((step) => step.number));
      for (const note of notes.notes) {
        expect(['instructions', 'tools', 'environment', 'state', 'feedback']).toContain(note.slot);
        expect(note.text.length).toBeGreaterThan(40);
      }
      // Every step that changed files has a snapshot taken at or after the change.
      for (const step of steps)
        expect(
          trajectory.snapshots!.some(
            (snapshot) => snapshot.step <= step.itemsBefore && snapshot.step >= step.filesChangedAt,
          ),
        ).toBe(true);
    },
  );

  it('U3 lesson 5 was recorded on a real model and shows what the harness does about a small one', () => {
    const recorded = lesson('real-model');
    expect(recorded.session.model).not.toMatch(/scripted/);
    const reasons = new Set(recorded.session.history.flatMap((item) => (item.kind === 'notice' ? [item.reason] : [])));
    // The guards a class should see fire on a real small model: format notices and the constrained
    // rescue, the output limit, compaction, and the refusal of a repeated call.
    for (const reason of ['malformed', 'constrained-output', 'length']) expect(reasons).toContain(reason);
    expect(recorded.events.some((event) => event.type === 'compaction')).toBe(true);
    expect(recorded.session.history.some((item) => item.kind === 'tool' && /not run again/.test(item.content))).toBe(
      true,
    );
    // A real server's timings, not the scripted client's.
    const done = recorded.events.find((event) => event.type === 'response.done');
    expect(done?.type === 'response.done' && done.stats.loadSeconds).toBeGreaterThan(0);
  });

  it("U3 every lesson's notes file is what its events write: notes and figures generated, nothing typed by hand", () => {
    for (const id of lessonIds) {
      const recorded = lesson(id);
      const file = JSON.parse(readFileSync(join(lessonDir, `${id}.notes.json`), 'utf8')) as {
        title: string;
        summary: string;
      };
      expect(file).toEqual(lessonNotesFile(recorded.events, recorded.session.id, file));
      const notes = notesFromEvents(recorded.events, recorded.session.id);
      expect(notes.map((note) => note.step)).toEqual(
        teachingSteps(recorded.events, recorded.session.id).map((step) => step.number),
      );
      expect(new Set(notes.map((note) => note.text)).size).toBe(notes.length);
      for (const note of notes) expect(note.text).not.toMatch(/\.\.$|”\.\./);
      // A hand-written summary states no count: counts drift, so they live in the generated figures.
      expect(file.summary).not.toMatch(
        /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten) (steps?|compactions?|times)\b(?! to )/i,
      );
    }
  });

  it('U3 each note claims only what its step shows: compaction, prefix reuse, retries, results', () => {
    for (const id of lessonIds) {
      const recorded = lesson(id);
      const facts = factsByStep(recorded.events, recorded.session.id);
      const teaching = teachingSteps(recorded.events, recorded.session.id);
      for (const note of notesFromEvents(recorded.events, recorded.session.id)) {
        const step = facts[note.step - 1]!;
        const compacted = step.compactions.filter((entry) => !entry.reason.includes('shortened')).length;
        expect(note.text.split('the history was compacted').length - 1, `${id} ${note.text}`).toBe(compacted);
        // Reuse and breaks as the Slots view computes them for the same step, one size per request.
        const view = stepCacheBreak(teaching[note.step - 2], teaching[note.step - 1]!)!;
        const number = (pattern: RegExp) => {
          const found = pattern.exec(note.text);
          return found ? Number(found[1]!.replaceAll(',', '')) : undefined;
        };
        expect(note.text.match(/This request is/g), `${id} ${note.text}`).toHaveLength(1);
        expect(number(/This request is ([\d,]+) characters/)).toBe(view.total);
        const stops = number(/stops sharing its start with the previous request and its reply at character ([\d,]+)/);
        const fresh = number(/extends the previous request and its reply: only the last ([\d,]+) are new/);
        if (note.step > 1 && view.firstDifference !== undefined)
          expect(stops, `${id} ${note.text}`).toBe(view.firstDifference);
        else if (note.step > 1) expect(fresh, `${id} ${note.text}`).toBe(view.total - view.reused);
        else expect(stops ?? fresh).toBeUndefined();
        // The server's figures, as it gave them.
        const shown = teaching[note.step - 1]!;
        if (shown.stats?.promptTokens)
          expect(number(/The server read ([\d,]+) prompt tokens/), `${id} ${note.text}`).toBe(shown.stats.promptTokens);
        if (shown.serverReused)
          expect(note.text).toContain(
            `taking ${shown.serverReused.tokens ? `${shown.serverReused.tokens.toLocaleString('en-US')} of them` : 'none of them'} from its cache`,
          );
        // The tag names a slot this step's request has.
        expect(step.slots![note.slot], `${id} step ${note.step} tagged ${note.slot}`).toBeGreaterThan(0);
        expect(note.text.includes('asked again'), `${id} ${note.text}`).toBe(step.retries.length > 0);
        for (const entry of step.tools.filter((call) => !/not run again|same arguments/.test(call.result ?? '')))
          if (!note.text.includes('the same as at step'))
            expect(note.text).toContain(describeCall(entry.tool, entry.args));
        if (/ worked\b/.test(note.text) && !note.text.includes('the same as at step'))
          expect(step.tools.some((call) => call.ok)).toBe(true);
        if (/ failed\b/.test(note.text) && !note.text.includes('the same as at step'))
          expect(step.tools.some((call) => call.ok === false) || step.check?.passed === false).toBe(true);
      }
    }
  });

  it('U3 the notes writer is held to the facts: a compaction or a prefix break it did not see is not claimed', () => {
    const recorded = lesson('compaction');
    // Drop the compaction events: the notes must stop claiming any, and the figures must count none.
    const without = recorded.events.filter((event) => event.type !== 'compaction');
    expect(notesFromEvents(without, recorded.session.id).some((note) => note.text.includes('compacted'))).toBe(false);
    expect(lessonFigures(without, recorded.session.id)).toContain('0 compactions');
    expect(lessonFigures(recorded.events, recorded.session.id)).toMatch(/[1-9]\d* compactions?/);
  });

  it('P5 T8 lesson 4 loads a skill into the history and shows a hook denying a risky command', () => {
    const recorded = lesson('skills-hooks');
    const hooks = recorded.events.filter((event) => event.type === 'hook');
    expect(hooks.find((event) => event.decision === 'deny')).toMatchObject({ tool: 'run_shell', point: 'before_tool' });
    const results = recorded.session.history.filter((item) => item.kind === 'tool').map((item) => item.content);
    expect(results[0]).toContain('# skill testing');
    expect(results[1]).toContain('a hook denied run_shell');
    // The skill's text is never in the system prompt: only its name and description.
    const prefix = recorded.events.find((event) => event.type === 'prompt.assembled' && event.prefix);
    const system = JSON.stringify(prefix);
    expect(system).toContain('testing: How tests work in this project');
    expect(system).not.toContain('never deleted or rewritten');
  });

  it('U3 the compaction lesson compacts, and the rescued lesson recovers from malformed output with constrained output', () => {
    expect(lesson('compaction').events.some((event) => event.type === 'compaction')).toBe(true);
    const rescued = lesson('rescued');
    expect(rescued.events.filter((event) => event.type === 'notice').length).toBeGreaterThanOrEqual(2);
    expect(rescued.events.filter((event) => event.type === 'parse.result' && event.kind === 'malformed').length).toBe(
      2,
    );
    expect(rescued.events.some((event) => event.type === 'request.sent' && event.constrained)).toBe(true);
    expect(rescued.session.history.at(-1)).toMatchObject({ kind: 'assistant' });
  });

  it('U3 S4 an export carries its earlier snapshots and an import restores them for replay', async () => {
    const store = new MemorySessionStore();
    const library = new SessionLibrary(store);
    const session = createSession({
      model: 'm',
      settings: defaultSettings(),
      workspace: { backend: 'memory', label: 'memory' },
      title: 't',
    });
    session.history = [
      { seq: 0, at: 1, kind: 'user', content: 'go' },
      { seq: 1, at: 2, kind: 'assistant', content: 'done' },
    ];
    await library.create(session, { 'a.txt': 'v0' });
    await library.saveFiles(session.id, 2, { 'a.txt': 'v2' });
    const text = await library.exportSession(session.id, { files: {}, tasks: [] });
    const imported = importTrajectory(text);
    if (!imported.ok) throw new Error(imported.error);
    expect(imported.trajectory.snapshots).toEqual([{ step: 0, files: { 'a.txt': 'v0' } }]);
    const other = new SessionLibrary(new MemorySessionStore());
    const copy = await other.importSession(imported.trajectory);
    expect(await other.filesAt(copy.id, 1)).toEqual({ 'a.txt': 'v0' });
    expect(await other.filesAt(copy.id, 2)).toEqual({ 'a.txt': 'v2' });
  });

  it('U3 T7 an import whose snapshot would write outside the workspace is refused whole', () => {
    const trajectory = lesson('clean-run');
    const hostile = exportTrajectory({ ...trajectory, snapshots: [{ step: 0, files: { '../../etc/passwd': 'x' } }] });
    const result = importTrajectory(hostile);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain('/snapshots/0/files/../../etc/passwd');
  });

  it("U3 T6 a fork after the switch to constrained output keeps it: the step's request carries the format again", async () => {
    const h = harness(
      [
        { text: '<tool>{"name": "read_file"' },
        { text: '<tool>{name}</tool>' },
        { text: '{"action":"tool","name":"read_file","args":{"path":"a.txt"}}' },
        { text: '{"action":"final","final":"A"}' },
      ],
      { files: { 'a.txt': 'A' } },
    );
    await h.agent.run('read a');
    const steps = teachingSteps(h.events, h.agent.session.id);
    expect(h.model.requests.map((request) => Boolean(request.format))).toEqual([false, false, true, true]);
    const step = steps[3];
    const fork = createSession({
      model: 'other',
      settings: h.agent.session.settings,
      workspace: h.agent.session.workspace,
      title: 'fork',
    });
    fork.history = h.agent.session.history.slice(0, step.itemsBefore).map((item) => structuredClone(item));
    fork.forkOf = { sessionId: h.agent.session.id, step: 4 };
    const model = new ScriptedModelClient([{ text: '{"action":"final","final":"B"}' }]);
    const forked = new Agent({
      model,
      modelName: 'other',
      workspace: new MemoryWorkspace({ files: { 'a.txt': 'A' } }),
      store: new MemorySessionStore(),
      session: fork,
      settings: fork.settings,
    });
    expect((await forked.run('')).outcome).toEqual({ kind: 'final', answer: 'B' });
    expect(model.requests[0].format).toEqual(h.model.requests[3].format);
  });

  it("U3 a fork continues by sending its step's request again, with no resume notice", async () => {
    const h = harness([tool('read_file', { path: 'a.txt' }), final('first')], { files: { 'a.txt': 'A' } });
    await h.agent.run('read a');
    const step = teachingSteps(h.events, h.agent.session.id)[1];
    const fork = createSession({
      model: 'other',
      settings: h.agent.session.settings,
      workspace: h.agent.session.workspace,
      title: 'fork',
    });
    fork.history = h.agent.session.history.slice(0, step.itemsBefore).map((item) => structuredClone(item));
    fork.memory = structuredClone(step.memory!);
    fork.forkOf = { sessionId: h.agent.session.id, step: 2 };
    const model = new ScriptedModelClient([final('second')]);
    const forked = new Agent({
      model,
      modelName: 'other',
      workspace: new MemoryWorkspace({ files: { 'a.txt': 'A' } }),
      store: new MemorySessionStore(),
      session: fork,
      settings: fork.settings,
    });
    const result = await forked.run('');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'second' });
    expect(model.requests[0].messages.map((message) => message.content)).toEqual(
      step.request!.messages.map((message) => message.content),
    );
    expect(fork.history.some((item) => item.kind === 'notice' && item.reason === 'resumed')).toBe(false);
  });

  it('U3 a step chosen in a longer session shows the newest step of a shorter one, not nothing', async () => {
    const long = harness([tool('read_file', { path: 'a.txt' }), tool('read_file', { path: 'a.txt' }), final('A')], {
      files: { 'a.txt': 'A' },
    });
    await long.agent.run('read a');
    const short = harness([final('done')]);
    await short.agent.run('nothing');
    let open = long;
    const host = { session: () => open.agent.session, events: () => open.events } as unknown as TeachingHost;
    const teaching = new TeachingState(host);
    teaching.chosenStep = 3;
    expect(teaching.current()?.number).toBe(3);
    open = short;
    expect(teaching.shownNumber()).toBe(1);
    expect(teaching.current()?.request?.messages.at(-1)?.content).toContain('nothing');
  });
});
