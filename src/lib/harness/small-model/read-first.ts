/**
 * O4, measured on Qwen2.5-Coder-1.5B (small profile, constrained): asked to add a line to TODO.md
 * or set one key in settings.json, it called write_file at once with only its change — the file's
 * other lines gone — in 6 runs of 6, and the check failed every time. write_file replaces a whole
 * file, so the small profile lets it replace an existing file only once the run has seen it: the
 * first such call is refused, and the refusal shows the file as it is now (bounded), so the next
 * write can keep what is there. A file the run read, wrote or created is seen; a new file is free.
 */
import type { LoopExtension } from '../loop-extension';
import { calledPath } from './step-envelope';
import { lostLines } from '../tools/write-file';
import { cutText } from '../tools/read-header';

/** The most of a file the refusal shows; a longer one is cut, and read_file reads the rest. */
const shownChars = 4000;

/**
 * `shown`: files the run was shown without reading them (the files the task names). A write to
 * one of those is let through when it keeps the file's lines (a fix made in place at step 1),
 * and refused like an unread one when it drops them (the blind write this rule is for).
 */
export function readFirst(shown: ReadonlySet<string> = new Set()): LoopExtension {
  const seen = new Set<string>();
  return {
    name: 'read-first',
    async beforeTool(call, { context }) {
      const path = calledPath(call);
      if (call.name !== 'write_file' || path === undefined || seen.has(path)) return undefined;
      const workspace = context.options.workspace;
      const stat = await workspace.stat(path).catch(() => null);
      if (stat?.kind !== 'file') return undefined;
      const text = await workspace.readFile(path).catch(() => undefined);
      if (text === undefined) return undefined;
      const content = (call.arguments as { content?: unknown }).content;
      if (shown.has(path) && typeof content === 'string' && lostLines(text, content).count === 0) return undefined;
      seen.add(path);
      const visible = cutText(text, shownChars).text;
      return (
        `error: ${path} already exists and this run has not read it; write_file replaces the whole ` +
        `file, so nothing was written. Its content now:\n${visible}\n` +
        `Write it again with the complete new content: what should stay, plus your change.`
      );
    },
    afterToolResult({ call, ok }) {
      const path = calledPath(call);
      if (ok && path !== undefined && ['read_file', 'write_file', 'patch_file'].includes(call.name)) seen.add(path);
      return undefined;
    },
  };
}
