/**
 * U2: the order the first screen offers a found server's models in. Ollama lists the
 * most recently pulled first, so after `npm run ollama:serve` the first offer was the slower
 * 1.5B model; the project's default real model comes first, the rest as the server lists them.
 */
export const defaultRealModels = ['qwen2.5-coder:0.5b', 'qwen2.5-coder:1.5b'];

export function offeredModels(names: readonly string[]): string[] {
  const preferred = defaultRealModels.filter((name) => names.includes(name));
  return [...preferred, ...names.filter((name) => !preferred.includes(name))];
}
