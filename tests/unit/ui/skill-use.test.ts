import { describe, expect, it } from 'vitest';
import { skillUse } from '../../../src/lib/ui/skill-use';
import { final, harness, tool } from '../helpers';

describe('P5 the page lists skills and when each was loaded', () => {
  it('P5 skills of the session, each with the steps that loaded it', async () => {
    const h = harness([tool('load_skill', { name: 'deploy' }), tool('load_skill', { name: 'nope' }), final('done')], {
      files: {
        '.harness/skills/deploy/SKILL.md': 'How to deploy\nport 8437\n',
        '.harness/skills/style/SKILL.md': 'Commit style\n',
      },
    });
    await h.agent.run('deploy?');
    expect(skillUse(h.events, h.agent.session.id)).toEqual([
      { name: 'deploy', description: 'How to deploy', path: '.harness/skills/deploy/SKILL.md', loadedAt: [1] },
      { name: 'style', description: 'Commit style', path: '.harness/skills/style/SKILL.md', loadedAt: [] },
    ]);
    expect(skillUse(h.events, 'another session')).toEqual([]);
  });
});
