/** O4 DESIGN 14: a profile is values the loop reads, never a branch on its name. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileShape } from '../../../src/lib/harness/profile-shape';
import { harnessProfiles } from '../../../src/lib/harness/settings';
import type { HarnessProfile } from '../../../src/lib/harness/settings';

function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = join(directory, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') ? [file] : [];
  });
}

describe('O4 profiles as values', () => {
  it('O4 every profile has a shape; the small one is brief, slim and names the files', () => {
    for (const profile of harnessProfiles) expect(profileShape(profile), profile).toBeDefined();
    expect(profileShape('small')).toEqual({
      plainReads: true,
      slimTools: true,
      listsFiles: true,
      briefToolLines: true,
      sections: 'brief',
      templates: 'small',
      pack: 'small',
    });
    expect(profileShape('default')).toMatchObject({ slimTools: false, sections: 'full', templates: 'default' });
  });

  it('O4 a profile name no profile has (a stored session from elsewhere) is shaped as the default', () => {
    expect(profileShape('tiny' as HarnessProfile)).toEqual(profileShape('default'));
    expect(profileShape('__proto__' as HarnessProfile)).toEqual(profileShape('default'));
    expect(profileShape(undefined)).toEqual(profileShape('default'));
  });

  it('O4 no harness file branches on a profile name: the shape and the pack say what a profile does', () => {
    const branches = sources('src/lib/harness')
      .filter((file) => !file.endsWith('profile-shape.ts'))
      .filter((file) => /profile\s*===?\s*'(small|default)'/.test(readFileSync(file, 'utf8')));
    expect(branches).toEqual([]);
  });
});
