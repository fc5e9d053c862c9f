/**
 * The scripted 500-step session `npm run bench` measures: a 40-file project and a realistic mix
 * of reads, searches, listings, shell output, writes and patches. The model and the tools are
 * timed apart, so that what is left is the harness's own work.
 */
import { performance } from 'node:perf_hooks';
import { Agent } from '../src/lib/harness/agent';
import type { ExecOptions, Workspace } from '../src/lib/harness/ports';
import { defaultSettings } from '../src/lib/harness/settings';
import { MemorySessionStore } from '../src/lib/store/memory-session-store';
import { ScriptedModelClient } from '../src/lib/model/scripted-model-client';
import type { ScriptedReply } from '../src/lib/model/scripted-model-client';
import { MemoryWorkspace } from '../src/lib/workspace/memory-workspace';

export const steps = 500;

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

/**
 * Runs the session once and returns the harness's own milliseconds per step. `onStep(n)` is
 * awaited before the n-th request, so a profiler can be started and stopped around a window.
 */
export async function benchSession(onStep?: (step: number) => Promise<void>): Promise<number[]> {
  const clock: ToolClock = { tool: 0, inRun: false, runStarted: 0 };
  const model = new ScriptedModelClient(script());
  const chat = model.chat.bind(model);
  const starts: number[] = [];
  const modelTime: number[] = [];
  const toolAtStart: number[] = [];
  model.chat = async (request) => {
    await onStep?.(starts.length);
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
