/**
 * S5: a per-workspace memory file (default `.harness/MEMORY.md`) that the prompt includes when
 * present and that the note tool can add to. It is a plain file: visible and editable by people.
 */
import type { Agent } from './agent';
import type { HarnessEventBody } from './events';
import { isWritable } from './workspace-views';
import { describeFailure } from './workspace-error';

export const defaultMemoryFile = '.harness/MEMORY.md';

export function memoryFilePath(agent: Agent): string {
  return agent.options.memoryFile ?? defaultMemoryFile;
}

export async function readLongTermMemory(agent: Agent): Promise<{ path: string; text: string } | undefined> {
  const path = memoryFilePath(agent);
  if (!path) return undefined;
  try {
    const stat = await agent.options.workspace.stat(path);
    if (stat?.kind !== 'file') return undefined;
    return { path, text: await agent.options.workspace.readFile(path) };
  } catch (error) {
    return { path, text: `(could not read ${path}: ${describeFailure(error)})` };
  }
}

export async function appendLongTermNote(agent: Agent, note: string, emit: (body: HarnessEventBody) => void, step: number): Promise<void> {
  const path = memoryFilePath(agent);
  const workspace = agent.options.workspace;
  if (!path || !isWritable(workspace) || agent.session.settings.readOnly) {
    emit({ type: 'notice', step, reason: 'memory-file', text: `the long-term note was kept in session memory only: ${path ? 'this session cannot write files' : 'long-term memory is off'}` });
    return;
  }
  try {
    const stat = await workspace.stat(path);
    const before = stat?.kind === 'file' ? await workspace.readFile(path) : '# Workspace memory\n\nNotes the agent keeps across sessions. Edit freely.\n\n';
    await workspace.writeFile(path, `${before.replace(/\n*$/, '\n')}- ${note.replace(/\n+/g, ' ')}\n`);
  } catch (error) {
    emit({ type: 'notice', step, reason: 'memory-file', text: `could not write ${path}: ${describeFailure(error)}` });
  }
}
