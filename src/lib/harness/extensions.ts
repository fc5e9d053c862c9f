/**
 * The loop's extensions, in the order their points are called (DESIGN rule 12). The order
 * matters where two share a point: the small profile chooses the schema before step mode shows
 * the request; a runaway is answered before step mode would pause on it; R2 continues the text
 * step mode may have edited; a final answer meets the small profile, then the user's hook, then
 * the done-check. A call that copies a tool example's placeholder, and the examples copied after it,
 * are refused with the task and the last failure (example-recital). A call refused as a repeat
 * meets the repeat breaker (T5), one the run made before
 * with no file changed since is said to show nothing new (no-news); a final answer that
 * describes a call is asked about once before the hook and the check see it (T6); one that only
 * echoes the instructions' example answer or the last tool error goes back once a kind
 * (echoed-answer); one given while a file the task asks for is not there goes back once
 * (asked-file), as does one that says it changed something in a run that changed nothing
 * (claimed-change), and one given while the tests of a task that speaks of tests fail goes back at
 * most three times (implied-check). A blind change to a file the run has not read (an append, a
 * whole-file write that drops its lines) is refused once with the file shown (read-first), and a
 * write to a test file while the task says to keep the tests, every time (keep-tests). A change to
 * a file the task names is refused while the new file it asks for is not written (output-first).
 * (asked-written, a line after that file was written saying the final answer comes next, was
 * taken out: after it, the 1.5B model "corrected" right files in 4 of 6 rung-1 runs.)
 * Both ran in the small profile only until the default profile proved the better one for
 * Qwen2.5-Coder-1.5B (qwen-1.5b-default-repeat, -rung2): a task's own evidence of "done" helps
 * any model. A final answer sent back makes the next constrained reply a tool call
 * (tool-after-rejection, first in the list so that it sees every final answer).
 *
 * The small profile (O4) ends a run that repeats a change, goes back to an earlier state or has
 * seen its tests pass (finish-on-repeat, circle-stop, tests-pass-stop); shows the files the task
 * names with it (named-files; the default profile when showNamedFiles is set); refuses to overwrite a
 * file the run has not seen at all (its read-first) or to drop lines by a whole-file write
 * (keep-lines); runs the project's tests for `npm test` when there is no script (npm-test); and
 * says when a command gives again exactly what it gave before (same-result).
 */
import type { LoopExtension } from './loop-extension';
import type { LoopContext } from './loop-context';
import type { RunSetup } from './run-setup';
import { runawayStop } from './recovery/runaway-stop';
import { cutContinuation } from './recovery/cut-continuation';
import { repeatBreaker } from './recovery/repeat-breaker';
import { smallProfile } from './small-model/small-profile';
import { finishOnRepeat } from './small-model/finish-on-repeat';
import { circleStop } from './small-model/circle-stop';
import { testsPassStop } from './small-model/tests-pass-stop';
import { readFirst } from './recovery/read-first';
import { impliedCheck } from './implied-check';
import { sameResult } from './small-model/same-result';
import { namedFiles } from './small-model/named-files';
import { keepTests } from './recovery/keep-tests';
import { outputFirst } from './recovery/output-first';
import { taskExample } from './recovery/task-example';
import { delegatedCalls } from './recovery/delegated-call';
import { npmTestRuns } from './small-model/npm-test';
import { keepLines } from './small-model/keep-lines';
import { stepMode } from './step-mode';
import { finalHook } from './hooks/final-hook';
import { doneCheck } from './done-check';
import { describedCall } from './protocol/described-call';
import { askedFile } from './recovery/asked-file';
import { echoedAnswer } from './recovery/echoed-answer';
import { claimedChange } from './recovery/claimed-change';
import { thinkFirst } from './protocol/think-first';
import { noNews } from './recovery/no-news';
import { exampleRecital } from './recovery/example-recital';
import { toolAfterRejection } from './recovery/tool-after-rejection';
import { childReadsFirst } from './recovery/child-reads-first';

function smallExtensions(context: LoopContext, setup: RunSetup): LoopExtension[] {
  const shown = new Set<string>();
  return [
    smallProfile(context, setup),
    namedFiles(shown),
    finishOnRepeat(),
    circleStop(),
    testsPassStop(),
    readFirst(shown),
    keepLines(),
    npmTestRuns(),
    sameResult(),
  ];
}

/** The default profile's read-first, after the named files when the session shows them. */
function defaultReading(context: LoopContext): LoopExtension[] {
  const shown = new Set<string>();
  const named = context.session.settings.showNamedFiles ? [namedFiles(shown)] : [];
  return [...named, readFirst(shown, true)];
}

export function loopExtensions(context: LoopContext, setup: RunSetup): LoopExtension[] {
  const gate = context.options.stepGate;
  return [
    // First: it must see every final answer before another extension sends it back.
    toolAfterRejection(),
    runawayStop,
    // Before read-first: a test file the task keeps is refused as that, not as "not read yet"
    // (which invites a rewrite).
    keepTests(),
    ...(setup.small ? smallExtensions(context, setup) : []),
    // After the small profile has chosen the reply's schema, before step mode shows it.
    ...(context.session.settings.thinkFirst ? [thinkFirst()] : []),
    ...(gate ? [stepMode(gate)] : []),
    cutContinuation,
    // Before read-first and the executor: a copied placeholder is refused as that, with the task.
    exampleRecital(),
    delegatedCalls(new Set(setup.tools.map((tool) => tool.name))),
    repeatBreaker(),
    noNews(),
    // The small profile has its own (told of the files it shows with the task, and stricter).
    ...(setup.small ? [] : defaultReading(context)),
    describedCall(),
    // D1: a delegated child's answer before any tool call has worked goes back once.
    childReadsFirst(),
    echoedAnswer(),
    outputFirst(),
    taskExample(),
    askedFile(),
    claimedChange(),
    impliedCheck(),
    ...(setup.hooks ? [finalHook(setup.hooks)] : []),
    doneCheck(),
  ];
}
