/**
 * L3 D (issue 32): an answer that says it changed something, in a run that changed nothing, goes
 * back once. Qwen2.5-Coder-1.5B read src/Header.jsx and answered "Done: updated Header.js to
 * display user's name." having written nothing (edit-jsx, qwen-1.5b-core-named), and answered
 * "Done: added '- water the plants' to TODO.md." with TODO.md as it was (append-line,
 * qwen-1.5b-no-delegate): 19 of the 282 final answers over the recorded 1.5B sweeps claimed a
 * change no tool had made. Only in a task that asks for a change and is not a question; not when
 * the answer says nothing needed changing, nor when a change was refused by the person (the answer
 * saying so is the answer) or a shell command ran that may have made it; not the instructions'
 * example answer (echoed-answer's), nor in a task a check decides (the session's verification
 * command, or the tests the task speaks of: the check's failure says more). Every profile.
 */
import type { LoopExtension } from '../loop-extension';
import { impliedCommand } from '../implied-check';
import { isExampleAnswer } from './echoed-answer';
import { claimsChange } from './change-claim';

/** A task that asks for something to be changed or made ("Fix …", "Add …", "write … into"). */
const changeWords =
  /\b(?:fix|change|add|update|write|create|make|remove|delete|rename|replace|append|edit|set|export|put|save|patch)\b/i;
/** Shell commands that only read or test: running them changes no file. */
const readOnlyCommand =
  /^\s*(?:node\s+--test|npm\s+(?:run\s+)?test|cat|ls|grep|head|tail|pwd|wc|git\s+(?:status|diff|log))\b[^>;&|]*$/;

export function claimedChange(): LoopExtension {
  let changed = false;
  let sentBack = false;
  return {
    name: 'claimed-change',
    afterToolResult({ call, changed: wrote, denied }) {
      const command = (call.arguments as { command?: unknown } | undefined)?.command;
      // A command that failed may still have written before it did.
      const shell = call.name === 'run_shell' && !(typeof command === 'string' && readOnlyCommand.test(command));
      // A refused change: the answer that says so (or not) is for the person to read.
      if (wrote || shell || denied) changed = true;
      return undefined;
    },
    async beforeFinal(answer, { context }) {
      const { task, session, options } = context;
      if (changed || sentBack || !changeWords.test(task) || task.includes('?') || !claimsChange(answer))
        return { kind: 'accept' };
      // The instructions' example answer is echoed-answer's; a check's own report says more than this.
      if (isExampleAnswer(answer) || session.settings.verifyCommand) return { kind: 'accept' };
      if (await impliedCommand(task, options.workspace).catch(() => undefined)) return { kind: 'accept' };
      sentBack = true;
      return {
        kind: 'reject',
        reason: 'claimed-change',
        notice:
          'Runtime notice: your answer says you changed something, but no file has been changed in this run, ' +
          'so it was not accepted. Make the change with patch_file or write_file, then answer; if nothing ' +
          'needs changing, say so.',
      };
    },
  };
}
