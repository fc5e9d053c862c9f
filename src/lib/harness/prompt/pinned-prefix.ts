/**
 * U3: a fork sends its parent's prompt and tools, not ones rebuilt from the page it runs in (whose
 * task board, skills or workspace may offer other tools), so two models answer the same request.
 * A section the user edited after forking is rendered from its new template; a protocol changed
 * after forking rebuilds the prompt for that protocol (the parent's text explains another format),
 * and the tools stay the parent's either way.
 */
import type { PinnedPrompt } from '../session';
import type { Toolset } from '../tools/tool-registry';
import type { Protocol } from '../settings';
import type { Prefix, RenderedSection } from './assemble-prefix';
import type { SectionName } from './default-templates';

/** The parent's tools, in its order, from those this run can offer; `missing`: what it cannot. */
export function pinnedTools<T extends { name: string }>(
  pinned: PinnedPrompt,
  offered: readonly T[],
  available: (name: string) => T | undefined,
): { tools: T[]; missing: string[] } {
  if (!pinned.tools) return { tools: [...offered], missing: [] };
  const find = (name: string) => offered.find((tool) => tool.name === name) ?? available(name);
  return {
    tools: pinned.tools.map(find).filter((tool): tool is T => tool !== undefined),
    missing: pinned.tools.filter((name) => !find(name)),
  };
}

/** What a fork's model may call: the parent's tools, no more (another page may offer others). */
export function pinnedToolset(toolset: Toolset, names: readonly string[]): Toolset {
  return {
    tools: new Map([...toolset.tools].filter(([name]) => names.includes(name))),
    unavailableReason: (name) =>
      toolset.tools.has(name)
        ? 'the session this fork was made from did not offer it'
        : toolset.unavailableReason(name),
  };
}

/** The parent's system prompt, or `built` when the protocol changed since the fork. */
export function pinnedPrefix(
  pinned: PinnedPrompt,
  built: Prefix,
  protocol: Protocol,
  overrides: Record<string, string>,
): Prefix {
  if (pinned.protocol !== protocol) return built;
  const rebuilt = new Map(built.sections.map((section) => [section.name as string, section]));
  const sections: RenderedSection[] = pinned.sections.map(({ name, text }) => {
    const fresh = rebuilt.get(name);
    if (fresh && overrides[name] !== pinned.overrides[name]) return fresh;
    return { name: name as SectionName, template: text, text, edited: name in overrides };
  });
  return { text: sections.map((section) => section.text).join('\n\n'), sections };
}
