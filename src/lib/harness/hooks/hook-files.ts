/**
 * T8: the files a hook runs are the user's, not the agent's. A guard saved in the
 * workspace as `guard.js` could be overwritten by the model (`console.log('{}')`), after which the
 * guard failed open. At the start of a run every workspace file a hook command names is pinned;
 * the write tools refuse to touch one, and whatever else changes one (a shell command) is undone
 * at once, with a line the model reads. A hook never runs from a file the agent changed.
 */
import type { Hooks } from '../hook-types';
import type { Workspace } from '../workspace-types';
import type { ShellAnalyzer } from '../tools/shell-rules';
import { pathKey } from '../context/path-key';

/** Pinned text per file: hook scripts are small; a larger file is not pinned (said so). */
const maxPinnedChars = 256_000;

function namedWords(command: string, analyze?: ShellAnalyzer): string[] {
  const words = analyze
    ? analyze(command).commands.flat()
    : command.split(/\s+/).map((word) => word.replace(/^['"]|['"]$/g, ''));
  return [...new Set(words.filter((word) => word && !word.startsWith('-') && !/[$`]/.test(word)))];
}

export class HookFiles {
  private constructor(
    private readonly workspace: Workspace,
    /** Path key → the text the user configured, and the path as the hook names it. */
    private readonly pinned: Map<string, { path: string; text: string }>,
  ) {}

  /** Pins every existing workspace file a hook command names. Reads only; never throws. */
  static async pin(workspace: Workspace, hooks: Hooks, analyze?: ShellAnalyzer): Promise<HookFiles> {
    const pinned = new Map<string, { path: string; text: string }>();
    for (const spec of Object.values(hooks)) {
      if (!spec?.command.trim()) continue;
      for (const word of namedWords(spec.command, analyze)) {
        const key = pathKey(word);
        if (pinned.has(key)) continue;
        const stat = await workspace.stat(word).catch(() => null);
        if (stat?.kind !== 'file' || stat.size > maxPinnedChars) continue;
        const text = await workspace.readFile(word).catch(() => undefined);
        if (text !== undefined) pinned.set(key, { path: word, text });
      }
    }
    return new HookFiles(workspace, pinned);
  }

  get paths(): string[] {
    return [...this.pinned.values()].map((entry) => entry.path);
  }

  /** The pinned file a path names, if it names one (any spelling). */
  protects(path: unknown): string | undefined {
    return typeof path === 'string' ? this.pinned.get(pathKey(path))?.path : undefined;
  }

  /** Puts back every pinned file that changed or went; the paths put back. */
  async restore(): Promise<string[]> {
    const restored: string[] = [];
    for (const { path, text } of this.pinned.values()) {
      const now = await this.workspace.readFile(path).catch(() => undefined);
      if (now === text) continue;
      await this.workspace.writeFile(path, text);
      restored.push(path);
    }
    return restored;
  }
}
