/** T2: which tools a session gets, by profile, read-only mode, depth and workspace. */
import type { WorkspaceDescription } from '../workspace-types';
import type { ToolProfile } from '../settings';
import type { AnyTool } from './tool-definition';
import { delegate } from './delegate';
import { listFiles } from './list-files';
import { note } from './note';
import { patchFile } from './patch-file';
import { readFile, readFileTool } from './read-file';
import { runShell } from './run-shell';
import { search } from './search';
import { writeFile } from './write-file';

export interface ToolsetOptions {
  profile: ToolProfile;
  readOnly: boolean;
  /** False at the maximum delegation depth. */
  canDelegate: boolean;
  /** read_file shows lines without their numbers (the small profile). */
  plainReads?: boolean;
  environment: WorkspaceDescription;
  /** More tools from other parts (tasks, git); read-only mode keeps only their read tools. */
  extra?: AnyTool[];
}

export interface Toolset {
  tools: Map<string, AnyTool>;
  /** Why a known tool is missing from this set, for the unknown-tool error. */
  unavailableReason(name: string): string | undefined;
}

/** Every tool this file can offer, for parsers that need the declarations without a session. */
export const baseTools: AnyTool[] = [listFiles, readFile, search, runShell, writeFile, patchFile, delegate, note];
const baseNames = baseTools.map((tool) => tool.name);

const plainReadFile = readFileTool(false);

export function buildToolset(options: ToolsetOptions): Toolset {
  // The shell example must be a command this backend really has (W5).
  const shell: AnyTool = { ...runShell, example: { command: options.environment.exampleCommand, timeout: 20 } };
  let candidates: AnyTool[] =
    options.profile === 'bash-only'
      ? [shell]
      : [
          listFiles,
          options.plainReads ? plainReadFile : readFile,
          search,
          shell,
          writeFile,
          patchFile,
          ...(options.profile === 'core' ? [] : [...(options.canDelegate ? [delegate] : []), note]),
          ...(options.extra ?? []),
        ];
  if (options.readOnly) candidates = candidates.filter((tool) => tool.access === 'read');
  const tools = new Map(candidates.map((tool) => [tool.name, tool]));
  return {
    tools,
    unavailableReason(name) {
      if (options.profile === 'bash-only' && baseNames.includes(name))
        return 'the bash-only profile has only run_shell';
      if (options.profile === 'core' && [delegate.name, note.name].includes(name))
        return 'the core tool profile has only the six coding tools';
      if (options.readOnly && [runShell.name, writeFile.name, patchFile.name].includes(name))
        return 'not available in read-only mode';
      if (name === delegate.name && !options.canDelegate) return 'delegation depth exceeded';
      return undefined;
    },
  };
}
