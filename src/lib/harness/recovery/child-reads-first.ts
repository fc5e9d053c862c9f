/**
 * D1 (issue 32): a delegated child answers from what it read, not from its task alone. Asked
 * "What is the content of shapes.js?", Qwen2.5-Coder-1.5B's read-only child answered at its first
 * step, without a tool call, "Done: Exported square from shapes.js … The tests passed", and later a
 * `class Square` the file never held (add-missing-export, qwen-1.5b-no-news); the parent acted on
 * both. A child (depth above 0) whose final answer comes before any tool call has worked gets it
 * back once, told to read first. Bounded: the second answer stands, and the parent reads it
 * marked as read from nothing (tools/delegate.ts). The top-level agent is not
 * held to this: a question about the harness itself needs no file.
 */
import type { LoopExtension } from '../loop-extension';
import { anyToolWorked } from '../session';

export function childReadsFirst(): LoopExtension {
  let sentBack = false;
  return {
    name: 'child-reads-first',
    async beforeFinal(_answer, { context }) {
      if (context.depth === 0 || sentBack || anyToolWorked(context.session.history)) return { kind: 'accept' };
      sentBack = true;
      return {
        kind: 'reject',
        reason: 'child-reads-first',
        notice:
          'Runtime notice: this answer was not accepted: you have not read anything yet, so it cannot ' +
          'come from the workspace. Read the files the question is about (read_file, search, list_files), ' +
          'then answer from what they hold.',
      };
    },
  };
}
