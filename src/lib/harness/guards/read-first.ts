/**
 * A change made blind to a file that is already there is refused once, and the refusal shows the
 * file as it is now (bounded), so the next call can keep what is there. Two forms: a whole-file
 * write over a file the run has not read, and a patch with an empty old_text (an append) to one.
 * A file the run read, wrote or patched is seen; a new file is free. `read-first` (the default
 * pack) lets through a blind write that keeps every line the file had — how a capable model
 * rewrites a file; `read-before-write` (the small pack) lets that through only for a file shown
 * with the task.
 */
import type { Rule, StepScope } from '../rules/rule';
import type { ToolCall } from '../model-types';
import { calledPath } from '../facts/called-path';
import { lostLines } from '../tools/write-file';
import { cutText } from '../tools/read-header';

/** The most of a file the refusal shows; a longer one is cut, and read_file reads the rest. */
const shownChars = 4000;

/** What kind of blind change `call` would be, if it is one of the two. */
function blindKind(call: ToolCall): 'write' | 'append' | undefined {
  const args = call.arguments as { old_text?: unknown };
  if (call.name === 'write_file') return 'write';
  if (call.name === 'patch_file' && args.old_text === '') return 'append';
  return undefined;
}

/** Read, written or patched by a call that worked, or refused by this rule before: the run has seen it. */
function seenBy(scope: StepScope, rule: string, path: string): boolean {
  return scope.facts.calls.some(
    (call) =>
      call.path === path &&
      (call.refusedBy === rule || (call.ok && ['read_file', 'write_file', 'patch_file'].includes(call.name))),
  );
}

/** The refusal, or undefined to let the call run. */
async function blindChange(call: ToolCall, scope: StepScope, rule: string, everyFileShown: boolean) {
  const { context, setup, facts } = scope;
  const path = calledPath(call);
  const kind = blindKind(call);
  if (kind === undefined || path === undefined || seenBy(scope, rule, path)) return undefined;
  // T8: a hook file is refused as that by the executor: "not read yet" would invite a rewrite.
  if (setup.executor.hookFile(path)) return undefined;
  const workspace = context.options.workspace;
  const stat = await workspace.stat(path).catch(() => null);
  if (stat?.kind !== 'file') return undefined;
  const text = await workspace.readFile(path).catch(() => undefined);
  if (text === undefined) return undefined;
  // Files shown whole with the task: appending to one is not blind.
  const shown = facts.shown.has(path);
  if (kind === 'append' && shown) return undefined;
  // Only a write to a file counted as shown may keep its lines and go through: compared then only.
  const content = (call.arguments as { content?: unknown }).content;
  const mayKeep = kind === 'write' && (everyFileShown || shown) && typeof content === 'string';
  if (mayKeep && lostLines(text, content).count === 0) return undefined;
  const visible = cutText(text, shownChars).text;
  return kind === 'write'
    ? `error: ${path} already exists and this run has not read it; write_file replaces the whole ` +
        `file, so nothing was written. Its content now:\n${visible}\n` +
        `Write it again with the complete new content: what should stay, plus your change.`
    : `error: ${path} already exists and this run has not read it, so nothing was appended. ` +
        `Its content now:\n${visible}\n` +
        `If what you meant to add is there in another form, change that line in place (old_text ` +
        `copied from it); otherwise append again.`;
}

export const readFirst: Rule = {
  id: 'read-first',
  principle:
    'A blind change to a file the run has not read is refused once, with the file shown, when it would drop lines.',
  layer: 'pack',
  decides: true,
  reads: ['calls', 'shown', 'workspace'],
  priority: 210,
  beforeTool: (call, scope) => blindChange(call, scope, 'read-first', true),
};

export const readBeforeWrite: Rule = {
  id: 'read-before-write',
  principle:
    'A whole-file write or an append to a file the run has neither read nor been shown is refused once, ' +
    'with the file shown.',
  layer: 'pack',
  decides: true,
  reads: ['calls', 'shown', 'workspace'],
  priority: 90,
  beforeTool: (call, scope) => blindChange(call, scope, 'read-before-write', false),
};
