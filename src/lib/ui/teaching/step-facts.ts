/**
 * U3: what each step of a recorded session did, read from its events alone — the
 * request (its size, how much of the last one it reused and why it broke), a compaction or a
 * shortening before it, the reply and how it parsed, retries, notices and tool results. Lesson
 * notes are written from these facts (lesson-notes.ts), and a test holds every note to them.
 */
import type { HarnessEvent } from '../../harness/events';
import type { RuleAct } from '../harness-rules';
import type { CacheBreak } from './cache-break';
import { stepCacheBreak } from './cache-break';
import { teachingSteps } from './step-index';
import { fiveSlots } from './five-slots';
import type { SlotName } from './five-slots';
import { serverRead } from './reuse-story';
import type { ServerRead } from './reuse-story';

export interface StepFacts {
  step: number;
  contextWindow?: number;
  /**
   * Where the request stops sharing its start with the previous request and its reply, computed
   * as the Slots view computes it (stepCacheBreak), so a note and the screen cannot disagree.
   */
  cache?: CacheBreak;
  /** The server's own figures for reading this step's prompt, when it gave any. */
  server?: ServerRead;
  /** Characters per slot of this step's request, as the Slots view counts them. */
  slots?: Record<SlotName, number>;
  /** The harness's own reason the request does not extend the previous one (C4), when it gave one. */
  prefixBreak?: string;
  /** A compaction (or a shortening) made before this request. */
  compactions: { reason: string; beforeChars: number; afterChars: number }[];
  parse?: { kind: string; detail: string; recovered?: string };
  tools: { tool: string; args: Record<string, unknown>; ok?: boolean; result?: string }[];
  notices: { reason: string; content: string }[];
  retries: string[];
  reply?: string;
  outputTokens?: number;
  /** The reply recited lines of the system prompt (a small model's habit worth naming). */
  echo: boolean;
  hooks: { point: string; decision: string }[];
  check?: { passed: boolean; command: string };
  /** DESIGN 14: what the harness's rules did at this step, in order (the Harness view's `rule.acted`). */
  rules: Pick<RuleAct, 'rule' | 'action'>[];
}

function newStep(step: number, contextWindow: number | undefined): StepFacts {
  return {
    step,
    contextWindow,
    compactions: [],
    tools: [],
    notices: [],
    retries: [],
    echo: false,
    hooks: [],
    rules: [],
  };
}

/** What one event of a step says about it: the reply, its parse, calls and results, notices, rules. */
function noteEvent(current: StepFacts, event: HarnessEvent, system: string): void {
  if (event.type === 'response.done') current.outputTokens = event.stats.outputTokens;
  if (event.type === 'retry') current.retries.push(event.reason);
  if (event.type === 'parse.result')
    current.parse = {
      kind: event.kind,
      detail: event.detail,
      ...(event.recovered ? { recovered: event.recovered } : {}),
    };
  if (event.type === 'tool.started') current.tools.push({ tool: event.tool, args: event.args });
  if (event.type === 'hook') current.hooks.push({ point: event.point, decision: event.decision });
  if (event.type === 'rule.acted') current.rules.push({ rule: event.rule, action: event.action });
  if (event.type === 'check.finished') current.check = { passed: event.passed, command: event.command };
  if (event.type !== 'history.appended') return;
  const { item } = event;
  if (item.kind === 'assistant') {
    current.reply = item.content;
    const lines = system.split('\n').filter((line) => line.trim().length >= 30);
    current.echo = lines.filter((line) => item.content.includes(line.trim())).length >= 2;
  } else if (item.kind === 'tool') {
    const card = current.tools.find((entry) => entry.tool === item.name && entry.result === undefined);
    if (card) Object.assign(card, { ok: item.ok, result: item.content });
    else current.tools.push({ tool: item.name, args: item.args, ok: item.ok, result: item.content });
  } else if (item.kind === 'notice') current.notices.push({ reason: item.reason, content: item.content });
}

/** A step's facts from the events it emitted (steps counted over the session, as the page counts them). */
export function factsByStep(events: readonly HarnessEvent[], sessionId: string): StepFacts[] {
  const steps: StepFacts[] = [];
  let pending: StepFacts['compactions'] = [];
  let pendingBreak: string | undefined;
  let early: StepFacts['notices'] = [];
  let system = '';
  for (const event of events) {
    if (event.sessionId !== sessionId) continue;
    if (event.type === 'request.messages' && event.keep === 0 && event.added[0]?.role === 'system')
      system = event.added[0].content;
    if (event.type === 'compaction')
      pending.push({ reason: event.reason, beforeChars: event.beforeChars ?? 0, afterChars: event.afterChars ?? 0 });
    // The prompt is assembled (and any break noted) just before its request is sent.
    if (event.type === 'prompt.assembled') pendingBreak = event.prefixBreak;
    if (event.type === 'request.sent') {
      steps.push({
        ...newStep(steps.length + 1, event.options.contextWindow),
        compactions: pending,
        notices: early,
        ...(pendingBreak ? { prefixBreak: pendingBreak } : {}),
      });
      pending = [];
      early = [];
      pendingBreak = undefined;
    }
    const current = steps.at(-1);
    // A notice kept before the first request (the files the task names) belongs to step 1.
    if (!current && event.type === 'history.appended' && event.item.kind === 'notice')
      early.push({ reason: event.item.reason, content: event.item.content });
    if (!current) continue;

    noteEvent(current, event, system);
  }
  const sent = teachingSteps(events, sessionId);
  steps.forEach((facts, index) => {
    const step = sent[index];
    const cache = step ? stepCacheBreak(sent[index - 1], step) : undefined;
    if (cache) facts.cache = cache;
    const server = serverRead(step);
    if (server) facts.server = server;
    if (step?.request)
      facts.slots = Object.fromEntries(
        fiveSlots(step.request, step.sections).map((slot) => [slot.name, slot.chars]),
      ) as Record<SlotName, number>;
  });
  return steps;
}
