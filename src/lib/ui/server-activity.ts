/**
 * What the run is waiting on right now, read from its events: the server reading a prompt, the
 * model writing, a tool or a check running, a pause before a retry. The page shows it as one live
 * line under the transcript with the seconds since it began, so nothing is silent while a prompt
 * is read. Reading figures are the harness's estimate (the server says what it read only when it
 * is done) and are labelled so; the step's measured figures then appear on the reply.
 */
import type { HarnessEvent } from '../harness/events';

export type ServerActivity =
  | { kind: 'idle' }
  | {
      kind: 'reading';
      step: number;
      since: number;
      /** Estimated prompt tokens, and of them the ones not equal to the previous request's start. */
      tokens: number;
      newTokens: number;
    }
  | { kind: 'writing'; step: number; since: number; chars: number }
  | { kind: 'running'; step: number; since: number; what: string }
  | { kind: 'waiting'; step: number; since: number; why: string };

/** Characters per token the estimates use (the harness's own figure for code and English). */
const charsPerToken = 3.5;

export interface ActivityTracker {
  activity: ServerActivity;
  /** The last prompt's size, kept until its request is sent. */
  prompt?: { totalChars: number; reusedChars: number };
}

export const idleActivity: ActivityTracker = { activity: { kind: 'idle' } };

const estimate = (chars: number) => Math.max(0, Math.round(chars / charsPerToken));

/** The tracker after `event`, seen at `now` (ms). Unchanged when the event says nothing new. */
export function trackActivity(tracker: ActivityTracker, event: HarnessEvent, now: number): ActivityTracker {
  const { activity } = tracker;
  switch (event.type) {
    case 'prompt.assembled':
      return {
        ...tracker,
        prompt: { totalChars: event.totalChars + (event.toolChars ?? 0), reusedChars: event.reusedChars },
      };
    case 'request.sent': {
      const prompt = tracker.prompt ?? { totalChars: 0, reusedChars: 0 };
      const tokens = estimate(prompt.totalChars);
      const newTokens = Math.min(tokens, estimate(prompt.totalChars - prompt.reusedChars));
      return { activity: { kind: 'reading', step: event.step, since: now, tokens, newTokens } };
    }
    case 'model.token':
      if (activity.kind === 'writing')
        return { ...tracker, activity: { ...activity, chars: activity.chars + event.text.length } };
      return { ...tracker, activity: { kind: 'writing', step: event.step, since: now, chars: event.text.length } };
    case 'tool.started':
      return {
        ...tracker,
        activity: { kind: 'running', step: event.step, since: now, what: `the tool ${event.tool}` },
      };
    case 'check.started':
      return {
        ...tracker,
        activity: { kind: 'running', step: event.step, since: now, what: `the check ${event.command}` },
      };
    case 'delegate.started':
      return { ...tracker, activity: { kind: 'running', step: event.step, since: now, what: 'a helper agent' } };
    case 'retry':
      return {
        ...tracker,
        activity: {
          kind: 'waiting',
          step: event.step,
          since: now,
          why: `retrying in ${Math.ceil(event.delayMs / 1000)} s: ${event.reason}`,
        },
      };
    case 'response.done':
    case 'model.error':
    case 'tool.finished':
    case 'check.finished':
    case 'check.not-run':
    case 'delegate.finished':
    case 'step.paused':
    case 'run.finished':
      return activity.kind === 'idle' ? tracker : { ...tracker, activity: { kind: 'idle' } };
    default:
      return tracker;
  }
}

const grouped = (value: number) => value.toLocaleString('en-US');

/** The live line for `activity` at `now`, or '' when nothing is going on. */
export function activityText(activity: ServerActivity, now: number): string {
  if (activity.kind === 'idle') return '';
  const seconds = `${Math.max(0, Math.floor((now - activity.since) / 1000))} s`;
  switch (activity.kind) {
    case 'reading': {
      const fresh = activity.newTokens < activity.tokens ? `, about ${grouped(activity.newTokens)} of them new` : '';
      const tokens = grouped(activity.tokens);
      const reading = `Step ${activity.step}: the server is reading the prompt`;
      return `${reading} — about ${tokens} tokens${fresh} (estimated) · ${seconds}`;
    }
    case 'writing':
      return `Step ${activity.step}: the model is writing — ${grouped(activity.chars)} characters so far · ${seconds}`;
    case 'running':
      return `Step ${activity.step}: running ${activity.what} · ${seconds}`;
    case 'waiting':
      return `Step ${activity.step}: ${activity.why} · ${seconds}`;
  }
}
