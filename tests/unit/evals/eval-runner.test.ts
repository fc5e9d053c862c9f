/**
 * O2: npm run eval writes complete, parseable results, resumes a killed suite without repeating
 * finished runs, records a crashed run instead of dropping it, and says clearly what is wrong
 * with a broken task folder.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseResults } from '../../../src/lib/evals/results-file';
import { runEval, taskLimits } from '../../../src/lib/evals/run-eval';
import { warmEval } from '../../../src/lib/evals/warm-eval';
import type { Limits } from '../../../src/lib/harness/settings';

const runnerLimits: Limits = { maxSteps: 12, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 3, maxFailedSteps: 0 };
import { summarize, summaryRows, summaryTable, taskRows, textTable } from '../../../src/lib/evals/eval-summary';
import { loadEvals } from '../../../src/cli/load-evals';
import { ScriptedModelClient } from '../../../src/lib/model/scripted-model-client';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { FakeOllamaServer } from '../../fixtures/fake-ollama-server';

function evalCli(
  args: string[],
  onLine?: (stderr: string, kill: () => void) => void,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/eval.ts', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      onLine?.(stderr, () => child.kill('SIGKILL'));
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const fields = [
  'runId',
  'task',
  'model',
  'protocol',
  'preset',
  'repeat',
  'passed',
  'outcome',
  'steps',
  'promptTokens',
  'outputTokens',
  'seconds',
  'parseRate',
  'formatErrors',
  'session',
];

describe('O2 npm run eval', () => {
  it('O2 writes one complete JSON line per run, a comparison table, and the results object last', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'harness-eval-'));
    const run = await evalCli([
      '--reference',
      '--noop',
      '--tasks',
      'patch-one-line,edit-markup',
      '--repeat',
      '2',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    const { results, skipped } = parseResults(readFileSync(path.join(out, 'results.jsonl'), 'utf8'));
    expect(skipped).toEqual([]);
    expect(results).toHaveLength(8);
    for (const result of results) for (const field of fields) expect(result, field).toHaveProperty(field);
    for (const result of results)
      expect(JSON.parse(readFileSync(path.join(out, result.session!), 'utf8')).format).toBe(
        'harness-playground/session',
      );
    const last = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect(last.tasks).toBe(2);
    expect(last.results).toHaveLength(8);
    expect(run.stdout).toContain(summaryTable(summarize(results)).split('\n')[0]);
    expect(run.stdout).toMatch(/reference\s+text\s+default\s+4\/4\s+100%/);
    // Per task, per configuration: which tasks each one got done.
    expect(run.stdout).toContain(textTable(taskRows(summarize(results))));
    expect(taskRows(summarize(results))).toEqual([
      ['task', 'reference · text · default', 'noop · text · default'],
      ['edit-markup', '2/2', '0/2'],
      ['patch-one-line', '2/2', '0/2'],
    ]);
    expect(run.stderr).toMatch(/\[8\/8\]/);
  });

  it('O2 the per-task table marks a task a configuration did not run, instead of counting it as failed', () => {
    const base = {
      tags: [],
      preset: 'default',
      repeat: 1,
      outcome: 'final' as const,
      outcomeDetail: '',
      steps: 1,
      promptTokens: 1,
      outputTokens: 1,
      seconds: 1,
      parseRate: 1,
      formatErrors: 0,
      checkExitCode: 0,
      checkOutput: '',
    };
    const results = [
      { ...base, runId: 'a|m|text|default|1', task: 'a', model: 'm', protocol: 'text' as const, passed: true },
      { ...base, runId: 'b|m|text|default|1', task: 'b', model: 'm', protocol: 'text' as const, passed: false },
      { ...base, runId: 'a|n|text|default|1', task: 'a', model: 'n', protocol: 'text' as const, passed: false },
    ];
    expect(taskRows(summarize(results))).toEqual([
      ['task', 'm · text · default', 'n · text · default'],
      ['a', '1/1', '0/1'],
      ['b', '0/1', '–'],
    ]);
  });

  it('O2 a suite killed mid-run resumes without repeating finished runs', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'harness-eval-'));
    // Six tasks: enough runs to kill mid-way, few enough for two passes in seconds.
    const tasks = loadEvals('evals')
      .slice(0, 6)
      .map((task) => task.id);
    const args = ['--reference', '--noop', '--repeat', '2', '--tasks', tasks.join(','), '--out', out];
    const killed = await evalCli(args, (stderr, kill) => (stderr.match(/^\[\d+\//gm)?.length ?? 0) >= 5 && kill());
    expect(killed.code).not.toBe(0);
    const before = parseResults(readFileSync(path.join(out, 'results.jsonl'), 'utf8')).results;
    expect(before.length).toBeGreaterThanOrEqual(5);
    const resumed = await evalCli(args);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`(${before.length} already in`);
    const after = parseResults(readFileSync(path.join(out, 'results.jsonl'), 'utf8')).results;
    const total = tasks.length * 2 * 2;
    expect(after).toHaveLength(total);
    expect(new Set(after.map((result) => result.runId)).size).toBe(total);
    expect(after.slice(0, before.length)).toEqual(before);
  }, 60_000); // two passes over six tasks: a few seconds on a busy 2-core machine

  it('O2 a run that breaks is recorded as crashed, not dropped', async () => {
    const [task] = loadEvals('evals');
    const broken = await runEval({
      task,
      model: { kind: 'reference' },
      protocol: 'text',
      preset: { name: 'default', sections: {} },
      repeat: 1,
      workspace: () => Promise.reject(new Error('disk full')),
    });
    expect(broken.result).toMatchObject({ passed: false, crashed: 'disk full', outcome: 'error' });
    expect(summarize([broken.result])[0]).toMatchObject({ runs: 0, crashed: 1 });
  });

  it('D1 O2 the no-delegate preset takes the delegate tool away: not offered, and a call to it is refused', async () => {
    const [task] = loadEvals('evals');
    const call = '<tool>{"name": "delegate", "args": {"task": "inspect README.md", "max_steps": 3}}</tool>';
    const run = async (preset: { name: string; sections: Record<string, string>; maxDepth?: number }) => {
      const client = new ScriptedModelClient([{ text: call }, { text: '<final>done</final>' }]);
      const { events } = await runEval({
        task,
        model: { kind: 'server', name: 'm', client },
        protocol: 'text',
        preset,
        repeat: 1,
        workspace: async (files) => new MemoryWorkspace({ files }),
        maxSteps: 3,
      });
      const system = client.requests[0]!.messages[0]!.content;
      const tool = events.flatMap((event) =>
        event.type === 'history.appended' && event.item.kind === 'tool' ? [event.item.content] : [],
      );
      return { system, result: tool.join('\n') };
    };
    const plain = await run({ name: 'default', sections: {} });
    expect(plain.system).toContain('- delegate(');
    const without = await run({ name: 'no-delegate', sections: {}, maxDepth: 0 });
    expect(without.system).not.toContain('- delegate(');
    expect(without.result).toContain('delegation depth exceeded');
  });

  it('T6 O2 the think-first preset asks every constrained reply of the run for a thought first', async () => {
    const [task] = loadEvals('evals');
    const run = async (preset: { name: string; sections: Record<string, string>; thinkFirst?: boolean }) => {
      const client = new ScriptedModelClient([{ text: '{"thought":"ok","action":"final","final":"done"}' }]);
      await runEval({
        task,
        model: { kind: 'server', name: 'm', client },
        protocol: 'constrained',
        preset,
        repeat: 1,
        workspace: async (files) => new MemoryWorkspace({ files }),
        maxSteps: 2,
      });
      return JSON.stringify(client.requests[0]!.format);
    };
    expect(await run({ name: 'default', sections: {} })).not.toContain('thought');
    expect(await run({ name: 'think-first', sections: {}, thinkFirst: true })).toContain('"thought"');
  });

  it('O2 a server that goes away mid-suite crashes the run instead of failing the model', async () => {
    const [task] = loadEvals('evals');
    const model = (kind: 'unreachable' | 'bad_reply') => ({
      kind: 'server' as const,
      name: 'm',
      client: new ScriptedModelClient([{ error: { kind, message: `${kind}!`, retryable: false } }]),
    });
    const run = (kind: 'unreachable' | 'bad_reply') =>
      runEval({
        task,
        model: model(kind),
        protocol: 'text',
        preset: { name: 'default', sections: {} },
        repeat: 1,
        workspace: async (files) => new MemoryWorkspace({ files }),
        maxSteps: 2,
      });
    const gone = await run('unreachable');
    expect(gone.result.passed).toBe(false);
    expect(gone.result.crashed).toContain('unreachable!');
    // A reply the harness cannot use is the model's failure, and counts.
    const bad = await run('bad_reply');
    expect(bad.result.crashed).toBeUndefined();
    expect(summarize([gone.result, bad.result])[0]).toMatchObject({ runs: 1, crashed: 1 });
  });

  it("T7 O2 a task from elsewhere cannot lift the runner's limits: its 0 and its larger numbers lose", async () => {
    const [task] = loadEvals('evals');
    const looping = { ...task, limits: { maxSteps: 0, maxSeconds: 0, maxTokens: 0 } };
    const client = new ScriptedModelClient(
      Array.from({ length: 40 }, (_, index) => ({
        text: `<tool>{"name": "list_files", "args": {"path": "dir${index}"}}</tool>`,
      })),
    );
    const { result } = await runEval({
      task: looping,
      model: { kind: 'server', name: 'm', client },
      protocol: 'text',
      preset: { name: 'default', sections: {} },
      repeat: 1,
      workspace: async (files) => new MemoryWorkspace({ files }),
      maxSteps: 3,
    });
    expect(result.outcome).toBe('limit');
    expect(result.steps).toBe(3);
    expect(taskLimits({ ...runnerLimits, maxSteps: 5 }, { maxSteps: 50 }).maxSteps).toBe(5);
    expect(taskLimits({ ...runnerLimits, maxSteps: 5 }, { maxSteps: 2 }).maxSteps).toBe(2);
    expect(taskLimits({ ...runnerLimits, maxTokens: 0 }, { maxTokens: 900 }).maxTokens).toBe(900);
  });

  it("T7 O2 a task's shell rules add to the default deny list: allowing everything does not let sudo run", async () => {
    const [task] = loadEvals('evals');
    const permissive = { ...task, settings: { shellRules: { allow: ['*', 'sudo *'], deny: [] } } };
    const client = new ScriptedModelClient([
      { text: '<tool>{"name": "run_shell", "args": {"command": "sudo ls"}}</tool>' },
      { text: '<final>done</final>' },
    ]);
    const { events } = await runEval({
      task: permissive,
      model: { kind: 'server', name: 'm', client },
      protocol: 'text',
      preset: { name: 'default', sections: {} },
      repeat: 1,
      workspace: async (files) => new MemoryWorkspace({ files }),
      maxSteps: 3,
    });
    const approval = events.find((event) => event.type === 'approval');
    expect(approval).toMatchObject({ tool: 'run_shell', decision: 'denied' });
    expect(events.some((event) => event.type === 'tool.started' && event.tool === 'run_shell')).toBe(false);
  });

  it('O2 a broken task folder is a usage error that names the task and the field', async () => {
    const suite = mkdtempSync(path.join(tmpdir(), 'harness-suite-'));
    mkdirSync(path.join(suite, 'bad-task', 'workspace'), { recursive: true });
    writeFileSync(path.join(suite, 'bad-task', 'workspace', 'a.txt'), 'x');
    writeFileSync(
      path.join(suite, 'bad-task', 'task.json'),
      JSON.stringify({ id: 'bad-task', title: 'x', task: 'x', tags: [] }),
    );
    const run = await evalCli(['--suite', suite, '--noop', '--out', mkdtempSync(path.join(tmpdir(), 'harness-eval-'))]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('eval task "bad-task": task.json is invalid');
    expect(run.stderr).toContain("must have required property 'check'");
  });

  it('D1 O4 a preset file may choose delegation depth and the named files; a bad value is a usage error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'harness-preset-'));
    for (const [bad, says] of [
      [{ sections: {}, maxDepth: 9 }, '"maxDepth" 9; use 0 to 3'],
      [{ sections: {}, showNamedFiles: 'yes' }, '"showNamedFiles" "yes"; use true or false'],
    ] as const) {
      const file = path.join(dir, 'bad.json');
      writeFileSync(file, JSON.stringify(bad));
      const run = await evalCli(['--noop', '--presets', file, '--tasks', 'create-file', '--out', dir]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(says);
    }
    const out = mkdtempSync(path.join(tmpdir(), 'harness-eval-'));
    const run = await evalCli([
      '--noop',
      '--presets',
      'evals/presets/core-named.json',
      '--tasks',
      'create-file',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    expect(parseResults(readFileSync(path.join(out, 'results.jsonl'), 'utf8')).results[0]).toMatchObject({
      preset: 'core-named',
    });
  }, 60_000);

  it('O2 a suite written elsewhere runs: unknown fields are named and ignored, ids may use capitals and underscores', async () => {
    const suite = mkdtempSync(path.join(tmpdir(), 'harness-suite-'));
    mkdirSync(path.join(suite, 'Fix_Greeting', 'workspace'), { recursive: true });
    writeFileSync(path.join(suite, 'Fix_Greeting', 'workspace', 'hello.txt'), 'helo\n');
    writeFileSync(
      path.join(suite, 'Fix_Greeting', 'task.json'),
      JSON.stringify({
        id: 'Fix_Greeting',
        title: 'Fix the greeting',
        task: 'Fix the typo in hello.txt.',
        check: 'grep -q "^hello$" hello.txt',
        tags: ['patch'],
        difficulty: 'easy',
        limits: { maxSteps: 6, budget: 3 },
        settings: { toolProfile: 'structured', temperature: 0 },
      }),
    );
    writeFileSync(
      path.join(suite, 'Fix_Greeting', 'reference.json'),
      JSON.stringify({
        replies: [
          '<tool>{"name": "write_file", "args": {"path": "hello.txt", "content": "hello\\n"}}</tool>',
          '<final>Fixed.</final>',
        ],
      }),
    );
    const out = mkdtempSync(path.join(tmpdir(), 'harness-eval-'));
    const run = await evalCli(['--suite', suite, '--reference', '--noop', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'eval task "Fix_Greeting": ignored unknown field(s) difficulty, limits.budget, settings.temperature',
    );
    const { results } = parseResults(readFileSync(path.join(out, 'results.jsonl'), 'utf8'));
    expect(results.map((result) => [result.model, result.passed])).toEqual([
      ['reference', true],
      ['noop', false],
    ]);
  });

  /** A suite of one small task (reference passes), in a folder of its own. */
  function oneTaskSuite(folder = 'fix-greeting', id = folder): string {
    const suite = mkdtempSync(path.join(tmpdir(), 'harness-suite-'));
    mkdirSync(path.join(suite, folder, 'workspace'), { recursive: true });
    writeFileSync(path.join(suite, folder, 'workspace', 'hello.txt'), 'helo\n');
    writeFileSync(
      path.join(suite, folder, 'task.json'),
      JSON.stringify({ id, title: 'Fix', task: 'Fix hello.txt.', check: 'grep -qx hello hello.txt', tags: [] }),
    );
    writeFileSync(
      path.join(suite, folder, 'reference.json'),
      JSON.stringify({
        replies: [
          '<tool>{"name": "write_file", "args": {"path": "hello.txt", "content": "hello\\n"}}</tool>',
          '<final>ok</final>',
        ],
      }),
    );
    return suite;
  }

  it("O2 a task whose id is not its folder's name is refused, naming both (two such tasks would share a runId)", async () => {
    const suite = oneTaskSuite('copy-of-task', 'fix-greeting');
    const run = await evalCli(['--suite', suite, '--noop', '--out', mkdtempSync(path.join(tmpdir(), 'harness-eval-'))]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('eval task "copy-of-task": task.json says id "fix-greeting"');
  });

  it('O2 --tasks with an unknown id is an error naming it, even when another id matches', async () => {
    const suite = oneTaskSuite();
    const out = mkdtempSync(path.join(tmpdir(), 'harness-eval-'));
    const run = await evalCli(['--suite', suite, '--noop', '--tasks', 'fix-greeting,no-such-task', '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--tasks: no task "no-such-task"');
    expect(run.stderr).toContain('(it has fix-greeting)');
  });

  it('O2 the directory workspace of each run is removed when the run is over', async () => {
    const temporary = mkdtempSync(path.join(tmpdir(), 'harness-tmp-'));
    const out = mkdtempSync(path.join(tmpdir(), 'harness-eval-out-'));
    const run = await evalCli(
      ['--suite', oneTaskSuite(), '--reference', '--noop', '--workspace', 'directory', '--out', out],
      undefined,
      { TMPDIR: temporary },
    );
    expect(run.code, run.stderr).toBe(0);
    const { results } = parseResults(readFileSync(path.join(out, 'results.jsonl'), 'utf8'));
    expect(results.map((result) => [result.model, result.passed])).toEqual([
      ['reference', true],
      ['noop', false],
    ]);
    expect(readdirSync(temporary).filter((name) => name.startsWith('harness-eval-'))).toEqual([]);
  });

  it('O2 T7 a task workspace that links out of its folder is refused, naming the link', async () => {
    const suite = mkdtempSync(path.join(tmpdir(), 'harness-suite-'));
    mkdirSync(path.join(suite, 'leak', 'workspace'), { recursive: true });
    writeFileSync(path.join(suite, 'leak', 'workspace', 'a.txt'), 'x');
    symlinkSync('/etc/hostname', path.join(suite, 'leak', 'workspace', 'secret.txt'));
    writeFileSync(
      path.join(suite, 'leak', 'task.json'),
      JSON.stringify({ id: 'leak', title: 'x', task: 'x', check: 'true', tags: [] }),
    );
    writeFileSync(path.join(suite, 'leak', 'reference.json'), JSON.stringify({ replies: ['<final>x</final>'] }));
    const run = await evalCli(['--suite', suite, '--noop', '--out', mkdtempSync(path.join(tmpdir(), 'harness-eval-'))]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('eval task "leak": workspace/secret.txt is a symbolic link');
  });
});

describe('P2 O3 a sweep warms the next run', () => {
  it("P2 L1 a warm-up that never answers, or trickles, ends at its deadline and counts in no run's seconds", async () => {
    for (const warmUps of ['hang', 'trickle'] as const) {
      const server = new FakeOllamaServer({
        generate: true,
        warmUps,
        models: [{ name: 'tiny:1b', capabilities: ['completion'], contextLength: 8192 }],
      });
      const host = await server.start();
      try {
        const out = mkdtempSync(path.join(tmpdir(), `harness-warm-${warmUps}-`));
        const started = Date.now();
        const run = await evalCli([
          ...['--host', host, '--models', 'tiny:1b', '--tasks', 'create-file,append-line,copy-port'],
          ...['--max-seconds', '3', '--max-steps', '2', '--out', out],
        ]);
        expect(run.code, run.stderr).toBe(0);
        const { results } = parseResults(readFileSync(path.join(out, 'results.jsonl'), 'utf8'));
        expect(results).toHaveLength(3);
        expect(server.warmRequests().length, warmUps).toBeGreaterThan(0);
        // Each run is quick with this server: the 3 s a warm-up was let take is in none of them.
        for (const result of results) expect(result.seconds, `${warmUps}: ${result.task}`).toBeLessThan(2.5);
        // Two warm-ups, each cut at 3 s, and three quick runs.
        expect(Date.now() - started).toBeLessThan(25_000);
      } finally {
        await server.stop();
      }
    }
  }, 60_000);

  it('P2 the warm-up of a run sends exactly the prefix its first request starts with; it starts with the check', async () => {
    const [task] = loadEvals('evals').filter((entry) => entry.id === 'create-file');
    const client = new ScriptedModelClient([{ text: '<final>done</final>' }], { whenExhausted: 'repeat-last' });
    const run = {
      task,
      model: { kind: 'server' as const, name: 'tiny:1b', client },
      protocol: 'text' as const,
      preset: { name: 'default', sections: {} },
      repeat: 1,
      workspace: async (files: Record<string, string>) => new MemoryWorkspace({ files }),
      seed: 7,
    };
    const order: string[] = [];
    await warmEval(run);
    const { result } = await runEval({
      ...run,
      onCheck: () => order.push('warm-next'),
    });
    expect(client.warmed[0].messages).toEqual([client.requests[0].messages[0]]);
    expect(client.warmed[0].options).toEqual(client.requests[0].options);
    expect(order).toEqual(['warm-next']);
    // Provenance: the sampling the run used is kept with it.
    expect(result).toMatchObject({ temperature: 0.2, seed: 7 });
  });

  it('O5 a result says which rules acted how often, and the flags of the answer that stood', async () => {
    const task = loadEvals('evals').find((entry) => entry.id === 'append-line')!;
    const { result } = await runEval({
      task,
      model: { kind: 'shortcut', name: 'overwrite' },
      protocol: 'text',
      preset: { name: 'tuned', sections: {}, pack: 'qwen2.5-coder-1.5b' },
      repeat: 1,
      workspace: async (files: Record<string, string>) => new MemoryWorkspace({ files }),
    });
    // The blind overwrite was refused once by read-first (in the 1.5B pack); the shortcut's second write went through.
    expect(result.rulesActed).toEqual({ 'read-first': 1 });
    expect(result).toMatchObject({ family: 'append-line', split: 'tuning' });
    const bare = await runEval({
      task,
      model: { kind: 'shortcut', name: 'overwrite' },
      protocol: 'text',
      preset: { name: 'bare', sections: {}, pack: 'bare' },
      repeat: 1,
      workspace: async (files: Record<string, string>) => new MemoryWorkspace({ files }),
    });
    expect(bare.result.rulesActed).toBeUndefined();
    expect(parseResults(JSON.stringify(result)).results[0]!.rulesActed).toEqual({ 'read-first': 1 });
  });

  it('O2 a scripted run keeps no prompt time or tokens read: its stand-in model measured nothing', async () => {
    const [task] = loadEvals('evals').filter((entry) => entry.id === 'create-file');
    const { result } = await runEval({
      task,
      model: { kind: 'reference' },
      protocol: 'text',
      preset: { name: 'default', sections: {} },
      repeat: 1,
      workspace: async (files: Record<string, string>) => new MemoryWorkspace({ files }),
    });
    expect(result.passed).toBe(true);
    expect(result).not.toHaveProperty('promptSeconds');
    expect(result).not.toHaveProperty('promptTokensEvaluated');
    expect(summaryRows(summarize([result]))[1][summaryRows([])[0].indexOf('prompt s')]).toBe('–');
  });

  it('O2 repeats of one configuration sample with different seeds (seed + repeat - 1), each kept with its result', async () => {
    const [task] = loadEvals('evals').filter((entry) => entry.id === 'create-file');
    const seeds: (number | undefined)[] = [];
    for (const repeat of [1, 2, 3]) {
      const client = new ScriptedModelClient([{ text: '<final>done</final>' }], { whenExhausted: 'repeat-last' });
      const { result } = await runEval({
        task,
        model: { kind: 'server' as const, name: 'tiny:1b', client },
        protocol: 'text' as const,
        preset: { name: 'default', sections: {} },
        repeat,
        workspace: async (files: Record<string, string>) => new MemoryWorkspace({ files }),
        seed: 7,
      });
      expect(client.requests[0].options.seed).toBe(result.seed);
      seeds.push(result.seed);
    }
    expect(seeds).toEqual([7, 8, 9]);
  });
});
