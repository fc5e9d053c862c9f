/** T6: the native protocol. Tool calls arrive whole; a reply without any is the final answer. */
import type { ModelReply, NativeToolDefinition } from '../ports';
import type { AnyTool } from '../tools/tool-definition';
import type { ParsedReply } from './parsed-reply';
import { stripThinking } from './parsed-reply';

export function nativeDefinitions(tools: Iterable<AnyTool>): NativeToolDefinition[] {
  return [...tools].map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters as unknown as Record<string, unknown> },
  }));
}

export function parseNativeReply(reply: Pick<ModelReply, 'content' | 'toolCalls'>): ParsedReply {
  const calls = reply.toolCalls.filter((call) => call && typeof call.name === 'string');
  if (calls.length > 0) return { kind: 'tool', calls, form: 'native' };
  if (reply.toolCalls.length > 0) return { kind: 'malformed', problem: 'a tool call had no name' };
  const answer = stripThinking(reply.content);
  return answer ? { kind: 'final', answer } : { kind: 'malformed', problem: 'the reply was empty: call a tool or answer in text' };
}
