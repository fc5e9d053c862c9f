/**
 * D1: a delegated child answers from what it read, not from its task alone. A child (depth above
 * 0) whose final answer comes before any tool call has worked gets it back once, told to read
 * first; the second answer stands, and the parent reads it marked as read from nothing
 * (tools/delegate.ts). The top-level agent is not held to this: a question about the harness itself
 * needs no file.
 */
import type { Rule } from '../rules/rule';

const id = 'child-reads-first';

export const childReadsFirst: Rule = {
  id,
  principle: 'A delegated child that answers before any tool call has worked is sent back once to read first.',
  layer: 'pack',
  decides: true,
  reads: ['calls', 'answers'],
  priority: 230,
  appliesTo: (run) => run.depth > 0,
  async beforeFinal(_answer, { facts }) {
    if (facts.sentBack(id) > 0 || facts.anyToolWorked) return { kind: 'accept' };
    return {
      kind: 'reject',
      reason: id,
      notice:
        'Runtime notice: this answer was not accepted: you have not read anything yet, so it cannot ' +
        'come from the workspace. Read the files the question is about (read_file, search, list_files), ' +
        'then answer from what they hold.',
    };
  },
};
