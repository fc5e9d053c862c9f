/** Test wiring: the real harness over the real in-memory workspace and memory store. */
import { Agent } from '../../src/lib/harness/agent';
import type { AgentOptions } from '../../src/lib/harness/agent';
import type { HarnessEvent, HarnessEventType, EventOf } from '../../src/lib/harness/events';
import type { ApprovalDecision, ApprovalRequest, Approver, Workspace } from '../../src/lib/harness/ports';
import type { AgentSettings } from '../../src/lib/harness/settings';
import { defaultSettings } from '../../src/lib/harness/settings';
import { MemoryWorkspace } from '../../src/lib/workspace/memory-workspace';
import { MemorySessionStore } from '../../src/lib/store/memory-session-store';
import type { ScriptedReply, ScriptedModelOptions } from '../../src/lib/model/scripted-model-client';
import { ScriptedModelClient } from '../../src/lib/model/scripted-model-client';
import { analyzeShellCommand } from '../../src/lib/workspace/shell-command-analyzer';

export const tool = (name: string, args: Record<string, unknown> = {}) => ({
  text: `<tool>${JSON.stringify({ name, args })}</tool>`,
});
export const final = (answer: string) => ({ text: `<final>${answer}</final>` });

/** An approver that answers from a list and records what it was asked. */
export class ScriptedApprover implements Approver {
  readonly asked: ApprovalRequest[] = [];
  constructor(private readonly answers: (boolean | ApprovalDecision)[] = []) {}
  async approve(request: ApprovalRequest): Promise<ApprovalDecision> {
    this.asked.push(request);
    const answer = this.answers.shift() ?? false;
    return typeof answer === 'boolean' ? { approved: answer } : answer;
  }
}

export interface Harness {
  agent: Agent;
  model: ScriptedModelClient;
  workspace: Workspace;
  store: MemorySessionStore;
  events: HarnessEvent[];
  of<T extends HarnessEventType>(type: T): EventOf<T>[];
}

export function harness(
  script: ScriptedReply[],
  options: {
    files?: Record<string, string>;
    settings?: Partial<AgentSettings>;
    workspace?: Workspace;
    approver?: Approver;
    model?: ScriptedModelOptions;
    agent?: Partial<AgentOptions>;
  } = {},
): Harness {
  const model = new ScriptedModelClient(script, options.model);
  const workspace = options.workspace ?? new MemoryWorkspace({ files: options.files ?? {} });
  const store = new MemorySessionStore();
  const events: HarnessEvent[] = [];
  const agent = new Agent({
    model,
    modelName: 'scripted',
    workspace,
    store,
    approver: options.approver,
    settings: defaultSettings({ protocol: 'text', approval: 'auto', ...options.settings }),
    onEvent: (event) => events.push(event),
    wait: async () => true,
    analyzeShell: analyzeShellCommand,
    ...options.agent,
  });
  return {
    agent,
    model,
    workspace,
    store,
    events,
    of: (type) => events.filter((event) => event.type === type) as never,
  };
}

/** The tool results the model saw, in order. */
export function toolResults(h: Harness): string[] {
  return h.agent.session.history.filter((item) => item.kind === 'tool').map((item) => item.content);
}

/**
 * The opt-in pack that holds every rule tuned on Qwen2.5-Coder-1.5B sessions (docs/rules.md moved
 * most of them out of the default pack). Tests of those rules run with it, as a user who opts in
 * would; a small-profile run or a run naming its own pack keeps its own.
 */
export const tunedPack = 'qwen2.5-coder-1.5b';

export function tunedHarness(script: ScriptedReply[], options: Parameters<typeof harness>[1] = {}): Harness {
  const settings = options.settings ?? {};
  const pack = settings.pack ?? (settings.profile === 'small' ? undefined : tunedPack);
  return harness(script, { ...options, settings: { ...(pack ? { pack } : {}), ...settings } });
}
