/**
 * T6: the native protocol. Tool calls arrive whole; a reply without any is the final answer,
 * unless its text *is* a call to a declared tool as small models write it (recover-call.ts).
 */
import type { ModelReply, ToolDeclaration } from '../model-types';
import type { AnyTool } from '../tools/tool-definition';
import type { ParsedReply } from './parsed-reply';
import { stripThinking } from './parsed-reply';
import type { DeclaredTools } from './recover-call';
import { recoveredReply } from './recover-call';

/** Length bounds are enforced by validation; the server need not spend prompt tokens on them. */
function leanSchema(tool: AnyTool): Record<string, unknown> {
  const properties = Object.fromEntries(
    Object.entries(tool.parameters.properties).map(([key, { maxLength: _bound, ...property }]) => [key, property]),
  );
  return { ...tool.parameters, properties };
}

export function nativeDefinitions(tools: Iterable<AnyTool>): ToolDeclaration[] {
  return [...tools].map((tool) => ({ name: tool.name, description: tool.description, parameters: leanSchema(tool) }));
}

export function parseNativeReply(
  reply: Pick<ModelReply, 'content' | 'toolCalls'>,
  tools?: DeclaredTools & { recover?: boolean },
): ParsedReply {
  const calls = reply.toolCalls.filter((call) => call && typeof call.name === 'string');
  if (calls.length > 0) return { kind: 'tool', calls, form: 'native' };
  if (reply.toolCalls.length > 0) return { kind: 'malformed', problem: 'a tool call had no name' };
  const recovered = tools && tools.recover !== false ? recoveredReply(reply.content, tools) : undefined;
  if (recovered) return recovered;
  const answer = stripThinking(reply.content);
  return answer
    ? { kind: 'final', answer }
    : { kind: 'malformed', problem: 'the reply was empty: call a tool or answer in text' };
}
