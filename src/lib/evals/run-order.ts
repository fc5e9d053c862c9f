/**
 * O2: the order of a sweep's runs. Most of a sweep on a small machine is cold prompt evaluation,
 * and a server keeps the prompt it just read: so runs that share the longest start go one after
 * the other. One model's runs together (no reload), then one protocol and preset (the same
 * system prompt and tool declarations), then one task (the same first request), its repeats last.
 */
export interface Orderable {
  model: string;
  protocol: string;
  preset: string;
  task: string;
  repeat: number;
}

export function cacheFriendlyOrder<Run>(runs: readonly Run[], key: (run: Run) => Orderable): Run[] {
  const firstSeen = new Map<string, number>();
  const rank = (kind: string, value: string) => {
    const id = `${kind}\u0000${value}`;
    if (!firstSeen.has(id)) firstSeen.set(id, firstSeen.size);
    return firstSeen.get(id)!;
  };
  // Ranks follow first appearance, so the order the user gave (models, presets) is kept.
  const ranked = runs.map((run, index) => {
    const k = key(run);
    return {
      run,
      sortKey: [
        rank('model', k.model),
        rank('protocol', k.protocol),
        rank('preset', k.preset),
        rank('task', k.task),
        k.repeat,
        index,
      ],
    };
  });
  ranked.sort((a, b) => {
    for (let i = 0; i < a.sortKey.length; i++) if (a.sortKey[i] !== b.sortKey[i]) return a.sortKey[i]! - b.sortKey[i]!;
    return 0;
  });
  return ranked.map((entry) => entry.run);
}
