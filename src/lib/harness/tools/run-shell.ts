/**
 * T1, W2: the `run_shell` tool: one command in the workspace root, its exit code and output as the
 * model reads them.
 */
import type { ExecResult } from '../workspace-types';
import type { WriteTool } from './tool-definition';
import { integerProperty, objectSchema, stringProperty } from './tool-definition';

/** The result text the model reads: exit code first, then what the command printed. */
export function formatExecResult(result: ExecResult, timeoutSeconds: number): string {
  const lines = [`exit_code: ${result.exitCode}`];
  if (result.timedOut)
    lines.push(`timed out after ${timeoutSeconds}s: the command and everything it started were killed`);
  if (result.aborted) lines.push('aborted by the user: the command and everything it started were killed');
  if (result.droppedChars) lines.push(`(the command printed ${result.droppedChars} more characters than are kept)`);
  if (result.merged) {
    lines.push('output (stdout and stderr arrive merged on this backend):', result.stdout.trimEnd() || '(empty)');
  } else {
    lines.push('stdout:', result.stdout.trimEnd() || '(empty)', 'stderr:', result.stderr.trimEnd() || '(empty)');
  }
  return lines.join('\n');
}

export const runShell: WriteTool<{ command: string; timeout: number }> = {
  name: 'run_shell',
  access: 'write',
  risky: true,
  description: 'Run a shell command in the workspace root.',
  parameters: objectSchema(
    {
      command: stringProperty('The command line.', { minLength: 1 }),
      timeout: integerProperty('Seconds before the command is killed (1-120).', {
        default: 20,
        minimum: 1,
        maximum: 120,
      }),
    },
    ['command'],
  ),
  // Replaced per workspace by a command that exists there (W5); see tool-registry.ts.
  example: { command: 'ls -la', timeout: 20 },
  async check(args) {
    return args.command.trim() ? null : `'command' must not be empty`;
  },
  async run(args, context) {
    // Never past the run's own time limit (it cannot always interrupt a command in time).
    const left = context.deadline ? Math.max(1000, context.deadline - Date.now()) : Infinity;
    const timeoutMs = Math.min(args.timeout * 1000, left);
    const result = await context.workspace.exec(args.command, {
      timeoutMs,
      signal: context.signal,
      onOutput: (chunk) => context.onOutput(chunk),
    });
    return {
      ok: result.exitCode === 0 && !result.timedOut && !result.aborted,
      exitCode: result.exitCode,
      output: formatExecResult(result, Math.ceil(timeoutMs / 1000)),
    };
  },
};
