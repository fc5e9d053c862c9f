/**
 * C3: the fixed prefix must leave room for the conversation. When the system prompt would take
 * over half of what the window leaves for messages, the project docs — the one part that grows
 * with the project, not with the harness — are clipped first (and the run says so), never the
 * newest turn of history.
 */
import type { Prefix } from './assemble-prefix';
import { assemblePrefix } from './assemble-prefix';
import type { PromptState } from './prompt-variables';
import { defaultDocChars } from './prompt-variables';

/** Below this a doc says too little to be worth its header. */
const minDocChars = 200;

export function fitPrefix(
  state: PromptState,
  overrides: Record<string, string>,
  room: { budgetChars: number; onClipped: (docChars: number, docs: number) => void },
): Prefix {
  const prefix = assemblePrefix(state, overrides);
  const docs = state.repo.docs.length;
  const excess = prefix.text.length - room.budgetChars / 2;
  if (docs === 0 || excess <= 0) return prefix;
  const docChars = Math.max(minDocChars, (state.docChars ?? defaultDocChars) - Math.ceil(excess / docs));
  if (docChars >= (state.docChars ?? defaultDocChars)) return prefix;
  room.onClipped(docChars, docs);
  return assemblePrefix({ ...state, docChars }, overrides);
}
