/**
 * T7 for imports: a session file is untrusted. Its safety settings are never used (the page's
 * own apply); prompt-section overrides and a long-term memory file change what the model is told,
 * so they are shown and used only after one confirmation.
 */
import type { AgentSettings } from '../harness/settings';
import { withTrustedSafety } from '../harness/settings';
import { defaultMemoryFile } from '../harness/long-term-memory';
import type { Trajectory } from '../store/session-export';

export interface ImportReview {
  title: string;
  /** Section name → the template the file brings. */
  overrides: Record<string, string>;
  /** The memory file the workspace would carry into every prompt, when the file brings one. */
  memoryFile?: { path: string; text: string };
  /** Settings in the file that were dropped (the page's own are used), said plainly. */
  ignoredSettings: string[];
  needsConfirmation: boolean;
  /** The trajectory to import: with or without the overrides and memory file. */
  apply(useExtras: boolean, trusted: AgentSettings): Trajectory;
}

export function reviewImport(trajectory: Trajectory): ImportReview {
  const settings = trajectory.session.settings;
  const overrides = { ...(settings.sectionOverrides ?? {}) };
  const memoryText = trajectory.files[defaultMemoryFile];
  const ignoredSettings: string[] = [];
  if (settings.approval && settings.approval !== 'ask') ignoredSettings.push(`approval "${settings.approval}"`);
  if (settings.readOnly === false) ignoredSettings.push('read-only off');
  if (settings.shellRules?.allow?.length)
    ignoredSettings.push(`allow rules ${settings.shellRules.allow.map((rule) => `"${rule}"`).join(', ')}`);
  if (settings.verifyCommand) ignoredSettings.push(`verify command "${settings.verifyCommand}"`);
  if (settings.maxDepth !== undefined && settings.maxDepth > 1)
    ignoredSettings.push(`delegation depth ${settings.maxDepth}`);
  const needsConfirmation = Object.keys(overrides).length > 0 || memoryText !== undefined;
  return {
    title: trajectory.session.title,
    overrides,
    ...(memoryText !== undefined ? { memoryFile: { path: defaultMemoryFile, text: memoryText } } : {}),
    ignoredSettings,
    needsConfirmation,
    apply(useExtras, trusted) {
      const files = { ...trajectory.files };
      if (!useExtras) delete files[defaultMemoryFile];
      const safe = withTrustedSafety(settings, trusted);
      return {
        ...trajectory,
        files,
        session: { ...trajectory.session, settings: { ...safe, sectionOverrides: useExtras ? overrides : {} } },
      };
    },
  };
}
