/** The path a tool call names (`path`, or "." for a bare list_files), normalised; undefined when none. */
import type { ToolCall } from '../model-types';

export function calledPath(call: Pick<ToolCall, 'name' | 'arguments'>): string | undefined {
  const path = (call.arguments as Record<string, unknown> | undefined)?.path;
  if (typeof path === 'string') return path.replace(/^\.\/(?=.)/, '').replace(/\/+$/, '') || '.';
  return call.name === 'list_files' ? '.' : undefined;
}
