/** Exit codes of the headless runner: 0 only for a final answer, one code per other outcome. */
import type { Outcome } from '../lib/harness/outcome';

export const exitCodes = {
  final: 0,
  internal: 1,
  usage: 2,
  limitSteps: 3,
  limitTokens: 4,
  limitTime: 5,
  limitFormatErrors: 6,
  aborted: 7,
  unreachable: 8,
  modelNotFound: 9,
  toolsUnsupported: 10,
  contextTooSmall: 11,
  modelFailed: 12,
  prompt: 13,
  store: 14,
  limitFailedSteps: 15,
  limitRepeats: 16,
} as const;

export const exitCodeHelp = `Exit codes:
   0  final answer
   1  internal error
   2  bad command line
   3  step limit reached          4  token limit reached
   5  time limit reached          6  too many unusable replies in a row
   7  aborted (Ctrl-C)
   8  Ollama unreachable          9  model not found
  10  model has no tool support  11  context too small
  12  model failed (busy, server error, broken stream, bad reply) after retries
  13  prompt template error      14  session store error
  15  failed-steps limit reached (every tool call failed, several steps in a row)
  16  the model kept repeating a refused call`;

export function exitCodeFor(outcome: Outcome): number {
  switch (outcome.kind) {
    case 'final':
      return exitCodes.final;
    case 'aborted':
      return exitCodes.aborted;
    case 'limit':
      return {
        steps: exitCodes.limitSteps,
        tokens: exitCodes.limitTokens,
        time: exitCodes.limitTime,
        format_errors: exitCodes.limitFormatErrors,
        failed_steps: exitCodes.limitFailedSteps,
        repeats: exitCodes.limitRepeats,
      }[outcome.limit];
    case 'error':
      switch (outcome.error.kind) {
        case 'unreachable':
          return exitCodes.unreachable;
        case 'not_found':
          return exitCodes.modelNotFound;
        case 'tools_unsupported':
          return exitCodes.toolsUnsupported;
        case 'context_too_small':
        case 'context_overflow':
          return exitCodes.contextTooSmall;
        case 'prompt':
          return exitCodes.prompt;
        case 'store':
          return exitCodes.store;
        case 'internal':
          return exitCodes.internal;
        case 'aborted':
          return exitCodes.aborted;
        default:
          return exitCodes.modelFailed;
      }
  }
}
