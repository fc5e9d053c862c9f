/**
 * Where the harness's time goes, per part and per step, early and late in the session: a CPU
 * profile of two windows of the bench session, its self time summed by the part of the code
 * each function lives in. A part that costs more late than early grows with the session.
 */
import { Session } from 'node:inspector/promises';
import type { Profiler } from 'node:inspector';

/** First match wins; paths are the module URLs' tails. */
const parts: [string, RegExp][] = [
  ['history and compaction', /src\/lib\/harness\/context\//],
  ['prompt assembly', /src\/lib\/harness\/prompt\//],
  ['parsing replies', /src\/lib\/harness\/(protocol|small-model)\//],
  ['recording (events, store)', /src\/lib\/(harness\/session-recorder|harness\/request-log|store\/)/],
  ['tools (timed apart)', /src\/lib\/(harness\/tools\/|workspace\/)|just-bash/],
  ['argument validation', /node_modules\/ajv\//],
  ['the loop', /src\/lib\/harness\//],
  ['scripted model', /src\/lib\/model\//],
];

/** Promise plumbing, the TypeScript loader, the profiler's own work: not the harness's. */
const runtime = 'runtime and profiler';

export interface Window {
  name: string;
  from: number;
  to: number;
}

function partOf(node: Profiler.ProfileNode): string {
  const url = node.callFrame.url;
  if (!url) return node.callFrame.functionName === '(garbage collector)' ? 'garbage collection' : runtime;
  return parts.find(([, pattern]) => pattern.test(url))?.[0] ?? runtime;
}

function selfTimeByPart(profile: Profiler.Profile, steps: number): Map<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPart = new Map<string, number>();
  (profile.samples ?? []).forEach((id, index) => {
    const part = partOf(nodes.get(id)!);
    if (part === runtime && nodes.get(id)!.callFrame.functionName === '(idle)') return;
    byPart.set(part, (byPart.get(part) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000 / steps);
  });
  return byPart;
}

/** Runs `session` once under the profiler and returns ms per step, per part, for each window. */
export async function profileParts(
  session: (onStep: (step: number) => Promise<void>) => Promise<unknown>,
  windows: Window[],
): Promise<Map<string, Map<string, number>>> {
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  const result = new Map<string, Map<string, number>>();
  await session(async (step) => {
    for (const window of windows) {
      if (step === window.from) await inspector.post('Profiler.start');
      if (step === window.to) {
        const { profile } = await inspector.post('Profiler.stop');
        result.set(window.name, selfTimeByPart(profile, window.to - window.from));
      }
    }
  });
  inspector.disconnect();
  return result;
}

export function formatParts(byWindow: Map<string, Map<string, number>>): string {
  const names = [...byWindow.keys()];
  const partNames = [...new Set([...byWindow.values()].flatMap((byPart) => [...byPart.keys()]))];
  const late = byWindow.get(names.at(-1)!)!;
  partNames.sort((a, b) => (late.get(b) ?? 0) - (late.get(a) ?? 0));
  const rows = partNames.map(
    (part) =>
      `  ${part.padEnd(28)}` +
      names.map((name) => (byWindow.get(name)!.get(part) ?? 0).toFixed(3).padStart(16)).join(''),
  );
  return [`  ${'CPU ms per step, by part'.padEnd(28)}${names.map((name) => name.padStart(16)).join('')}`, ...rows].join(
    '\n',
  );
}
