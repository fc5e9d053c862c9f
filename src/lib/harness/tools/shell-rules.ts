/** T4: allow and deny patterns for run_shell, checked before anyone is asked. */
import type { ShellRules } from '../settings';

function toRegex(pattern: string): RegExp {
  const escaped = pattern.trim().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/** Each part of a compound command is checked, so `ls; rm -rf /` cannot hide behind `ls`. */
export function commandParts(command: string): string[] {
  return command
    .split(/&&|\|\||[;\n|&]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export type RuleVerdict = { verdict: 'deny' | 'allow'; pattern: string } | { verdict: 'ask' };

export function checkShellRules(command: string, rules: ShellRules): RuleVerdict {
  const whole = command.trim();
  const parts = commandParts(command);
  for (const pattern of rules.deny) {
    const regex = toRegex(pattern);
    if (regex.test(whole) || parts.some((part) => regex.test(part))) return { verdict: 'deny', pattern };
  }
  if (rules.allow.length > 0 && parts.length > 0) {
    const allowed = parts.map((part) => rules.allow.find((pattern) => toRegex(pattern).test(part)));
    if (allowed.every(Boolean)) return { verdict: 'allow', pattern: allowed.join(', ') };
  }
  return { verdict: 'ask' };
}
