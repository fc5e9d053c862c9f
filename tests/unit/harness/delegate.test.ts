import { describe, expect, it } from 'vitest';
import { final, harness, tunedHarness, tool, toolResults } from '../helpers';
import { changeVerb } from '../../../src/lib/harness/tools/delegate';

describe('delegation', () => {
  it('D1 a child agent investigates read-only with its own transcript, and its answer returns as a tool result', async () => {
    const h = harness(
      [
        tool('delegate', { task: 'find where sum is defined', max_steps: 2 }),
        // The child's replies: it may read, but not write.
        tool('search', { pattern: 'function sum' }),
        { text: '<tool name="write_file" path="evil.txt"><content>x</content></tool>' },
        final('the parent finished'),
      ],
      { files: { 'src/math.js': 'export function sum() {}\n' } },
    );
    const result = await h.agent.run('where is sum?');
    expect(result.outcome).toEqual({ kind: 'final', answer: 'the parent finished' });
    const [delegated] = toolResults(h);
    expect(delegated).toMatch(/delegate_result \(child session .*, 2 steps, limit reached \(steps\)/);
    expect(await h.workspace.stat('evil.txt')).toBeNull();
    expect(h.of('delegate.started')).toHaveLength(1);
    expect(h.of('delegate.finished')[0].outcome.kind).toBe('limit');
    expect(h.events.some((event) => event.type === 'run.started' && event.depth === 1)).toBe(true);
    const child = (await h.store.list()).find((summary) => summary.parentId === h.agent.session.id);
    expect(child).toBeDefined();
    const transcript = await h.store.load(child!.id);
    expect(transcript?.history.find((item) => item.kind === 'tool' && item.name === 'search')?.content).toContain(
      'src/math.js:1:',
    );
    expect(transcript?.history.find((item) => item.kind === 'tool' && item.name === 'write_file')?.content).toContain(
      'not available in read-only mode',
    );
    expect(transcript?.settings.approval).toBe('never');
    const childPrompt = h.model.requests[1].messages;
    expect(childPrompt[0].content).not.toContain('- delegate(');
    expect(childPrompt[0].content).not.toContain('- write_file(');
    expect(childPrompt.map((message) => message.content).join('\n')).toContain('Parent task: where is sum?');
    expect(h.agent.session.history.find((item) => item.kind === 'tool')).toMatchObject({ childSessionId: child!.id });
  });

  it('D1 depth is bounded: with max depth 0 there is no delegate tool', async () => {
    const h = harness([tool('delegate', { task: 'x' }), final('ok')], { settings: { maxDepth: 0 } });
    await h.agent.run('go');
    expect(toolResults(h)[0]).toContain('delegation depth exceeded');
  });
});

describe('D1 a read-only child is not asked for a change', () => {
  it('D1 a task that asks the child to fix or run something is refused and no child runs (recorded: done-check, add-default)', async () => {
    // A quoted command alone ("Run 'node --test' …") now runs here instead: delegated-call.test.ts.
    const tasks = ['Fix the failing tests in test/clamp.test.js', 'Run the tests and say which fail.'];
    const h = harness([...tasks.map((task) => tool('delegate', { task, max_steps: 3 })), final('ok')]);
    await h.agent.run('Make the tests pass.');
    const [fix, run] = toolResults(h);
    expect(fix).toContain('the child is read-only: it can read, list and search, not fix anything');
    expect(run).toContain('not run anything');
    expect(h.of('delegate.started')).toHaveLength(0);
  });

  it('D1 a change asked after "and" is refused too, and a child that claims a change is said not to have made one (recorded: fix-formula)', async () => {
    expect(changeVerb('Find and correct the temperature conversion formula in src/temperature.js')).toBe('correct');
    // A later sentence that asks for a change (recorded: failing-test-pass, qwen-1.5b-no-news: the parent's own task).
    expect(
      changeVerb(
        'The tests in test/slugify.test.js fail. Change src/slugify.js so that they pass, without changing the tests.',
      ),
    ).toBe('change');
    expect(changeVerb('What does src/slugify.js do? Where is it used?')).toBeUndefined();
    const h = harness(
      [
        tool('delegate', { task: 'Where is the formula in src/temperature.js?', max_steps: 2 }),
        tool('read_file', { path: 'src/temperature.js' }),
        final('Done: Fixed the temperature conversion formula in src/temperature.js.'),
        final('ok'),
      ],
      { files: { 'src/temperature.js': 'export const toF = (c) => c * 2 + 32;\n' } },
    );
    await h.agent.run('Fix the formula.');
    expect(toolResults(h)[0]).toContain('[harness] The child is read-only: it changed no file, whatever it says.');
  });

  it('D1 a child that answers before reading anything gets its answer back once (recorded: add-missing-export, qwen-1.5b-no-news)', async () => {
    const h = tunedHarness(
      [
        // "What is the content of shapes.js?" itself is now read here: delegated-call.test.ts.
        tool('delegate', { task: 'What does shapes.js export?', max_steps: 3 }),
        // The child: an answer from nothing, sent back; then it reads, and answers from the file.
        final('Done: Exported square from shapes.js. The tests passed.'),
        tool('read_file', { path: 'src/shapes.js' }),
        final('src/shapes.js declares square without export.'),
        final('ok'),
      ],
      { files: { 'src/shapes.js': 'function square(n) {\n  return n * n;\n}\n' } },
    );
    const { outcome } = await h.agent.run('Export square.');
    expect(outcome).toEqual({ kind: 'final', answer: 'ok' });
    expect(toolResults(h)[0]).toMatch(/3 steps, final answer\):\nsrc\/shapes.js declares square without export\.$/);
    const notices = h.of('notice').filter((event) => event.reason === 'child-reads-first');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('you have not read anything yet');
  });

  it('D1 a child whose second answer comes still unread has it stand, marked as read from nothing (bounded); the top level is never held to it', async () => {
    const child = tunedHarness([
      tool('delegate', { task: 'What does README.md say?', max_steps: 3 }),
      final('It says hello.'),
      final('It says hello, I am sure.'),
      final('ok'),
    ]);
    await child.agent.run('Read the readme.');
    expect(toolResults(child)[0]).toMatch(
      /2 steps, final answer\):\nIt says hello, I am sure\.\n\[harness\] The child read nothing before answering: this is not from the workspace\. Read the file yourself\.$/,
    );
    const top = tunedHarness([final('Nothing to read.')]);
    expect((await top.agent.run('Say something.')).outcome).toEqual({ kind: 'final', answer: 'Nothing to read.' });
    expect(top.of('notice').some((event) => event.reason === 'child-reads-first')).toBe(false);
  });

  it('D1 a question is delegated, whatever verbs it holds later', () => {
    for (const task of [
      'Find where the total is changed',
      'What is the output of `node src/main.js`?',
      'inspect README.md',
    ])
      expect(changeVerb(task), task).toBeUndefined();
    expect(changeVerb('  Please update the README')).toBe('update');
  });
});
