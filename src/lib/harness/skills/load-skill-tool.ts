/**
 * P5: `load_skill(name)` returns a skill's text as a tool result — into the history, not the
 * stable prefix, so loading one never breaks the prompt cache. Clipped like any result.
 */
import type { ReadTool } from '../tools/tool-definition';
import { objectSchema } from '../tools/tool-definition';
import type { Skill } from './skill-catalog';

export function loadSkillTool(skills: readonly Skill[]): ReadTool<{ name: string }> {
  const names = skills.map((skill) => skill.name);
  return {
    name: 'load_skill',
    access: 'read',
    risky: false,
    description: 'Load a skill listed under Skills: its instructions and facts for this project.',
    parameters: objectSchema(
      { name: { type: 'string', enum: names, description: 'The skill, as listed under Skills.' } },
      ['name'],
    ),
    example: { name: names[0] ?? 'skill-name' },
    async run(args, context) {
      const skill = skills.find((entry) => entry.name === args.name);
      if (!skill)
        return { ok: false, output: `error: no skill "${args.name}"; the skills are: ${names.join(', ') || 'none'}` };
      // Read now, not at run start: a skill edited during the run is loaded as it is.
      const text = await context.workspace.readFile(skill.path);
      return { ok: true, output: `# skill ${skill.name} (${skill.path})\n${text}` };
    },
  };
}
