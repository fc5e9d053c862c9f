/**
 * D1: a bounded, read-only child agent with its own history and transcript. It gets a digest of
 * the parent's history, approval "never", a step limit, the parent's remaining token budget, and
 * one less level of depth; what it spends is billed to the parent.
 */
import type { AgentOptions, RunResult } from './agent-options';
import type { HarnessEventBody } from './events';
import type { Session } from './session';
import { anyToolWorked, createSession } from './session';
import type { DelegateRequest, DelegateResult } from './tools/tool-definition';
import type { RunState } from './run-state';
import { readonlyView } from './workspace-views';
import { clip } from './context/clip';

function digest(parent: Session): string {
  const recent = parent.history.slice(-6).map((item) => {
    const label = item.kind === 'tool' ? `tool ${item.name}` : item.kind;
    return `${label}: ${item.content.replace(/\s+/g, ' ').slice(0, 120)}`;
  });
  return clip(`Parent task: ${parent.memory.task}\n${recent.join('\n')}`, 600);
}

/** Builds and runs a child agent; agent.ts passes its own constructor in, so this file needs no Agent. */
export type SpawnChild = (options: AgentOptions) => {
  run(task: string, options: { signal?: AbortSignal }): Promise<RunResult>;
};

export interface DelegateParent {
  options: AgentOptions;
  session: Session;
  depth: number;
  signal: AbortSignal;
  emit: (body: HarnessEventBody) => void;
  state: RunState;
  spawn: SpawnChild;
}

export function delegateRunner(parent: DelegateParent) {
  return async (request: DelegateRequest): Promise<DelegateResult> => {
    const { verifyCommand: _notForChildren, ...inherited } = parent.session.settings;
    const tokensLeft = parent.state.tokensLeft();
    const settings = {
      ...inherited,
      approval: 'never' as const,
      readOnly: true,
      limits: {
        ...inherited.limits,
        maxSteps: request.maxSteps,
        maxTokens: Number.isFinite(tokensLeft) ? Math.max(1, tokensLeft) : 0,
      },
    };
    const session = createSession({
      model: parent.session.model,
      settings,
      workspace: parent.session.workspace,
      title: `delegate: ${clip(request.task, 60)}`,
      parentId: parent.session.id,
    });
    session.memory.notes = [digest(parent.session)];
    const child = parent.spawn({
      ...parent.options,
      workspace: readonlyView(parent.options.workspace),
      approver: undefined,
      stepGate: undefined,
      afterStep: undefined,
      beforeFirstChange: undefined,
      settings,
      session,
      depth: parent.depth + 1,
    });
    parent.emit({
      type: 'delegate.started',
      step: request.step,
      childSessionId: session.id,
      task: request.task,
      maxSteps: request.maxSteps,
    });
    const result = await child.run(request.task, { signal: parent.signal });
    parent.state.billChild(result.usage);
    parent.emit({
      type: 'delegate.finished',
      step: request.step,
      childSessionId: session.id,
      outcome: result.outcome,
      usage: result.usage,
    });
    // D1: whether the answer can come from the workspace at all (child-reads-first sends one back once).
    return {
      outcome: result.outcome,
      steps: result.steps,
      childSessionId: session.id,
      read: anyToolWorked(session.history),
    };
  };
}
