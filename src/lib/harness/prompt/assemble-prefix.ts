/**
 * P1–P3: the stable prefix (system prompt) assembled from sections chosen by real state, and
 * cached so that the same state yields the byte-identical text.
 */
import type { Protocol } from '../settings';
import type { SectionName } from './default-templates';
import { defaultTemplates } from './default-templates';
import { smallTemplates } from './small-templates';
import type { PromptState } from './prompt-variables';
import { promptVariables } from './prompt-variables';
import { renderTemplate } from './template';
import { profileShape } from '../profile-shape';
import type { ProfileShape } from '../profile-shape';

export interface RenderedSection {
  name: SectionName;
  template: string;
  text: string;
  /** True when the session overrides the default template. */
  edited: boolean;
}

export interface Prefix {
  text: string;
  sections: RenderedSection[];
}

/**
 * Which sections this state calls for, in stable-first order: what is the same for every task on
 * this backend (identity, rules, tools, the environment) before what names this workspace's files
 * (the examples, the repository), so a server that has read one task's prompt reads only the
 * workspace's part of the next one's (P2: most of a run's seconds on a CPU are prompt reading).
 */
function chosenSections(state: PromptState): SectionName[] {
  const names: SectionName[] = ['identity', 'rules', 'tools'];
  names.push('environment');
  // O4: a brief prompt has no git report and no examples (a small model copies them instead of
  // doing the task); its environment section is the file list.
  if (profileShape(state.profile).sections === 'full') {
    if (state.protocol !== 'native') names.push('examples');
    names.push('workspace');
  }
  if (state.repo.docs.length > 0) names.push('docs');
  // P5: chosen by real state: no skills, no section.
  if (state.skills && state.skills.length > 0) names.push('skills');
  if (state.memoryFile?.text.trim()) names.push('memory-file');
  if (state.taskLines && state.taskLines.length > 0) names.push('tasks');
  return names;
}

/** O4: the templates each profile shape names, laid over the default ones. */
const profileTemplates: Record<ProfileShape['templates'], (protocol: Protocol) => ReturnType<typeof smallTemplates>> = {
  default: () => ({}),
  small: smallTemplates,
};

const cache = new Map<string, Prefix>();
const cacheLimit = 64;

export function assemblePrefix(state: PromptState, overrides: Record<string, string> = {}): Prefix {
  const templates = {
    ...defaultTemplates(state.protocol as Protocol),
    ...profileTemplates[profileShape(state.profile).templates](state.protocol as Protocol),
  };
  const variables = promptVariables(state);
  const names = chosenSections(state);
  const key = JSON.stringify([names, names.map((name) => overrides[name] ?? templates[name]), variables]);
  const hit = cache.get(key);
  if (hit) return hit;
  const sections = names.map((name) => {
    const template = overrides[name] ?? templates[name];
    return { name, template, text: renderTemplate(name, template, variables), edited: name in overrides };
  });
  // P4: a section whose template was emptied is left out of the text (no blank paragraph) but
  // stays listed, so the page still shows it and it can be filled again.
  const text = sections
    .map((section) => section.text)
    .filter((part) => part.trim() !== '')
    .join('\n\n');
  const prefix = { text, sections };
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string);
  cache.set(key, prefix);
  return prefix;
}
