/**
 * U5: two runs side by side. Each run becomes its model steps (what the step did, its tokens and
 * time); the steps are aligned by number, the first step where the runs did different things is
 * marked, and the requests of any step can be diffed (where the prompts parted ways).
 */
import { stableJson } from '../harness/stable-json';
import { createTwoFilesPatch } from 'diff';
import type { HarnessEvent } from '../harness/events';
import { messageText } from '../harness/context/prefix-reuse';
import type { SentRequest } from '../harness/request-log';

export interface StepView {
  step: number;
  kind: 'tool' | 'final' | 'malformed' | 'cut';
  /** What the step did, for people: "read_file {"path":"a.js"}", "final: …". */
  action: string;
  /** Equal keys mean the same action (tool and arguments, or a final answer). */
  key: string;
  promptTokens?: number;
  outputTokens?: number;
  seconds?: number;
}

/** The model steps of one session's runs, in order (a later run's steps follow the earlier ones). */
export function stepsOf(events: readonly HarnessEvent[], sessionId: string): StepView[] {
  const steps: StepView[] = [];
  let current: StepView | undefined;
  let sentAt = 0;
  // Whether the step's key already names its first call with its arguments (from the run's own events).
  let resolved = false;
  for (const event of events) {
    if (event.sessionId !== sessionId) continue;
    if (event.type === 'request.sent') {
      current = { step: steps.length + 1, kind: 'cut', action: '(no reply)', key: 'none' };
      sentAt = event.at;
      resolved = false;
      steps.push(current);
    } else if (current && event.type === 'response.done') {
      current.promptTokens = event.stats.promptTokens;
      current.outputTokens = event.stats.outputTokens;
      // A server that reports no durations (the chat-completions API): the page's own clock.
      current.seconds = event.stats.totalSeconds ? event.stats.totalSeconds : Math.max(0, event.at - sentAt) / 1000;
    } else if (current && event.type === 'parse.result') {
      current.kind = event.kind;
      current.action =
        event.kind === 'final'
          ? `final: ${event.detail}`
          : event.kind === 'malformed'
            ? `unparseable: ${event.detail}`
            : event.detail;
      // How a call was written is not what it did: the key names the tools (the arguments follow).
      current.key = event.kind === 'tool' ? `tool:${(event.tools ?? []).join(',')}` : event.kind;
    } else if (current?.kind === 'tool' && !resolved && event.type === 'tool.started') {
      current.action = `${event.tool} ${JSON.stringify(event.args)}`;
      current.key = `${event.tool}:${stableJson(event.args)}`;
      resolved = true;
    } else if (current?.kind === 'tool' && !resolved && event.type === 'validation' && !event.ok) {
      current.action = `${event.tool} (invalid: ${event.error ?? ''})`;
      current.key = `${event.tool}:invalid`;
      resolved = true;
    }
  }
  return steps;
}

/** The protocol a session's last run used ("auto" names no protocol: the run chose one). */
export function protocolUsed(events: readonly HarnessEvent[], sessionId: string): string | undefined {
  const started = events.findLast((event) => event.sessionId === sessionId && event.type === 'run.started');
  return started?.type === 'run.started' ? started.protocol : undefined;
}

export interface AlignedRow {
  step: number;
  a?: StepView;
  b?: StepView;
  same: boolean;
}

export function alignRuns(
  a: readonly StepView[],
  b: readonly StepView[],
): { rows: AlignedRow[]; firstDivergence?: number } {
  const rows: AlignedRow[] = [];
  let firstDivergence: number | undefined;
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const left = a[index];
    const right = b[index];
    const same = Boolean(left && right && left.key === right.key);
    if (!same && firstDivergence === undefined) firstDivergence = index + 1;
    rows.push({ step: index + 1, ...(left ? { a: left } : {}), ...(right ? { b: right } : {}), same });
  }
  return { rows, ...(firstDivergence !== undefined ? { firstDivergence } : {}) };
}

/** A unified diff of two requests as the model received them (messages as flat text). */
export function requestDiff(a: SentRequest | undefined, b: SentRequest | undefined, labels: [string, string]): string {
  // The tools are part of the request (a fork that offered other tools was not asked the same thing).
  const text = (request: SentRequest | undefined) =>
    request
      ? request.messages.map(messageText).join('') +
        (request.tools ? `\n[tools]\n${request.tools.map((tool) => stableJson(tool)).join('\n')}\n` : '')
      : '';
  const patch = createTwoFilesPatch(labels[0], labels[1], text(a), text(b), '', '', { context: 2 });
  return patch
    .split('\n')
    .filter((line) => !/^=+$/.test(line))
    .join('\n');
}
