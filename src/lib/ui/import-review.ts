/**
 * T7 for imports: a session file is untrusted. Its safety settings are never used (the page's
 * own apply); prompt-section overrides and a long-term memory file change what the model is told,
 * so they are shown and used only after one confirmation.
 */
import type { AgentSettings } from '../harness/settings';
import { withTrustedSafety } from '../harness/settings';
import { defaultMemoryFile } from '../harness/long-term-memory';
import type { Trajectory } from '../store/session-export';
import { pathKey } from '../harness/context/path-key';
import { defaultSkillsFolder } from '../harness/skills/skill-catalog';

/**
 * The memory file however a file names it (`./.harness/MEMORY.md`, `.harness//MEMORY.md`,
 * `.harness\MEMORY.md`, any case): each of these is read into the prompt on some backend.
 */
export function isMemoryFilePath(path: string): boolean {
  return pathKey(path).toLowerCase() === defaultMemoryFile.toLowerCase();
}

/**
 * P5 T7: a skill the model may load. Any file in the default skills folder, and a `SKILL.md`
 * wherever it lies (any spelling of the path): the page's skills folder may be set anywhere, so
 * every skill an artefact brings is reviewed, not only those in the default folder.
 */
export function isSkillFilePath(path: string): boolean {
  const key = pathKey(path).toLowerCase();
  return key.startsWith(`${defaultSkillsFolder.toLowerCase()}/`) || /(^|\/)skill\.md$/.test(key);
}

const reviewed = (path: string) => isMemoryFilePath(path) || isSkillFilePath(path);

const withoutMemoryFile = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).filter(([path]) => !reviewed(path)));

/** Skill files among `files` and every snapshot's, each path once (its newest text). */
function skillFiles(...sets: Record<string, string>[]): { path: string; text: string }[] {
  const found = new Map<string, string>();
  for (const files of sets)
    for (const [path, text] of Object.entries(files)) if (isSkillFilePath(path)) found.set(pathKey(path), text);
  return [...found].map(([path, text]) => ({ path, text }));
}

export interface ImportReview {
  title: string;
  /** Section name → the template the file brings. */
  overrides: Record<string, string>;
  /** The memory file the workspace would carry into every prompt, when the file brings one. */
  memoryFile?: { path: string; text: string };
  /** S3 notes the session's memory carries into its prompts. */
  memoryNotes: string[];
  /** P5: skill files the model could load, each shown whole. */
  skills: { path: string; text: string }[];
  /** Settings in the file that were dropped (the page's own are used), said plainly. */
  ignoredSettings: string[];
  needsConfirmation: boolean;
  /** The trajectory to import: with or without the overrides and memory file. */
  apply(useExtras: boolean, trusted: AgentSettings): Trajectory;
}

export function reviewImport(trajectory: Trajectory): ImportReview {
  const settings = trajectory.session.settings;
  const overrides = { ...(settings.sectionOverrides ?? {}) };
  // Every copy, in the files and in every snapshot (a fork or replay restores a snapshot's files).
  const copies = [trajectory.files, ...(trajectory.snapshots ?? []).map((snapshot) => snapshot.files)].flatMap(
    (files) => Object.entries(files).filter(([path]) => isMemoryFilePath(path)),
  );
  const memoryText = copies.length
    ? [...new Set(copies.map(([path, text]) => (copies.length > 1 ? `(${path})\n${text}` : text)))].join('\n\n')
    : undefined;
  const memoryNotes = [...(trajectory.session.memory?.notes ?? [])];
  const skills = skillFiles(...(trajectory.snapshots ?? []).map((snapshot) => snapshot.files), trajectory.files);
  const ignoredSettings: string[] = [];
  if (settings.approval && settings.approval !== 'ask') ignoredSettings.push(`approval "${settings.approval}"`);
  if (settings.readOnly === false) ignoredSettings.push('read-only off');
  if (settings.shellRules?.allow?.length)
    ignoredSettings.push(`allow rules ${settings.shellRules.allow.map((rule) => `"${rule}"`).join(', ')}`);
  if (settings.verifyCommand) ignoredSettings.push(`verify command "${settings.verifyCommand}"`);
  const hooks = Object.entries(settings.hooks ?? {}).filter(([, spec]) => spec?.command);
  if (hooks.length)
    ignoredSettings.push(`hooks ${hooks.map(([point, spec]) => `${point} "${spec!.command}"`).join(', ')}`);
  if (settings.maxDepth !== undefined && settings.maxDepth > 1)
    ignoredSettings.push(`delegation depth ${settings.maxDepth}`);
  if (settings.skillsFolder) ignoredSettings.push(`skills folder "${settings.skillsFolder}"`);
  const needsConfirmation =
    Object.keys(overrides).length > 0 || memoryText !== undefined || memoryNotes.length > 0 || skills.length > 0;
  return {
    title: trajectory.session.title,
    overrides,
    ...(memoryText !== undefined ? { memoryFile: { path: defaultMemoryFile, text: memoryText } } : {}),
    memoryNotes,
    skills,
    ignoredSettings,
    needsConfirmation,
    apply(useExtras, trusted) {
      const safe = withTrustedSafety(settings, trusted);
      // A fork's pinned prompt is a system prompt nobody reviewed here: an imported fork builds its own.
      const { pinned: _pinned, ...imported } = trajectory.session;
      const session = { ...imported, settings: { ...safe, sectionOverrides: useExtras ? overrides : {} } };
      if (useExtras) return { ...trajectory, session };
      return {
        ...trajectory,
        files: withoutMemoryFile(trajectory.files),
        ...(trajectory.snapshots
          ? {
              snapshots: trajectory.snapshots.map((snapshot) => ({
                ...snapshot,
                files: withoutMemoryFile(snapshot.files),
              })),
            }
          : {}),
        session: { ...session, memory: { ...session.memory, notes: [] } },
      };
    },
  };
}

/**
 * T7 for a zip or a folder: its memory file would enter every prompt of the new session's
 * workspace, so it is shown and confirmed like an imported session's. Declined, it is left out.
 */
export interface FilesReview extends Omit<ImportReview, 'apply'> {
  finish(useExtras: boolean): Promise<void>;
}

export function reviewFiles(
  title: string,
  files: Record<string, string>,
  open: (files: Record<string, string>) => Promise<void>,
): FilesReview {
  const copies = Object.entries(files).filter(([path]) => isMemoryFilePath(path));
  const text = copies.map(([path, content]) => (copies.length > 1 ? `(${path})\n${content}` : content)).join('\n\n');
  return {
    title,
    overrides: {},
    ...(copies.length ? { memoryFile: { path: defaultMemoryFile, text } } : {}),
    memoryNotes: [],
    skills: skillFiles(files),
    ignoredSettings: [],
    needsConfirmation: copies.length > 0 || skillFiles(files).length > 0,
    finish: (useExtras) => open(useExtras ? files : withoutMemoryFile(files)),
  };
}
