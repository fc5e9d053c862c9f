/**
 * The last part of a step: act on the parsed reply. A malformed reply is answered with what was
 * wrong (T6; two in a row in the text protocol switch to constrained output); a final answer
 * passes the extensions' `beforeFinal` (the small profile, the user's hook, the done-check) or
 * goes back; tool calls run in order (`tool-round`), each result offered to `afterToolResult`,
 * the round to `afterTools`, and the step is counted against the failed-steps guard (L1).
 */
import type { LoopExtension, ToolResultView } from './loop-extension';
import type { ParsedReply } from './protocol/parsed-reply';
import type { Outcome } from './outcome';
import type { StepResult, StepScope } from './step-scope';
import { done, formatError, next, notice, stepModeStop } from './step-scope';
import { malformedNotice, toolList } from './protocol/notices';
import { constrainedNotice } from './protocol/constrained-output';
import { runToolRound } from './tool-round';
import { syncMemory } from './turn-start';

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

async function final(scope: StepScope, extensions: readonly LoopExtension[], answer: string): Promise<StepResult> {
  for (const extension of extensions) {
    const verdict = await extension.beforeFinal?.(answer, scope);
    if (!verdict || verdict.kind === 'accept') continue;
    if (verdict.kind === 'stop') return done(verdict.outcome);
    if (!verdict.formatError) scope.context.state.parsed();
    await notice(scope, verdict.reason, verdict.notice);
    return verdict.formatError ? formatError(scope) : next;
  }
  scope.context.state.parsed();
  return done({ kind: 'final', answer });
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
  extensions: readonly LoopExtension[],
  parsed: Extract<ParsedReply, { kind: 'tool' }>,
): Promise<StepResult> {
  const { context, setup, step } = scope;
  const { recorder, session, signal, state } = context;
  state.parsed();
  const annotate = (result: ToolResultView) =>
    extensions
      .map((extension) => extension.afterToolResult?.(result, scope))
      .filter(Boolean)
      .join('\n') || undefined;
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
      refuse: async (call) => {
        for (const extension of extensions) {
          const refusal = await extension.beforeTool?.(call, scope);
          if (refusal) return refusal;
        }
        return undefined;
      },
      rewrite: async (call) => {
        for (const extension of extensions) {
          const instead = await extension.rewriteTool?.(call, scope);
          if (instead) return instead;
        }
        return undefined;
      },
      annotate,
    },
    parsed.calls,
    step,
    parsed.extra,
  );
  if (round.stopped) return done(stepModeStop);
  let stop: Outcome | undefined;
  for (const extension of extensions) {
    const verdict = await extension.afterTools?.({ calls: parsed.calls, ...round }, scope);
    if (verdict?.kind === 'stop') stop ??= verdict.outcome;
  }
  // An extension's reason to end the run says more than the failed-steps count.
  const limit = stop ?? state.toolStep(round.allFailed);
  await syncMemory(context);
  return { ...(limit ? done(limit) : next), tools: { changedFiles: round.changedFiles } };
}

export function act(scope: StepScope, extensions: readonly LoopExtension[], parsed: ParsedReply): Promise<StepResult> {
  if (parsed.kind === 'malformed') return malformed(scope, parsed.problem, Boolean(parsed.listTools));
  if (parsed.kind === 'final') return final(scope, extensions, parsed.answer);
  return tools(scope, extensions, parsed);
}
