/**
 * O2: the settings an eval run uses: the runner's (approval "auto", its limits, sampling), the
 * preset's prompt and profile, and what the task may set — never a looser rule than the default.
 */
import type { AgentSettings, Limits, Protocol } from '../harness/settings';
import { defaultSettings } from '../harness/settings';
import type { EvalRun } from './run-eval';

/**
 * The runner's limits are a ceiling a task cannot raise: a task may set a stricter limit, or one
 * where the runner has none, but its 0 ("off") or a larger number never lifts the runner's.
 */
export function taskLimits(runner: Limits, task: Partial<Limits>): Limits {
  const ceiling = (mine: number, theirs: number | undefined) => {
    if (theirs === undefined || theirs <= 0) return mine;
    return mine === 0 ? theirs : Math.min(mine, theirs);
  };
  return {
    maxSteps: ceiling(runner.maxSteps, task.maxSteps),
    maxTokens: ceiling(runner.maxTokens, task.maxTokens),
    maxSeconds: ceiling(runner.maxSeconds, task.maxSeconds),
    maxFormatErrors: ceiling(runner.maxFormatErrors, task.maxFormatErrors),
    maxFailedSteps: ceiling(runner.maxFailedSteps, task.maxFailedSteps),
  };
}

/**
 * The seed a run samples with: the sweep's seed moved on by the repeat, so that repeats of one
 * configuration are draws, not copies (with one seed a server answers a repeat word for word, and
 * three identical runs would pass for an interval).
 */
export function runSeed(run: Pick<EvalRun, 'seed' | 'repeat'>): number | undefined {
  return run.seed === undefined ? undefined : run.seed + Math.max(0, run.repeat - 1);
}

export function evalSettings(run: EvalRun, protocol: Protocol): AgentSettings {
  const defaults = defaultSettings();
  const { shellRules, ...scenario } = run.task.settings ?? {};
  const runnerLimits: Limits = {
    maxSteps: run.maxSteps ?? 12,
    maxTokens: 0,
    maxSeconds: run.maxSeconds ?? 0,
    maxFormatErrors: 3,
    maxFailedSteps: 0,
  };
  const settings = defaultSettings({
    protocol,
    approval: 'auto',
    options: {
      ...(run.contextWindow ? { contextWindow: run.contextWindow } : {}),
      outputLimit: run.outputLimit ?? 512,
      temperature: run.temperature ?? 0.2,
      ...(run.seed !== undefined ? { seed: runSeed(run) } : {}),
      ...(run.threads !== undefined ? { threads: run.threads } : {}),
    },
    sectionOverrides: run.preset.sections,
    profile: run.preset.profile ?? 'default',
    ...(run.preset.recoverCalls === false ? { recoverCalls: false } : {}),
    ...(run.preset.maxDepth !== undefined ? { maxDepth: run.preset.maxDepth } : {}),
    ...(run.preset.showNamedFiles ? { showNamedFiles: true } : {}),
    ...(run.preset.thinkFirst ? { thinkFirst: true } : {}),
    ...(run.preset.toolProfile ? { toolProfile: run.preset.toolProfile } : {}),
    ...(run.preset.pack ? { pack: run.preset.pack } : {}),
    ...scenario,
    // A task comes from anywhere (T7): its rules add to the default ones, never replace them.
    shellRules: {
      allow: shellRules?.allow ?? [],
      deny: [...defaults.shellRules.deny, ...(shellRules?.deny ?? [])],
    },
    limits: taskLimits(runnerLimits, run.task.limits ?? {}),
  });
  return settings;
}
