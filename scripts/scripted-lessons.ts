/**
 * The scripted lessons (U3): each one's sample, task and the model's replies, run through the real
 * harness by record-lessons.ts. A unit test runs them again and compares with the recorded files,
 * so a lesson cannot show a harness that no longer exists.
 */
import { findSample } from '../src/lib/workspace/samples/sample-projects';
import type { ScriptedReply } from '../src/lib/model/scripted-model-client';
import type { LessonRun } from './lesson-recorder';

export interface ScriptedLesson extends Omit<LessonRun, 'model' | 'modelName'> {
  id: string;
  title: string;
  script: ScriptedReply[];
}

const call = (name: string, args: Record<string, unknown>) => ({
  text: `<tool>${JSON.stringify({ name, args })}</tool>`,
});

const reads = ['README.md', 'src/units.js', 'src/convert.js', 'test/convert.test.js'];

// T8 P5: the harness decides, not the model. A hook (the user's, from the settings) refuses a
// command that would delete a test; a skill brings the project's testing rule only when loaded.
const guard =
  "let s = '';\nprocess.stdin.on('data', (d) => (s += d));\nprocess.stdin.on('end', () => {\n" +
  '  const call = JSON.parse(s);\n' +
  "  const risky = call.tool === 'run_shell' && /\\brm\\b.*test/.test(call.args.command);\n" +
  "  const no = { decision: 'deny', reason: 'test files are protected: fix the code instead' };\n" +
  "  console.log(JSON.stringify(risky ? no : { decision: 'allow' }));\n" +
  '});\n';

export const scriptedLessons: ScriptedLesson[] = [
  {
    id: 'clean-run',
    title: 'Lesson 1: a clean run',
    sample: 'failing-test',
    task: findSample('failing-test')!.task,
    script: [
      call('run_shell', { command: 'npm test' }),
      call('read_file', { path: 'src/slugify.js' }),
      {
        text:
          'Punctuation survives the split. I will replace every run of other ' +
          'characters with one dash.\n<tool name="write_file" ' +
          'path="src/slugify.js"><content>export function slugify(title) {\n  ' +
          'return title.toLowerCase().replace(/[^a-z0-9]+/g, ' +
          "'-').replace(/^-|-$/g, '');\n}\n</content></tool>",
      },
      call('run_shell', { command: 'npm test' }),
      {
        text:
          '<final>slugify() now lowercases, turns every run of other characters ' +
          'into one dash and trims dashes at the ends; all three tests ' +
          'pass.</final>',
      },
    ],
  },

  {
    id: 'rescued',
    title: 'Lesson 2: rescued by a notice and constrained output',
    sample: 'find-the-bug',
    task: findSample('find-the-bug')!.task,
    script: [
      { text: '<tool>{"name": "read_file", "args": {"path": "src/discount.js"</tool>' },
      { text: '<tool>{name: read_file}</tool>' },
      { text: '{"action":"tool","name":"read_file","args":{"path":"src/discount.js"}}' },
      {
        text:
          '{"action":"tool","name":"patch_file","args":{"path":"src/discount.js","old_text":"return ' +
          'amount - percent;","new_text":"return Math.round((amount * (100 - ' +
          'percent)) / 100);"}}',
      },
      { text: '{"action":"tool","name":"run_shell","args":{"command":"npm test"}}' },
      {
        text:
          '{"action":"final","final":"applyDiscount subtracted the percentage as ' +
          'cents; it now takes the percentage of the amount. The tests pass."}',
      },
    ],
    settings: { limits: { maxSteps: 12, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 4, maxFailedSteps: 0 } },
  },

  {
    id: 'compaction',
    title: 'Lesson 3: a long run compacts its history',
    sample: 'multi-file',
    task: findSample('multi-file')!.task,
    script: [
      ...reads.map((path) => call('read_file', { path })),
      call('run_shell', { command: 'npm test' }),
      call('search', { pattern: 'units' }),
      {
        text:
          '<tool name="patch_file" path="src/units.js"><old_text>  mm: ' +
          '0.001,\n</old_text><new_text>  mm: 0.001,\n  km: ' +
          '1000,\n</new_text></tool>',
      },
      call('read_file', { path: 'test/convert.test.js' }),
      {
        text:
          '<tool name="write_file" path="test/km.test.js"><content>import { ' +
          "test } from 'node:test';\nimport assert from " +
          "'node:assert/strict';\nimport { convert } from " +
          "'../src/convert.js';\n\ntest('km to m', () => assert.equal(convert(2, " +
          "'km', 'm'), 2000));\n</content></tool>",
      },
      call('run_shell', { command: 'npm test' }),
      {
        text: '<final>Added km (1000 m) to src/units.js and a test for it in test/km.test.js; all tests pass.</final>',
      },
    ],
    budgets: { recentChars: 5000, oldToolChars: 120, oldTextChars: 120 },
    settings: { options: { contextWindow: 2100, outputLimit: 256 } },
  },

  {
    id: 'skills-hooks',
    title: 'Lesson 4: a skill loaded on demand, a hook that says no',
    sample: 'failing-test',
    task: findSample('failing-test')!.task,
    files: {
      '.harness/skills/testing/SKILL.md':
        '# How tests work in this project\n\nRun them with `npm test` (node --test). A failing test is fixed in the ' +
        'code it tests; test files are never deleted or rewritten to make them pass.\n',
      'hooks/guard.js': guard,
    },
    settings: { hooks: { before_tool: { command: 'node hooks/guard.js' } } },
    script: [
      call('load_skill', { name: 'testing' }),
      call('run_shell', { command: 'rm test/slugify.test.js' }),
      call('read_file', { path: 'src/slugify.js' }),
      {
        text:
          '<tool name="write_file" path="src/slugify.js"><content>export function slugify(title) {\n  ' +
          "return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');\n}\n</content></tool>",
      },
      call('run_shell', { command: 'npm test' }),
      { text: '<final>Fixed slugify() in the code; the tests were left as they are and pass.</final>' },
    ],
  },
];
