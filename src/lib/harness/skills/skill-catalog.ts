/**
 * P5: the skills of a workspace — knowledge files loaded on demand. Each is a folder under the
 * skills folder (`.harness/skills/<name>/SKILL.md` by default) whose first line (or a
 * `description:` in front matter) says what it is for. The prompt lists names and descriptions
 * only; the text enters the history when the model loads one. Everything read here is bounded:
 * a workspace is input the model may have written.
 */
import type { ReadonlyWorkspace } from '../ports';
import { clip } from '../context/clip';

export const defaultSkillsFolder = '.harness/skills';
export const skillFileName = 'SKILL.md';
/** Skills listed at most, and characters of a description. */
export const skillBounds = { skills: 40, descriptionChars: 200, nameChars: 64 };

export interface Skill {
  name: string;
  description: string;
  /** The SKILL.md file, relative to the workspace root. */
  path: string;
}

const validName = /^[A-Za-z0-9][\w.-]*$/;

/** The one-line description: front matter's `description:`, else the first line with text. */
export function skillDescription(text: string): string {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  const declared = front && /^description:\s*(.+)$/m.exec(front[1])?.[1];
  const body = front ? text.slice(front[0].length) : text;
  const first = body.split('\n').find((line) => line.trim()) ?? '';
  const line = (declared ?? first.replace(/^#+\s*/, '')).replace(/\s+/g, ' ').trim();
  return clip(line || '(no description)', skillBounds.descriptionChars);
}

/** The skills in `folder`, sorted by name (a stable order keeps the prompt's bytes stable, P2). */
export async function readSkills(workspace: ReadonlyWorkspace, folder = defaultSkillsFolder): Promise<Skill[]> {
  const base = folder.replace(/\/+$/, '') || '.';
  let entries;
  try {
    entries = await workspace.readdir(base);
  } catch {
    return []; // no skills folder: no skills, and no prompt section
  }
  const names = entries
    .filter(
      (entry) => entry.kind === 'directory' && entry.name.length <= skillBounds.nameChars && validName.test(entry.name),
    )
    .map((entry) => entry.name)
    .sort()
    // Folders without a SKILL.md are passed over, up to a bound on what is read.
    .slice(0, skillBounds.skills * 2);
  const skills = await Promise.all(
    names.map(async (name): Promise<Skill | undefined> => {
      const path = `${base}/${name}/${skillFileName}`;
      try {
        return { name, description: skillDescription(await workspace.readFile(path)), path };
      } catch {
        return undefined; // a folder without a readable SKILL.md is not a skill
      }
    }),
  );
  return skills.filter((skill): skill is Skill => skill !== undefined).slice(0, skillBounds.skills);
}
