/** W4: the project docs the prompt shows, from any workspace. */
import type { ReadonlyWorkspace } from '../harness/ports';
import { clip } from '../harness/context/clip';

export const docNames = ['AGENTS.md', 'CLAUDE.md', 'README.md', 'CONTRIBUTING.md', '.harness/NOTES.md'];

export async function collectDocs(
  workspace: ReadonlyWorkspace,
  limit = 1200,
): Promise<{ path: string; text: string }[]> {
  const docs: { path: string; text: string }[] = [];
  for (const path of docNames) {
    try {
      const stat = await workspace.stat(path);
      if (stat?.kind === 'file') docs.push({ path, text: clip(await workspace.readFile(path), limit) });
    } catch {
      // A doc behind a link that leaves the root is simply not shown.
    }
  }
  return docs;
}
