/**
 * `npm run bench`: the harness's own cost per step (prompt assembly, history rendering,
 * parsing, validation, recording), with model and tool time taken out, on a scripted 500-step
 * session with realistic tool outputs. Targets (issue 2): median ≤ 1 ms, and the median near
 * step 500 at most twice that near step 10 (no growth with history length).
 */
import { performance } from 'node:perf_hooks';
import { Agent } from '../src/lib/harness/agent';
import type { ExecOptions, Workspace } from '../src/lib/harness/ports';
import { defaultSettings } from '../src/lib/harness/settings';
import { MemorySessionStore } from '../src/lib/store/memory-session-store';
import { ScriptedModelClient } from '../src/lib/model/scripted-model-client';
import type { ScriptedReply } from '../src/lib/model/scripted-model-client';
import { MemoryWorkspace } from '../src/lib/workspace/memory-workspace';

const steps = 500;
const runs = Number(process.env.BENCH_RUNS ?? 3);

function sourceFile(index: number): string {
  return Array.from(
    { length: 180 },
    (_, line) => `export function f${index}_${line}(value) { return value * ${line} + ${index}; } // line ${line}`,
  ).join('\n');
}

function projectFiles(): Record<string, string> {
  const files: Record<string, string> = { 'README.md': '# bench\nA project for the benchmark.\n' };
  for (let index = 0; index < 40; index++) files[`src/module${index}.js`] = sourceFile(index);
  return files;
}

/** A realistic mix: reads, searches, listings, shell output, writes and patches. */
function script(): ScriptedReply[] {
  const replies: ScriptedReply[] = [];
  for (let step = 0; step < steps - 1; step++) {
    const file = `src/module${step % 40}.js`;
    const call = (name: string, args: Record<string, unknown>) => ({
      text: `Looking at step ${step}.\n<tool>${JSON.stringify({ name, args })}</tool>`,
    });
    switch (step % 6) {
      case 0:
        replies.push(call('read_file', { path: file, start: 1 + (step % 20), end: 120 + (step % 20) }));
        break;
      case 1:
        replies.push(call('search', { pattern: `f${step % 40}_1`, path: 'src' }));
        break;
      case 2:
        replies.push(call('list_files', { path: step % 12 === 2 ? '.' : 'src' }));
        break;
      case 3:
        replies.push(call('run_shell', { command: `grep -c value ${file} && wc -l ${file}` }));
        break;
      case 4:
        replies.push({
          text:
            `<tool name="write_file" ` +
            `path="notes/step${step}.md"><content>${'note line\n'.repeat(30)}</content></tool>`,
        });
        break;
      default:
        replies.push({
          text:
            `<tool name="patch_file" path="${file}"><old_text>// line ` +
            `${step % 180}\n</old_text><new_text>// line ${step % 180} (step ` +
            `${step})\n</new_text></tool>`,
        });
    }
  }
  replies.push({ text: '<final>benchmark done</final>' });
  return replies;
}

/**
 * Tool time is a tool's whole run (from tool.started to tool.finished), plus the workspace calls
 * made outside runs (argument checks that look at files, the repo context).
 */
interface ToolClock {
  tool: number;
  inRun: boolean;
  runStarted: number;
}

function timed(workspace: Workspace, clock: ToolClock): Workspace {
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (clock.inRun) return fn(...args);
      const started = performance.now();
      try {
        return await fn(...args);
      } finally {
        clock.tool += performance.now() - started;
      }
    };
  return {
    describe: () => workspace.describe(),
    readFile: wrap((path: string) => workspace.readFile(path)),
    readdir: wrap((path: string) => workspace.readdir(path)),
    stat: wrap((path: string) => workspace.stat(path)),
    repoContext: wrap(() => workspace.repoContext()),
    writeFile: wrap((path: string, content: string) => workspace.writeFile(path, content)),
    mkdir: wrap((path: string) => workspace.mkdir(path)),
    remove: wrap((path: string) => workspace.remove(path)),
    rename: wrap((from: string, to: string) => workspace.rename(from, to)),
    exec: wrap((command: string, options?: ExecOptions) => workspace.exec(command, options)),
  };
}

async function once(): Promise<number[]> {
  const clock: ToolClock = { tool: 0, inRun: false, runStarted: 0 };
  const model = new ScriptedModelClient(script());
  const chat = model.chat.bind(model);
  const starts: number[] = [];
  const modelTime: number[] = [];
  const toolAtStart: number[] = [];
  model.chat = async (request) => {
    starts.push(performance.now());
    toolAtStart.push(clock.tool);
    const result = await chat(request);
    modelTime.push(performance.now() - starts[starts.length - 1]);
    return result;
  };
  const agent = new Agent({
    model,
    modelName: 'bench',
    workspace: timed(new MemoryWorkspace({ files: projectFiles() }), clock),
    store: new MemorySessionStore(),
    onEvent: (event) => {
      if (event.type === 'tool.started') Object.assign(clock, { inRun: true, runStarted: performance.now() });
      if (event.type === 'tool.finished')
        Object.assign(clock, { inRun: false, tool: clock.tool + performance.now() - clock.runStarted });
    },
    settings: defaultSettings({
      protocol: 'text',
      approval: 'auto',
      limits: { maxSteps: 0, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 3, maxFailedSteps: 0 },
    }),
  });
  const result = await agent.run('benchmark the harness');
  if (result.outcome.kind !== 'final' || result.steps !== steps)
    throw new Error(`benchmark session failed: ${JSON.stringify(result.outcome)} after ${result.steps} steps`);
  const overhead: number[] = [];
  for (let step = 0; step + 1 < starts.length; step++) {
    const between = starts[step + 1] - starts[step];
    overhead.push(between - modelTime[step] - (toolAtStart[step + 1] - toolAtStart[step]));
  }
  return overhead;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

await once(); // warm-up: JIT and caches, not measured
const all: number[][] = [];
for (let run = 0; run < runs; run++) all.push(await once());
const perStep = all[0].map((_, step) => median(all.map((run) => run[step])));
const early = median(perStep.slice(5, 15));
const late = median(perStep.slice(-10));
const p50 = median(perStep);
const p95 = percentile(perStep, 0.95);
const ratio = late / early;
const verdict = p50 <= 1 && ratio <= 2 ? 'within targets' : 'OVER TARGET';
console.log(
  `harness overhead (${verdict}; ${runs} runs of ${steps} steps; targets ` +
    `p50<=1ms, ratio<=2): steps=${steps} p50_ms=${p50.toFixed(3)} ` +
    `p95_ms=${p95.toFixed(3)} overhead_ratio=${ratio.toFixed(2)}`,
);
