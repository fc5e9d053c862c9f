/**
 * DESIGN 14, O5: every rule the harness has, and the packs that choose among them. A pack is a list
 * of rule ids; the order the rules act in comes from each rule's declared `priority`, not from the
 * list. Core rules (step mode, hooks, the done-check, the stream guards) are not in any pack: they
 * apply wherever their condition holds. `bare` is the loop with no heuristic rule (the first arm
 * of an ablation), `pile` every rule round four's default pack had (the second arm); `default` and
 * `small` are the two profiles' packs.
 */
import type { Rule, RunKind } from './rules/rule';
import { isPack, packRules } from './pack-lists';
import { toolAfterRejection } from './guards/tool-after-rejection';
import { runawayStop } from './runaway-stop';
import { keepTests } from './guards/keep-tests';
import { profileShape } from './profile-shape';
import { smallProfile } from './small-model/small-profile';
import { namedFiles } from './small-model/named-files';
import { finishOnRepeat } from './small-model/finish-on-repeat';
import { circleStop } from './small-model/circle-stop';
import { testsPassStop } from './small-model/tests-pass-stop';
import { readBeforeWrite, readFirst } from './guards/read-first';
import { keepLines } from './small-model/keep-lines';
import { npmTestRuns } from './small-model/npm-test';
import { sameResult } from './small-model/same-result';
import { thinkFirst } from './think-first';
import { stepMode } from './step-mode';
import { cutContinuation } from './cut-continuation';
import { exampleRecital } from './guards/example-recital';
import { delegatedCalls } from './guards/delegated-call';
import { repeatBreaker } from './guards/repeat-breaker';
import { noNews } from './guards/no-news';
import { describedCall } from './guards/described-call';
import { childReadsFirst } from './guards/child-reads-first';
import { echoedAnswer } from './guards/echoed-answer';
import { outputFirst } from './guards/output-first';
import { taskExample } from './guards/task-example';
import { askedFile } from './guards/asked-file';
import { claimedChange } from './guards/claimed-change';
import { impliedCheck } from './implied-check';
import { finalHook } from './final-hook';
import { doneCheck } from './done-check';

export { addedRules, isPack, packLabels, packNames, packRules, packs } from './pack-lists';

export const allRules: readonly Rule[] = [
  toolAfterRejection,
  runawayStop,
  keepTests,
  smallProfile,
  namedFiles,
  finishOnRepeat,
  circleStop,
  testsPassStop,
  readBeforeWrite,
  keepLines,
  npmTestRuns,
  sameResult,
  thinkFirst,
  stepMode,
  cutContinuation,
  exampleRecital,
  delegatedCalls,
  repeatBreaker,
  noNews,
  readFirst,
  describedCall,
  childReadsFirst,
  echoedAnswer,
  outputFirst,
  taskExample,
  askedFile,
  claimedChange,
  impliedCheck,
  finalHook,
  doneCheck,
];

/** The pack a run's settings choose: its own `pack` when there is one by that name, else its profile's. */
export function packOf(settings: RunKind['settings']): string {
  return isPack(settings.pack) ? settings.pack : profileShape(settings.profile).pack;
}

/**
 * The rules in effect for a run: the core rules that apply to it, and the rules of its pack (with
 * named-files when the settings show the named files). Unknown ids in a pack are a programming
 * error (a test holds every pack to the registry).
 */
export function rulesFor(run: RunKind): Rule[] {
  const ids = new Set(packRules(packOf(run.settings)));
  if (run.settings.showNamedFiles) ids.add('named-files');
  return allRules.filter((rule) => (rule.layer === 'core' || ids.has(rule.id)) && (rule.appliesTo?.(run) ?? true));
}
