/**
 * U3: a session's model steps, in order across its runs, with everything the teaching views need
 * for each: the request as sent, the prompt sections it was built from, the reply, the server's
 * statistics, and where the step sits in the events and the history (for replay and forks).
 */
import type { HarnessEvent } from '../../harness/events';
import type { ChatMessage, ReplyStats } from '../../harness/model-types';
import type { SentRequest } from '../../harness/request-log';
import type { Memory } from '../../harness/session';
import type { Protocol } from '../../harness/settings';
import { sentRequests } from '../../harness/request-log';

export interface TeachingStep {
  /** 1-based over the whole session (a second run continues the count). */
  number: number;
  /** The step number within its run, as the events say. */
  runStep: number;
  /** Index of this step's request.sent in the events: replay shows the events before the next one. */
  eventIndex: number;
  /** History items that existed when the request was sent (a fork copies exactly these). */
  itemsBefore: number;
  request?: SentRequest;
  sections: { name: string; text: string }[];
  reply?: ChatMessage;
  stats?: ReplyStats;
  /** P2: the prompt tokens the server took from its cache, by its count or its timing. */
  serverReused?: { tokens: number; source: 'reported' | 'timing' };
  reusedChars?: number;
  /** The protocol the request was sent in. */
  protocol?: Protocol;
  /** The tools the run offered, by name (absent in sessions recorded before names were kept). */
  tools?: string[];
  /** The session's memory as it was when the request was sent (a fork starts from it). */
  memory?: Memory;
  /** History items when the workspace last may have changed before this step (0: never). */
  filesChangedAt: number;
}

// Tools that cannot change files; anything else (writes, shell, delegation, extra tools) may have.
const fileless = (tool: string) =>
  ['read_file', 'list_files', 'search', 'note', 'load_skill', 'git'].includes(tool) ||
  tool.endsWith('_task') ||
  tool.endsWith('_tasks');

/** The step's reply and the server's figures for it, as they arrive. */
function noteReply(current: TeachingStep, event: HarnessEvent): void {
  if (event.type === 'response.done') {
    current.stats = event.stats;
    if (event.serverReusedTokens !== undefined)
      current.serverReused = { tokens: event.serverReusedTokens, source: event.serverReuseSource ?? 'timing' };
  }
  if (event.type === 'history.appended' && event.item.kind === 'assistant' && !current.reply) {
    current.reply = {
      role: 'assistant',
      content: event.item.content,
      ...(event.item.toolCalls?.length ? { toolCalls: event.item.toolCalls } : {}),
    };
  }
}

export function teachingSteps(events: readonly HarnessEvent[], sessionId: string): TeachingStep[] {
  const own = events.filter((event) => event.sessionId === sessionId);
  const requests = sentRequests(own);
  const steps: TeachingStep[] = [];
  let sections: { name: string; text: string }[] = [];
  let tools: string[] | undefined;
  let items = 0;
  let reusedChars: number | undefined;
  let changedAt = 0;
  let pendingChange = false;
  let memory: Memory | undefined;
  events.forEach((event, index) => {
    if (event.sessionId !== sessionId) return;
    if (event.type === 'history.appended') {
      items = Math.max(items, event.item.seq + 1);
      // A changing tool's result is appended after it finished: the files changed by then.
      if (pendingChange && event.item.kind === 'tool') {
        changedAt = items;
        pendingChange = false;
      }
    }
    if (event.type === 'tool.finished' && !fileless(event.tool)) pendingChange = true;
    if (event.type === 'memory.updated') memory = event.memory;
    if (event.type === 'prompt.assembled') {
      if (event.prefix) {
        sections = event.prefix.map(({ name, text }) => ({ name, text }));
        tools = event.tools;
      }
      reusedChars = event.reusedChars;
    }
    if (event.type === 'request.sent') {
      const step = steps.length;
      steps.push({
        number: step + 1,
        runStep: event.step,
        eventIndex: index,
        itemsBefore: items,
        ...(requests[step] ? { request: requests[step] } : {}),
        sections,
        protocol: event.protocol,
        ...(tools ? { tools } : {}),
        filesChangedAt: changedAt,
        ...(memory ? { memory } : {}),
        ...(reusedChars !== undefined ? { reusedChars } : {}),
      });
    }
    const current = steps.at(-1);
    if (current) noteReply(current, event);
  });
  return steps;
}
