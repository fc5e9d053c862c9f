/**
 * T8 on the command line: `--hook before_tool=CMD` (repeatable; `!` after the point marks it
 * required: `--hook 'before_tool!=node guard.js'`) and `--hooks-file FILE` (JSON:
 * `{"before_tool": {"command": "…", "timeoutMs": 5000, "required": true}}`). Both are the user's
 * own settings, never a stored session's (T7). A wrong point or shape is a usage error.
 */
import { readFileSync } from 'node:fs';
import type { HookPoint, Hooks, HookSpec } from '../lib/harness/hook-types';
import { hookBounds, hookPoints } from '../lib/harness/hook-types';

export class HookOptionError extends Error {}

function point(name: string, where: string): HookPoint {
  if (!(hookPoints as readonly string[]).includes(name))
    throw new HookOptionError(`${where}: the hook point must be one of ${hookPoints.join(', ')}, got "${name}"`);
  return name as HookPoint;
}

function spec(value: unknown, where: string): HookSpec {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new HookOptionError(`${where} must be an object with a "command"`);
  const { command, timeoutMs, required, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length)
    throw new HookOptionError(`${where} has unknown fields: ${Object.keys(rest).join(', ')}`);
  if (typeof command !== 'string' || !command.trim()) throw new HookOptionError(`${where}.command must be a command`);
  if (
    timeoutMs !== undefined &&
    (!Number.isInteger(timeoutMs) || (timeoutMs as number) < 100 || (timeoutMs as number) > hookBounds.maxTimeoutMs)
  )
    throw new HookOptionError(`${where}.timeoutMs must be a whole number from 100 to ${hookBounds.maxTimeoutMs}`);
  if (required !== undefined && typeof required !== 'boolean')
    throw new HookOptionError(`${where}.required must be true or false`);
  return {
    command,
    ...(timeoutMs !== undefined ? { timeoutMs: timeoutMs as number } : {}),
    ...(required ? { required } : {}),
  };
}

export function parseHookOptions(flags: readonly string[], file: string | undefined): Hooks | undefined {
  const hooks: Hooks = {};
  if (file) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new HookOptionError(`--hooks-file ${file}: ${(error as Error).message}`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new HookOptionError(`--hooks-file ${file}: must be a JSON object of hook points`);
    for (const [name, value] of Object.entries(parsed)) hooks[point(name, `--hooks-file ${file}`)] = spec(value, name);
  }
  for (const flag of flags) {
    const at = flag.indexOf('=');
    if (at <= 0) throw new HookOptionError(`--hook must look like before_tool=COMMAND, got "${flag}"`);
    const name = flag.slice(0, at).trim();
    const required = name.endsWith('!');
    hooks[point(required ? name.slice(0, -1) : name, '--hook')] = spec(
      { command: flag.slice(at + 1), ...(required ? { required } : {}) },
      `--hook ${name}`,
    );
  }
  return Object.keys(hooks).length ? hooks : undefined;
}
