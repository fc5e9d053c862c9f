/** P5: skills listed by name and description, loaded on demand into the history, never the prefix. */
import { describe, expect, it } from 'vitest';
import { readSkills, skillBounds, skillDescription } from '../../../src/lib/harness/skills/skill-catalog';
import { MemoryWorkspace } from '../../../src/lib/workspace/memory-workspace';
import { final, harness, tool, toolResults } from '../helpers';

const deploy =
  '# Deploying this project: ports, hosts and the release checklist\n\n' +
  'The staging server listens on port 8437. Production uses 443 behind the proxy.\n';
const files = {
  'README.md': '# app\n',
  '.harness/skills/deploy/SKILL.md': deploy,
  '.harness/skills/style/SKILL.md':
    '---\nname: style\ndescription: House style for commit messages\n---\nUse the imperative.\n',
};

describe('P5 skills on demand', () => {
  it('P5 the prompt lists each skill by name and description only; load_skill brings the text as a tool result', async () => {
    const h = harness([tool('load_skill', { name: 'deploy' }), final('8437')], { files });
    await h.agent.run('Which port does staging use?');
    const system = h.model.requests[0].messages[0].content;
    expect(system).toContain('Skills (load one with load_skill');
    expect(system).toContain('- deploy: Deploying this project: ports, hosts and the release checklist');
    expect(system).toContain('- style: House style for commit messages');
    expect(system).not.toContain('8437');
    expect(toolResults(h)[0]).toContain('The staging server listens on port 8437');
    expect(h.of('skills.listed')[0]?.skills.map((skill) => skill.name)).toEqual(['deploy', 'style']);
  });

  it('P2 P5 loading a skill leaves the prefix byte for byte as it was (the cache holds)', async () => {
    const h = harness([tool('load_skill', { name: 'style' }), tool('list_files', { path: '.' }), final('ok')], {
      files,
    });
    await h.agent.run('commit style?');
    const [first, second, third] = h.model.requests.map((request) => request.messages[0].content);
    expect(second).toBe(first);
    expect(third).toBe(first);
    // The request after the load starts with the whole request before it.
    const before = h.model.requests[0].messages;
    expect(h.model.requests[1].messages.slice(0, before.length)).toEqual(before);
  });

  it('P5 no skills, no section and no load_skill tool', async () => {
    const h = harness([final('ok')], { files: { 'README.md': '# app\n' } });
    await h.agent.run('hello');
    const system = h.model.requests[0].messages[0].content;
    expect(system).not.toContain('Skills');
    expect(system).not.toContain('load_skill');
    expect(h.of('skills.listed')).toHaveLength(0);
  });

  it('P5 T3 an unknown skill is refused with the names there are, and the run goes on', async () => {
    const h = harness([tool('load_skill', { name: 'secrets' }), final('ok')], { files });
    expect((await h.agent.run('load it')).outcome).toEqual({ kind: 'final', answer: 'ok' });
    expect(toolResults(h)[0]).toMatch(/deploy|style/);
    expect(toolResults(h)[0]).not.toContain('8437');
  });

  it('P5 skills from the workspace are bounded: count, names and description length', async () => {
    const many: Record<string, string> = {};
    for (let index = 0; index < skillBounds.skills + 5; index++)
      many[`.harness/skills/s${String(index).padStart(3, '0')}/SKILL.md`] = `${'d'.repeat(500)}\n`;
    many['.harness/skills/..hidden/SKILL.md'] = 'x\n';
    many['.harness/skills/empty/README.md'] = 'not a skill\n';
    const skills = await readSkills(new MemoryWorkspace({ files: many }));
    expect(skills).toHaveLength(skillBounds.skills);
    expect(skills.every((skill) => skill.description.length <= skillBounds.descriptionChars + 40)).toBe(true);
    expect(skills.map((skill) => skill.name)).not.toContain('empty');
    expect(skillDescription('\n\n## Title here  \nbody')).toBe('Title here');
  });

  it('P5 O4 the small profile offers load_skill beside its five tools when there are skills', async () => {
    const h = harness([tool('load_skill', { name: 'deploy' }), final('8437')], {
      files,
      settings: { profile: 'small' },
    });
    await h.agent.run('Which port does staging use?');
    expect(h.model.requests[0].messages[0].content).toContain('load_skill');
    expect(toolResults(h)[0]).toContain('8437');
  });

  it('P5 a skills folder set in the settings is used instead', async () => {
    const h = harness([tool('load_skill', { name: 'ops' }), final('ok')], {
      files: { 'docs/skills/ops/SKILL.md': 'Operations notes\nrestart with make restart\n' },
      settings: { skillsFolder: 'docs/skills' },
    });
    await h.agent.run('how to restart?');
    expect(h.model.requests[0].messages[0].content).toContain('- ops: Operations notes');
    expect(toolResults(h)[0]).toContain('make restart');
  });
});
