/** Wires the harness for the demo; loaded on demand so the shell and validator stay out of the entry chunk. */
import { Agent } from '../harness/agent';
import type { EventSink } from '../harness/events';
import type { RunResult } from '../harness/agent';
import { defaultSettings } from '../harness/settings';
import { ScriptedModelClient } from '../model/scripted-model-client';
import { MemorySessionStore } from '../store/memory-session-store';
import { MemoryWorkspace } from '../workspace/memory-workspace';
import { demoFiles, demoScript, demoTask } from './demo-session';

export async function runDemo(onEvent: EventSink, delayMs = 150): Promise<RunResult> {
  const agent = new Agent({
    model: new ScriptedModelClient(demoScript.map((reply) => ({ ...reply, delayMs }))),
    modelName: 'demo (scripted)',
    workspace: new MemoryWorkspace({ files: demoFiles }),
    store: new MemorySessionStore(),
    settings: defaultSettings({ protocol: 'text', approval: 'auto' }),
    onEvent,
  });
  return agent.run(demoTask);
}
