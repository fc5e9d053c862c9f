/**
 * The harness's tool declarations in the function-calling shape both servers take today (Ollama's
 * `tools` and the chat-completions API's): `{ type: "function", function: { name, description,
 * parameters } }`. The shape is the servers'; the port stays neutral.
 */
import type { ToolDeclaration } from '../harness/model-types';

export interface WireTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export function wireTools(tools: readonly ToolDeclaration[]): WireTool[] {
  return tools.map(({ name, description, parameters }) => ({
    type: 'function',
    function: { name, description, parameters },
  }));
}
