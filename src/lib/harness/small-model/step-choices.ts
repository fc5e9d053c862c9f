/**
 * O4: what the small profile's per-reply grammar is made from, kept over one run: whether a tool
 * call has worked yet, the call just made, the files read and folders listed since the files last
 * changed, and the workspace's paths (listed again only after a change).
 */
import type { AnyTool } from '../tools/tool-definition';
import type { ReadonlyWorkspace } from '../workspace-types';
import type { ToolCall } from '../model-types';
import type { WorkspacePaths } from './step-envelope';
import { calledPath, commonPrograms, namedPaths, stepEnvelope, workspacePaths } from './step-envelope';

export class StepChoices {
  /** A tool call has worked in this run: only then is an answer accepted. */
  worked = false;
  private last: ToolCall | undefined;
  private paths: WorkspacePaths | undefined;
  private stale: boolean;
  private readonly seen = { read: new Set<string>(), listed: new Set<string>() };

  private readonly named: string[];
  private readonly programs: string[];

  constructor(
    private readonly tools: readonly AnyTool[],
    private readonly workspace: ReadonlyWorkspace,
    task: string,
    /** The listing the run's setup already made for the prompt (listed again only when absent). */
    initial: WorkspacePaths | undefined,
  ) {
    this.paths = initial;
    this.stale = initial === undefined;
    this.named = namedPaths(task);
    this.programs = commonPrograms(workspace.describe().has);
  }

  async envelope(): Promise<Record<string, unknown>> {
    if (this.stale) {
      this.paths = await workspacePaths(this.workspace).catch(() => undefined);
      this.stale = false;
    }
    return stepEnvelope(this.tools, {
      ...(this.paths ? { paths: this.paths } : {}),
      ...(this.last ? { last: this.last } : {}),
      seen: this.seen,
      named: this.named,
      programs: this.programs,
      allowFinal: this.worked,
    });
  }

  afterRound(calls: readonly ToolCall[], round: { changedFiles: boolean; allFailed: boolean }): void {
    this.worked ||= !round.allFailed;
    this.last = calls.at(-1);
    // A command that failed (most often one that does not exist) is taken to have changed nothing.
    if (round.changedFiles && !round.allFailed) {
      this.stale = true;
      this.seen.read.clear();
      this.seen.listed.clear();
    }
    for (const call of calls) {
      const path = calledPath(call);
      if (path && call.name === 'read_file') this.seen.read.add(path);
      if (path && call.name === 'list_files') this.seen.listed.add(path);
    }
  }
}
