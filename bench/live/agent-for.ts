/** bench:live — an Agent on a sample project, as the page or the CLI would make one. */
import { Agent } from '../../src/lib/harness/agent';
import type { HarnessEvent } from '../../src/lib/harness/events';
import type { ModelClient } from '../../src/lib/harness/model-types';
import type { AgentSettings } from '../../src/lib/harness/settings';
import type { HistoryBudgets } from '../../src/lib/harness/context/history-renderer';
import { defaultSettings } from '../../src/lib/harness/settings';
import { MemorySessionStore } from '../../src/lib/store/memory-session-store';
import { MemoryWorkspace } from '../../src/lib/workspace/memory-workspace';
import { analyzeShellCommand } from '../../src/lib/workspace/shell-command-analyzer';

export function agentFor(options: {
  client: ModelClient;
  model: string;
  files: Record<string, string>;
  settings: Partial<AgentSettings>;
  events: HarnessEvent[];
  budgets?: HistoryBudgets;
}): Agent {
  return new Agent({
    model: options.client,
    modelName: options.model,
    workspace: new MemoryWorkspace({ files: options.files }),
    store: new MemorySessionStore(),
    analyzeShell: analyzeShellCommand,
    settings: defaultSettings({ approval: 'auto', ...options.settings }),
    ...(options.budgets ? { budgets: options.budgets } : {}),
    onEvent: (event) => options.events.push(event),
  });
}
