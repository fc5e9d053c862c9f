/**
 * U3: a request split into the five slots of a harness — instructions, tools, environment, state
 * and feedback — each with its text, its size, what changed since the step before, and where it
 * is controlled. Every character of the request belongs to exactly one slot, so the sizes add up
 * to the request's size.
 */
import { defaultCharsPerToken } from '../../harness/context/token-estimator';
import type { SentRequest } from '../../harness/request-log';

export type SlotName = 'instructions' | 'tools' | 'environment' | 'state' | 'feedback';

export interface Slot {
  name: SlotName;
  /** What the slot is for, in one plain sentence. */
  purpose: string;
  /** Where a person changes it. */
  control: { label: string; target: 'section' | 'settings' };
  chars: number;
  tokens: number;
  /** The slot's text as the model saw it (parts joined). */
  text: string;
  /** Characters more (or fewer) than in the previous step; undefined for the first step. */
  delta?: number;
  changed?: boolean;
}

export const slotInfo: Record<SlotName, Pick<Slot, 'purpose' | 'control'>> = {
  instructions: {
    purpose: 'Who the agent is and the rules of the game: how to reply, what to avoid, when to stop.',
    control: { label: 'identity and rules sections (Inspector)', target: 'section' },
  },
  tools: {
    purpose: 'What the agent can do: each tool with its arguments, and how to call it in this protocol.',
    control: { label: 'protocol and tool profile (Settings)', target: 'settings' },
  },
  environment: {
    purpose: 'The world the agent acts in: backend, OS, shell, what persists, the repository and its docs.',
    control: { label: 'workspace backend (Settings) and the repository', target: 'settings' },
  },
  state: {
    purpose:
      'What happened so far: the task, the history as it is rendered ' +
      '(shortened or compacted when long), memory and tasks.',
    control: { label: 'context window, limits and memory (Settings)', target: 'settings' },
  },
  feedback: {
    purpose: 'What the last actions returned: tool results and runtime notices, clipped, as the model reads them next.',
    control: { label: 'tool output clipping (the harness)', target: 'settings' },
  },
};

const sectionSlot: Record<string, SlotName> = {
  identity: 'instructions',
  rules: 'instructions',
  tools: 'tools',
  examples: 'tools',
  environment: 'environment',
  workspace: 'environment',
  docs: 'environment',
  // P5: the list is an offer, like the tools; a loaded skill is a tool result (feedback, then state).
  skills: 'tools',
  'memory-file': 'state',
  tasks: 'state',
};

/** Characters per token for the estimate: the step's own ratio when the server counted it. */
export function charsPerToken(chars: number, promptTokens?: number): number {
  return promptTokens && chars > 0 ? Math.max(1, chars / promptTokens) : defaultCharsPerToken;
}

/** Size of a request as the slots count it: message texts, tool-call arguments and tool declarations. */
export function requestSize(request: SentRequest): number {
  return (
    request.messages.reduce(
      (sum, message) =>
        sum + message.content.length + (message.toolCalls?.length ? JSON.stringify(message.toolCalls).length : 0),
      0,
    ) + (request.tools ? JSON.stringify(request.tools).length : 0)
  );
}

export function fiveSlots(
  request: SentRequest,
  sections: readonly { name: string; text: string }[],
  options: { promptTokens?: number; previous?: Slot[] } = {},
): Slot[] {
  const parts: Record<SlotName, string[]> = { instructions: [], tools: [], environment: [], state: [], feedback: [] };
  const [system, ...rest] = request.messages;
  // The system message is the sections joined by blank lines; each joiner goes with the section after it.
  let at = 0;
  const content = system?.role === 'system' ? system.content : '';
  for (const section of sections) {
    const found = content.indexOf(section.text, at);
    if (found === -1) continue;
    const slot = sectionSlot[section.name] ?? 'instructions';
    parts[slot].push(content.slice(at, found + section.text.length));
    at = found + section.text.length;
  }
  if (at < content.length) parts.instructions.push(content.slice(at));
  const history = system?.role === 'system' ? rest : request.messages;
  // Feedback: what came back after the model's last reply; everything before it is state.
  const lastReply = history.findLastIndex((message) => message.role === 'assistant');
  history.forEach((message, index) => {
    const text = message.content + (message.toolCalls?.length ? JSON.stringify(message.toolCalls) : '');
    parts[lastReply !== -1 && index > lastReply ? 'feedback' : 'state'].push(text);
  });
  if (request.tools) parts.tools.push(JSON.stringify(request.tools));
  const ratio = charsPerToken(requestSize(request), options.promptTokens);
  return (Object.keys(parts) as SlotName[]).map((name) => {
    const text = parts[name].join('');
    const chars = parts[name].reduce((sum, part) => sum + part.length, 0);
    const before = options.previous?.find((slot) => slot.name === name);
    return {
      name,
      ...slotInfo[name],
      chars,
      tokens: Math.round(chars / ratio),
      text,
      ...(before ? { delta: chars - before.chars, changed: before.text !== text } : {}),
    };
  });
}
