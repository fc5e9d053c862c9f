/**
 * O4 L3: the done-check the task implies (every profile since the default one proved
 * the better for the 1.5B model) — a task that speaks of tests,
 * in a project with test files, is not done while they fail.
 */
import { describe, expect, it } from 'vitest';
import { final, tunedHarness, tool } from '../helpers';
import { sampleProjects } from '../../../src/lib/workspace/samples/sample-projects';
import { maxRejections } from '../../../src/lib/harness/implied-check';
import { impliedCommand } from '../../../src/lib/harness/facts/test-command';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';

const sample = sampleProjects.find((project) => project.id === 'failing-test')!;
const fixed =
  'export function slugify(title) {\n  return title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");\n}\n';
const wrong = 'export function slugify(title) {\n  return title.toLowerCase();\n}\n';
// The small profile lets a file be replaced only once the run has read it (read-first).
const read = tool('read_file', { path: 'src/slugify.js' });
const checks = (h: ReturnType<typeof tunedHarness>) => h.of('check.finished').map((event) => event.passed);

describe('O4 L3 the done-check a task implies (small profile)', () => {
  it('O4 L3 a final answer with the tests failing goes back with their output; fixed, it stands', async () => {
    const h = tunedHarness(
      [
        read,
        tool('write_file', { path: 'src/slugify.js', content: wrong }),
        final('done'),
        tool('write_file', { path: 'src/slugify.js', content: fixed }),
        final('fixed'),
      ],
      { files: sample.files, settings: { profile: 'small' } },
    );
    const result = await h.agent.run(sample.task);
    expect(result.outcome).toEqual({
      kind: 'final',
      answer: 'fixed',
      flags: [{ kind: 'after-send-back', rules: ['implied-check'], times: 1 }],
    });
    expect(checks(h)).toEqual([false, true]);
    expect(h.of('check.started')[0].command).toMatch(/^node --test '.*slugify\.test\.js'$/);
    const notice = h.of('notice').find((event) => event.text.includes('the task speaks of tests'));
    expect(notice?.text).toContain('✖');
  });

  it('O4 L3 at most three answers are sent back; then the answer stands and the failed tests are on record', async () => {
    const h = tunedHarness(
      [
        read,
        tool('write_file', { path: 'src/slugify.js', content: wrong }),
        ...Array.from({ length: maxRejections + 1 }, (_, index) => final(`done ${index}`)),
      ],
      { files: sample.files, settings: { profile: 'small' } },
    );
    const result = await h.agent.run(sample.task);
    expect(result.outcome).toEqual({
      kind: 'final',
      answer: `done ${maxRejections}`,
      flags: [{ kind: 'after-send-back', rules: ['implied-check'], times: 3 }],
    });
    expect(checks(h)).toEqual(Array.from({ length: maxRejections }, () => false));
  });

  it('O4 L3 no tests run when the task does not speak of them, or with a check of the session', async () => {
    const script = () => [read, tool('write_file', { path: 'src/slugify.js', content: wrong }), final('done')];
    for (const settings of [{ profile: 'small' as const }, {}]) {
      const quiet = tunedHarness(script(), { files: sample.files, settings });
      expect((await quiet.agent.run('Make slugify lower-case its input.')).outcome.kind).toBe('final');
      expect(checks(quiet)).toEqual([]);
    }
    const own = tunedHarness(script(), { files: sample.files, settings: { profile: 'small', verifyCommand: 'true' } });
    await own.agent.run(sample.task);
    expect(own.of('check.started').map((event) => event.command)).toEqual(['true']);
  });

  it('L3 the default profile runs them too: the 1.5B model answered "done" there with the tests failing (failing-test-pass, 0 of 3)', async () => {
    const h = tunedHarness(
      [
        tool('write_file', { path: 'src/slugify.js', content: wrong }),
        // Its recorded answer was the instructions' example, which echoed-answer now sends back first.
        final('done'),
        tool('write_file', { path: 'src/slugify.js', content: fixed }),
        final('fixed'),
      ],
      { files: sample.files },
    );
    expect((await h.agent.run(sample.task)).outcome).toEqual({
      kind: 'final',
      answer: 'fixed',
      flags: [{ kind: 'after-send-back', rules: ['implied-check'], times: 1 }],
    });
    expect(checks(h)).toEqual([false, true]);
  });

  it('O4 L3 the command names only test files the project has, quoted; none, no command', async () => {
    const workspace = new MemoryWorkspace({
      files: {
        "test/it's.test.js": '',
        'tests/b.test.mjs': '',
        'a.test.cjs': '',
        'test/helper.js': '',
        'src/x.test.txt': '',
      },
    });
    expect(await impliedCommand('make the tests pass', workspace)).toBe(
      `node --test 'a.test.cjs' 'test/it'\\''s.test.js' 'tests/b.test.mjs'`,
    );
    expect(await impliedCommand('make the tests pass', new MemoryWorkspace({ files: { 'a.js': '' } }))).toBeUndefined();
    expect(await impliedCommand('rename a function', workspace)).toBeUndefined();
    // "contest" or "attest" is not a test.
    expect(await impliedCommand('write the contest results', workspace)).toBeUndefined();
  });
});
