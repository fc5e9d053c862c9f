/**
 * D1: a bounded, read-only child agent with its own history and transcript. It gets a digest of
 * the parent's history, approval "never", a step limit, and one less level of depth.
 */
import type { AgentOptions } from './agent';
import type { HarnessEventBody } from './events';
import { Agent } from './agent';
import type { Session } from './session';
import { createSession } from './session';
import type { DelegateRequest, DelegateResult } from './tools/tool-definition';
import { readonlyView } from './workspace-views';
import { clip } from './context/clip';

function digest(parent: Session): string {
  const recent = parent.history.slice(-6).map((item) => {
    const label = item.kind === 'tool' ? `tool ${item.name}` : item.kind;
    return `${label}: ${item.content.replace(/\s+/g, ' ').slice(0, 120)}`;
  });
  return clip(`Parent task: ${parent.memory.task}\n${recent.join('\n')}`, 600);
}

export function delegateRunner(parent: { options: AgentOptions; session: Session; depth: number; signal: AbortSignal; emit: (body: HarnessEventBody) => void }) {
  return async (request: DelegateRequest): Promise<DelegateResult> => {
    const settings = {
      ...parent.session.settings,
      approval: 'never' as const,
      readOnly: true,
      limits: { ...parent.session.settings.limits, maxSteps: request.maxSteps },
    };
    const session = createSession({
      model: parent.session.model,
      settings,
      workspace: parent.session.workspace,
      title: `delegate: ${clip(request.task, 60)}`,
      parentId: parent.session.id,
    });
    session.memory.notes = [digest(parent.session)];
    const child = new Agent({
      ...parent.options,
      workspace: readonlyView(parent.options.workspace),
      approver: undefined,
      settings,
      session,
      depth: parent.depth + 1,
    });
    parent.emit({ type: 'delegate.started', step: request.step, childSessionId: session.id, task: request.task, maxSteps: request.maxSteps });
    const result = await child.run(request.task, { signal: parent.signal });
    parent.emit({ type: 'delegate.finished', step: request.step, childSessionId: session.id, outcome: result.outcome });
    return { outcome: result.outcome, steps: result.steps, childSessionId: session.id };
  };
}
