/**
 * The loop's own state between steps, as one value with named transitions, so that a reader does
 * not have to rebuild it from scattered variables. `nextLoopState` is pure and tested
 * as a table of (state, event) → state; run-loop applies it and reads the fields.
 */
import type { ChatMessage, ToolDeclaration } from './model-types';
import type { Protocol } from './settings';

export interface LoopState {
  /** T6: the turn switched to constrained output; it stays so for the rest of the turn. */
  constrained: boolean;
  /** R2: how many times a cut reply has been continued, and the text gathered so far. */
  continuations: number;
  pendingCut: string;
  /** R3: the server said the last prompt did not fit; the next fit compacts whatever the estimate. */
  forceCompaction: boolean;
  /** The run has changed the workspace (the baseline checkpoint is taken before the first change). */
  changed: boolean;
  /** The last request's messages and the reply to it (P2, C4: what the next request should start with). */
  previous: ChatMessage[];
  /** The constrained-output schema last logged, as text (a request log keeps it only when it changes). */
  lastFormat: string | undefined;
  /**
   * The native tool declarations and system message last logged: the request log repeats them
   * only when they change (a run's first step, or after an edit at a pause).
   */
  loggedTools: readonly ToolDeclaration[] | undefined;
  loggedSystem: ChatMessage | undefined;
}

export type LoopEvent =
  | {
      type: 'request-sent';
      messages: ChatMessage[];
      format: string | undefined;
      tools: readonly ToolDeclaration[] | undefined;
      system: ChatMessage;
    }
  /** R3: the server refused or cut the prompt. */
  | { type: 'overflowed' }
  /** A whole reply arrived (the prompt fitted); `message` is the reply as the model generated it. */
  | { type: 'replied'; message: ChatMessage }
  /** R2: the reply stopped at the output limit with no tool call; it is continued. */
  | { type: 'cut'; text: string }
  /** The gathered reply went to the parser. */
  | { type: 'parsed' }
  /** T6: a reply could not be parsed; two in a row in the text protocol switch to constrained output. */
  | { type: 'malformed'; formatErrors: number; protocol: Protocol }
  | { type: 'changed' };

export function initialLoopState(constrained: boolean): LoopState {
  return {
    constrained,
    continuations: 0,
    pendingCut: '',
    forceCompaction: false,
    changed: false,
    previous: [],
    lastFormat: undefined,
    loggedTools: undefined,
    loggedSystem: undefined,
  };
}

export function nextLoopState(state: LoopState, event: LoopEvent): LoopState {
  switch (event.type) {
    case 'request-sent':
      return {
        ...state,
        previous: event.messages,
        lastFormat: event.format,
        loggedTools: event.tools,
        loggedSystem: event.system,
      };
    case 'overflowed':
      return { ...state, forceCompaction: true };
    case 'replied':
      return { ...state, forceCompaction: false, previous: [...state.previous, event.message] };
    case 'cut':
      return { ...state, continuations: state.continuations + 1, pendingCut: state.pendingCut + event.text };
    case 'parsed':
      return { ...state, continuations: 0, pendingCut: '' };
    case 'malformed':
      return { ...state, constrained: state.constrained || (event.protocol === 'text' && event.formatErrors >= 2) };
    case 'changed':
      return { ...state, changed: true };
  }
}

/** R3: a second overflow in a row, even after compaction, ends the run. */
export function overflowEndsRun(state: LoopState): boolean {
  return state.forceCompaction;
}
