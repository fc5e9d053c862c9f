/** Runtime notices: what was wrong with a reply, and how to reply instead. Never executed. */
import type { Protocol } from '../settings';
import type { AnyTool } from '../tools/tool-definition';

const multiLine = new Set(['write_file', 'patch_file']);

function xmlExample(tool: AnyTool, example: unknown): string {
  const args = example as Record<string, unknown>;
  const attributes = Object.entries(args)
    .filter(([key]) => key === 'path')
    .map(([key, value]) => ` ${key}="${String(value)}"`)
    .join('');
  const children = Object.entries(args)
    .filter(([key]) => key !== 'path')
    .map(([key, value]) => `<${key}>${String(value)}</${key}>`)
    .join('');
  return `<tool name="${tool.name}"${attributes}>${children}</tool>`;
}

/**
 * A correct call of `tool` in the given protocol, for prompts and validation errors; `example`
 * is the run's own (prompt/workspace-examples.ts) when it has one.
 */
export function formatExample(tool: AnyTool, protocol: Protocol, example: unknown = tool.example): string {
  if (protocol === 'native') return `${tool.name}(${JSON.stringify(example)})`;
  if (protocol === 'constrained') return JSON.stringify({ action: 'tool', name: tool.name, args: example });
  if (multiLine.has(tool.name)) return xmlExample(tool, example);
  return `<tool>${JSON.stringify({ name: tool.name, args: example })}</tool>`;
}

export function malformedNotice(
  problem: string,
  protocol: Protocol,
  tools: readonly string[] = ['write_file'],
): string {
  if (protocol === 'constrained') {
    return (
      `Runtime notice: ${problem}. Reply with one JSON object: ` +
      `{"action":"tool","name":"…","args":{…}} to call a tool, or ` +
      `{"action":"final","final":"…"} to finish.`
    );
  }
  if (protocol === 'native') {
    return (
      `Runtime notice: ${problem}. Call one of the declared tools, or reply ` +
      `with plain text when you have the final answer.`
    );
  }
  return (
    `Runtime notice: ${problem}. Reply with exactly one ` +
    `<tool>{"name":"…","args":{…}}</tool> call or one non-empty ` +
    `<final>…</final> answer.` +
    (tools.includes('write_file')
      ? ' For multi-line file content use <tool name="write_file" path="file.js"><content>…</content></tool>.'
      : '')
  );
}

export function repeatedCallNotice(name: string): string {
  return (
    `Runtime notice: you called ${name} with the same arguments twice in a row; it was not run again. ` +
    'Its result is above and has not changed: use it. If the task is done, give the final answer; ' +
    'otherwise call a different tool or change the arguments.'
  );
}

export function repeatedInvalidNotice(name: string): string {
  return (
    `Runtime notice: this is the same invalid ${name} call as before, and it fails the same way. ` +
    'Read the error and the example above and change the call, or call another tool.'
  );
}

/** How to give the final answer in this protocol, for notices that offer it. */
export function finalExample(protocol: Protocol): string {
  if (protocol === 'native') return 'reply with plain text and no tool call';
  if (protocol === 'constrained') return 'reply {"action":"final","final":"…"}';
  return 'reply <final>…</final>';
}

/** T6: every tool by name with one correct call each, in the protocol in use. */
export function toolList(tools: readonly AnyTool[], protocol: Protocol): string {
  const lines = tools.map((tool) => `- ${tool.name}: ${formatExample(tool, protocol)}`);
  return `The tools, each with an example:\n${lines.join('\n')}`;
}
