/**
 * U3: runs one lesson through the real harness (any model client: scripted, or a real server) and
 * writes it as a session file the page replays with no server, with the files of every changing
 * step (W6 snapshots, as the page keeps them). Shared by record-lessons.ts and record-real-lesson.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent } from '../src/lib/harness/agent';
import type { AgentOptions } from '../src/lib/harness/agent';
import type { HarnessEvent } from '../src/lib/harness/events';
import type { ModelClient } from '../src/lib/harness/ports';
import type { AgentSettings } from '../src/lib/harness/settings';
import { defaultSettings } from '../src/lib/harness/settings';
import { sessionMeta } from '../src/lib/harness/session';
import { MemorySessionStore } from '../src/lib/store/memory-session-store';
import { exportTrajectory } from '../src/lib/store/session-export';
import { MemoryWorkspace } from '../src/lib/workspace/memory-workspace';
import { collectFiles } from '../src/lib/workspace/workspace-files';
import { findSample } from '../src/lib/workspace/samples/sample-projects';
import { analyzeShellCommand } from '../src/lib/workspace/shell-command-analyzer';
import { lessonFolder, writeLessonNotes } from './write-lesson-notes';

export { lessonFolder };

export interface LessonRun {
  sample: string;
  task: string;
  model: ModelClient;
  modelName: string;
  settings?: Partial<AgentSettings>;
  /** Files added to the sample (a skill, a hook script). */
  files?: Record<string, string>;
  budgets?: AgentOptions['budgets'];
  /** The lesson's hand-written summary; without one, the summary in its notes file is kept. */
  summary?: string;
  /** Real time for a real model; a fixed clock (1.5 s a tick) makes scripted lessons reproducible. */
  realClock?: boolean;
}

export interface LessonRecording {
  outcome: string;
  steps: number;
  items: number;
  events: HarnessEvent[];
  /** The session file's text, as the page imports it. */
  text: string;
}

/** Runs the lesson and returns its session file, writing nothing (the drift test compares it). */
export async function runLesson(id: string, title: string, options: LessonRun): Promise<LessonRecording> {
  const sample = findSample(options.sample)!;
  const workspace = new MemoryWorkspace({ files: { ...sample.files, ...options.files } });
  const store = new MemorySessionStore();
  const events: HarnessEvent[] = [];
  let clock = Date.parse('2026-12-01T10:00:00Z');
  const snapshots = [{ step: 0, files: await collectFiles(workspace) }];
  const agent: Agent = new Agent({
    model: options.model,
    modelName: options.modelName,
    workspace,
    store,
    analyzeShell: analyzeShellCommand,
    settings: defaultSettings({ protocol: 'text', approval: 'auto', ...options.settings }),
    ...(options.budgets ? { budgets: options.budgets } : {}),
    ...(options.realClock ? {} : { now: () => (clock += 1500) }),
    onEvent: (event) => event.type !== 'model.token' && event.type !== 'tool.output' && events.push(event),
    afterStep: async (info) => {
      if (info.changedFiles)
        snapshots.push({ step: agent.session.history.length, files: await collectFiles(workspace) });
    },
  });
  agent.session.id = `lesson-${id}`;
  const result = await agent.run(options.task);
  // The run titles a new session after its task; a lesson keeps its own title.
  agent.session.title = title;
  await store.saveMeta(sessionMeta(agent.session));
  const session = (await store.load(agent.session.id))!;
  const own = events.map((event) => ({ ...event, sessionId: session.id }));
  const text = exportTrajectory(
    { session, events: own, tasks: [], files: await collectFiles(workspace), snapshots },
    new Date('2026-12-01T10:00:00Z'),
  );
  const steps = events.filter((event) => event.type === 'request.sent').length;
  return { outcome: result.outcome.kind, steps, items: session.history.length, events: own, text };
}

/** Runs the lesson and writes its session file, then its notes from the events just recorded. */
export async function recordLesson(id: string, title: string, options: LessonRun): Promise<LessonRecording> {
  const recording = await runLesson(id, title, options);
  writeFileSync(join(lessonFolder, `${id}.session.json`), recording.text);
  console.log(writeLessonNotes(id, options.summary === undefined ? undefined : { title, summary: options.summary }));
  return recording;
}
