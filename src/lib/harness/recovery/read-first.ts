/**
 * A change made blind to a file that is already there is refused once, and the refusal shows the
 * file as it is now (bounded), so the next call can keep what is there. Two forms, both measured
 * on Qwen2.5-Coder-1.5B:
 * - write_file over the file with only the change (asked to add a line to TODO.md or set one key
 *   in settings.json, 6 runs of 6, every check failed); the small profile refused it first
 *   (set-json-key 0 of 3 → 3 of 3), the default profile had no such rule and failed it 3 of 3.
 *   The small profile refuses every blind whole-file write; the default one only one that drops
 *   lines the file had (beyond lines changed in place).
 * - patch_file with an empty old_text (an append) to a file it never looked at: in
 *   add-missing-export (qwen-1.5b-default-v3) it appended `export function square` below the
 *   `function square` already there, and the module no longer loaded.
 * A file the run read, wrote, patched or was shown is seen; a new file is free. Every profile.
 */
import type { LoopExtension } from '../loop-extension';
import type { ToolCall } from '../model-types';
import { calledPath } from '../small-model/step-envelope';
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

/**
 * `shown`: files the run was shown without reading them (the small profile's named files). A
 * write to one of those is let through when it keeps the file's lines (a fix made in place at
 * step 1), and refused like an unread one when it drops them (the blind write this rule is for).
 * `everyFileShown`: the default profile treats every file so — a blind whole-file write that
 * keeps the file's lines is how a capable model (and every eval reference) fixes a file, and only
 * the write with just the change is refused.
 */
export function readFirst(shown: ReadonlySet<string> = new Set(), everyFileShown = false): LoopExtension {
  const seen = new Set<string>();
  return {
    name: 'read-first',
    async beforeTool(call, { context, setup }) {
      const path = calledPath(call);
      const kind = blindKind(call);
      if (kind === undefined || path === undefined || seen.has(path)) return undefined;
      // T8: a hook file is refused as that by the executor: "not read yet" would invite a rewrite.
      if (setup.executor.hookFile(path)) return undefined;
      const workspace = context.options.workspace;
      const stat = await workspace.stat(path).catch(() => null);
      if (stat?.kind !== 'file') return undefined;
      const text = await workspace.readFile(path).catch(() => undefined);
      if (text === undefined) return undefined;
      // The small profile's named files were shown whole with the task: appending to one is not blind.
      if (kind === 'append' && shown.has(path)) return undefined;
      // Only a write to a file counted as shown may keep its lines and go through: compared then only.
      const content = (call.arguments as { content?: unknown }).content;
      const mayKeep = kind === 'write' && (everyFileShown || shown.has(path)) && typeof content === 'string';
      if (mayKeep && lostLines(text, content).count === 0) return undefined;
      seen.add(path);
      const visible = cutText(text, shownChars).text;
      return kind === 'write'
        ? `error: ${path} already exists and this run has not read it; write_file replaces the whole ` +
            `file, so nothing was written. Its content now:\n${visible}\n` +
            `Write it again with the complete new content: what should stay, plus your change.`
        : `error: ${path} already exists and this run has not read it, so nothing was appended. ` +
            `Its content now:\n${visible}\n` +
            `If what you meant to add is there in another form, change that line in place (old_text ` +
            `copied from it); otherwise append again.`;
    },
    afterToolResult({ call, ok }) {
      const path = calledPath(call);
      if (ok && path !== undefined && ['read_file', 'write_file', 'patch_file'].includes(call.name)) seen.add(path);
      return undefined;
    },
  };
}
