/**
 * The last part of a step: act on the parsed reply. A malformed reply is answered with what was
 * wrong (T6; two in a row in the text protocol switch to constrained output); a final answer
 * passes the rules' `beforeFinal` (the pack's rules, the user's hook, the done-check) or goes back
 * (a fact: which rule, about what); an answer that stands carries what the facts say of it (O5
 * flags). Tool calls run in order (`tool-round`), each result offered to `afterToolResult`, the
 * round to `afterTools`, and the step is counted against the failed-steps guard (L1).
 */
import type { RuleDispatcher } from './rules/dispatch';
import type { ParsedReply } from './protocol/parsed-reply';
import type { StepResult, StepScope } from './step-scope';
import { done, formatError, next, notice, stepModeStop } from './step-scope';
import { malformedNotice, toolList } from './protocol/notices';
import { constrainedNotice } from './protocol/constrained-output';
import { runToolRound } from './tool-round';
import { syncMemory } from './turn-start';
import { answerFlags } from './facts/answer-flags';

async function malformed(scope: StepScope, problem: string, listTools: boolean): Promise<StepResult> {
  const { context, setup } = scope;
  const names = setup.tools.map((tool) => tool.name);
  const text = malformedNotice(problem, context.protocol, names);
  await notice(scope, 'malformed', listTools ? `${text}\n${toolList(setup.tools, context.protocol)}` : text);
  const counted = formatError(scope);
  if (counted.kind === 'done') return counted;
  const wasConstrained = scope.loop.constrained;
  scope.move({ type: 'malformed', formatErrors: context.state.formatErrors, protocol: context.protocol });
  if (scope.loop.constrained && !wasConstrained) await notice(scope, 'constrained-output', constrainedNotice);
  return next;
}

async function final(scope: StepScope, rules: RuleDispatcher, answer: string): Promise<StepResult> {
  const { verdict, rule } = await rules.beforeFinal(answer, scope);
  if (verdict.kind === 'stop') return done(verdict.outcome);
  if (verdict.kind === 'reject') {
    if (!verdict.formatError) scope.context.state.parsed();
    const sentBack = {
      rule: rule!.id,
      answer: answer.slice(0, 4000),
      ...(verdict.target ? { target: verdict.target } : {}),
    };
    const { context, step } = scope;
    context.recorder.emit({ type: 'notice', step, reason: verdict.reason, text: verdict.notice });
    scope.facts.add(
      await context.recorder.append({
        kind: 'notice',
        reason: verdict.reason,
        content: verdict.notice,
        step,
        sentBack,
      }),
    );
    return verdict.formatError ? formatError(scope) : next;
  }
  scope.context.state.parsed();
  const flags = answerFlags(scope.facts, answer);
  return done({ kind: 'final', answer, ...(flags.length ? { flags } : {}) });
}

/** Once per run, before the first call that may change something: the app's baseline checkpoint. */
async function beforeChange(scope: StepScope): Promise<void> {
  if (scope.loop.changed) return;
  scope.move({ type: 'changed' });
  const { options, recorder } = scope.context;
  await options
    .beforeFirstChange?.()
    .catch((error: Error) => recorder.emit({ type: 'store.error', message: `baseline checkpoint: ${error.message}` }));
}

async function tools(
  scope: StepScope,
  rules: RuleDispatcher,
  parsed: Extract<ParsedReply, { kind: 'tool' }>,
): Promise<StepResult> {
  const { context, setup, step, facts } = scope;
  const { recorder, session, signal, state } = context;
  state.parsed();
  const round = await runToolRound(
    {
      executor: setup.executor,
      recorder,
      session,
      workspace: context.options.workspace,
      memoryFile: setup.memoryFile,
      signal,
      emit: recorder.emit.bind(recorder),
      beforeChange: () => beforeChange(scope),
      refuse: (call) => rules.beforeTool(call, scope),
      rewrite: (call) => rules.rewriteTool(call, scope),
      annotate: (result) => rules.afterToolResult(result, scope),
      facts,
    },
    parsed.calls,
    step,
    parsed.extra,
  );
  if (round.stopped) return done(stepModeStop);
  // What each change left in its file: a fact (circle detection reads it).
  const changed = facts.calls.filter((call) => call.step === step && call.ok && call.changed && call.path);
  await facts.addFileStates(
    context.options.workspace,
    changed.map((call) => call.path!),
    step,
  );
  const verdict = await rules.afterTools({ calls: parsed.calls, ...round }, scope);
  // A rule's reason to end the run says more than the failed-steps count.
  const limit = (verdict ? verdict.outcome : undefined) ?? state.toolStep(round.allFailed);
  await syncMemory(context);
  return { ...(limit ? done(limit) : next), tools: { changedFiles: round.changedFiles } };
}

export function act(scope: StepScope, rules: RuleDispatcher, parsed: ParsedReply): Promise<StepResult> {
  if (parsed.kind === 'malformed') return malformed(scope, parsed.problem, Boolean(parsed.listTools));
  if (parsed.kind === 'final') return final(scope, rules, parsed.answer);
  return tools(scope, rules, parsed);
}
