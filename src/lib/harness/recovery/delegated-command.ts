/**
 * D1 (issue 32): a delegate call whose task is to run one quoted command runs that command
 * here, as run_shell. The read-only child cannot run anything, and Qwen2.5-Coder-1.5B, told so,
 * delegated "Run 'node --test' to check if the tests pass" again after each answer sent back
 * (add-default seed 1, qwen-1.5b-final-rung2: 3 calls, never a run_shell), and asked children
 * "What is the output of `node src/main.js`?" (4 calls over the sweeps). What it meant is plain,
 * so that runs: a rewritten call, validated, checked for repeats and approved like any other
 * (the person approving sees the command). Only a task that is the request and the command, in
 * quotes or backticks; anything else goes to the delegate tool as before.
 */
import type { LoopExtension } from '../loop-extension';

/** "Run 'X'", "Execute `X`", "What is the output of `X`?", with at most a short clause after. */
const asked = [
  /^(?:please\s+)?(?:run|execute)\s+(['"`])([^'"`\n]{1,200})\1(?:\s+(?:again|to\s[^.?!\n]{0,80}))?[.!]?$/i,
  /^what\s+(?:is|does)\s+(?:the\s+)?output\s+of\s+(['"`])([^'"`\n]{1,200})\1(?:\s+\w+){0,2}\s*\??$/i,
];

/** The command a delegate task asks to run, or undefined. */
export function delegatedCommand(task: string): string | undefined {
  for (const pattern of asked) {
    const command = pattern.exec(task.trim())?.[2]?.trim();
    if (command) return command;
  }
  return undefined;
}

export function delegatedCommandRuns(): LoopExtension {
  return {
    name: 'delegated-command',
    async rewriteTool(call) {
      const task = (call.arguments as { task?: unknown } | undefined)?.task;
      if (call.name !== 'delegate' || typeof task !== 'string') return undefined;
      const command = delegatedCommand(task);
      if (!command) return undefined;
      return {
        call: { name: 'run_shell', arguments: { command } },
        note:
          `a delegated child can only read, so \`${command}\` ran here, as run_shell ` +
          '(call run_shell yourself next time):',
      };
    },
  };
}
