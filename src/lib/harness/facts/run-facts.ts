/**
 * DESIGN 14: the run's facts — the one read model every rule reads. Folded from the session's
 * history items as they are appended (the durable part of the events: tool results with what
 * they did, answers and who sent them back), from the checks the harness ran, and from what the
 * task says about the workspace, worked out when the run starts. A continued run folds the history
 * it continues, so its rules see the same facts after a resume as before it. Rules only read
 * facts; the loop alone adds to them.
 */
import type { HistoryItem, NoticeItem, ToolItem } from '../session';
import type { ReadonlyWorkspace } from '../workspace-types';
import type { StartFacts } from './start-facts';
import type { TestStates } from './test-states';
import type { WorkspacePaths } from './workspace-paths';
import { emptyStart } from './start-facts';
import { workspacePaths } from './workspace-paths';
import { calledPath } from './called-path';
import { stableJson } from '../stable-json';

/** One tool call of the run and what came of it. */
export interface CallFact {
  step: number;
  name: string;
  args: Record<string, unknown>;
  /** The call's name and arguments, key order aside: two calls with one key are the same call. */
  key: string;
  /** The path it names, normalised (`calledPath`). */
  path?: string;
  ok: boolean;
  /** The tool ran: it passed validation, the repeat check, the rules and approval (it may have failed). */
  ran: boolean;
  /** It changed workspace files (a write or patch that took effect). */
  changed: boolean;
  /** It made the file at its path, where there was none. */
  created: boolean;
  /** T5: refused as the same call as the one before. */
  repeated: boolean;
  /** T4: the person or the approval policy said no. */
  denied: boolean;
  /** The rule that refused it before it ran. */
  refusedBy?: string;
  /** What the model read of the result (bounded). */
  content: string;
}

/** A final answer the run gave, and the rule that sent it back (none: it stood, or the run is still on it). */
export interface AnswerFact {
  step: number;
  answer: string;
  sentBackBy?: string;
  /** What the rule sent it back about (a file, a kind), when the rule names one. */
  target?: string;
}

/** A check the harness ran (a done-check, the tests a task implies), or one it was not allowed to run. */
export interface CheckFact {
  step: number;
  command: string;
  ran: boolean;
  passed: boolean;
  /** The tests its output named, when it named any. */
  tests?: TestStates;
  /** Why it did not run (T9). */
  refused?: string;
}

/** What a change left in a file: the text after it, and the step (bounded: circle detection). */
export interface FileState {
  step: number;
  text: string;
}

const limits = { contentChars: 6000, answerChars: 4000, calls: 400, stateFiles: 20, states: 8, stateChars: 100_000 };

export class RunFacts {
  /** The task of this turn, or, on a continued run, the one it continues (S3 memory). */
  task = '';
  /** What the task said about the workspace when the run started. */
  start: StartFacts = emptyStart;
  readonly calls: CallFact[] = [];
  readonly answers: AnswerFact[] = [];
  readonly checks: CheckFact[] = [];
  /** Files a rule showed the model whole, without a read (the files a task names). */
  readonly shown = new Set<string>();
  /** Per file, what each change of this run left in it. */
  readonly fileStates = new Map<string, FileState[]>();
  /** Finishes the harness tried that a failing check held back, by rule and step. */
  readonly heldBack: { rule: string; step: number }[] = [];
  private listing: { at: number; paths: WorkspacePaths | undefined } | undefined;
  /** Calls that may have changed the files (writes, patches, commands): the listing is made again after one. */
  private changes = 0;

  /** A continued run's facts: the history it continues, folded as if it had been appended now. */
  static fromHistory(history: readonly HistoryItem[], task: string): RunFacts {
    const facts = new RunFacts();
    facts.task = task;
    for (const item of history) facts.add(item);
    return facts;
  }

  // ---- what the loop adds

  /** Folds one history item: a tool result is a call; a notice that sent an answer back is an answer. */
  add(item: HistoryItem): void {
    if (item.kind === 'tool') this.addCall(item);
    else if (item.kind === 'notice' && item.sentBack) this.addAnswer(item);
  }

  private addCall(item: ToolItem): void {
    const step = item.step ?? this.lastStep();
    const changed = item.changed ?? (item.ok && ['write_file', 'patch_file'].includes(item.name));
    const path = calledPath({ name: item.name, arguments: item.args });
    this.calls.push({
      step,
      name: item.name,
      args: item.args,
      key: `${item.name} ${stableJson(item.args)}`,
      ...(path !== undefined ? { path } : {}),
      ok: item.ok,
      ran: item.ran ?? item.ok,
      changed,
      created: Boolean(item.created),
      repeated: Boolean(item.repeated),
      denied: Boolean(item.denied),
      ...(item.refusedBy ? { refusedBy: item.refusedBy } : {}),
      content: item.content.slice(0, limits.contentChars),
    });
    if (this.calls.length > limits.calls) this.calls.shift();
    if (changed || item.name === 'run_shell') this.changes++;
  }

  private addAnswer(item: NoticeItem): void {
    this.answers.push({
      step: item.step ?? this.lastStep(),
      answer: (item.sentBack?.answer ?? '').slice(0, limits.answerChars),
      ...(item.sentBack?.rule ? { sentBackBy: item.sentBack.rule } : {}),
      ...(item.sentBack?.target ? { target: item.sentBack.target } : {}),
    });
  }

  addCheck(check: CheckFact): void {
    this.checks.push(check);
  }

  /** After a round: what each changed file holds now (read back, bounded). */
  async addFileStates(workspace: ReadonlyWorkspace, paths: readonly string[], step: number): Promise<void> {
    for (const path of new Set(paths)) {
      const text = await workspace.readFile(path).catch(() => undefined);
      if (text === undefined || text.length > limits.stateChars) continue;
      if (!this.fileStates.has(path) && this.fileStates.size >= limits.stateFiles) continue;
      this.fileStates.set(path, [...(this.fileStates.get(path) ?? []), { step, text }].slice(-limits.states));
    }
  }

  holdBack(rule: string, step: number): void {
    this.heldBack.push({ rule, step });
  }

  private lastStep(): number {
    return this.calls.at(-1)?.step ?? 0;
  }

  // ---- what rules read

  /** A tool call has worked in this run. */
  get anyToolWorked(): boolean {
    return this.calls.some((call) => call.ok);
  }

  /** Paths the run's writes and patches changed, in order, once each. */
  get changedPaths(): string[] {
    return [...new Set(this.calls.filter((call) => call.changed && call.path).map((call) => call.path!))];
  }

  /** A call since `step` (all: 0) changed a file, or ran a command (which may have). */
  filesMayHaveChanged(step = 0): boolean {
    return this.calls.some((call) => call.step >= step && (call.changed || (call.name === 'run_shell' && call.ran)));
  }

  /** Paths the run made where there was nothing. */
  get createdPaths(): Set<string> {
    return new Set(this.calls.filter((call) => call.created && call.path).map((call) => call.path!));
  }

  /** A file changed at or after `step`. */
  changedSince(step: number): boolean {
    return this.calls.some((call) => call.changed && call.step >= step);
  }

  /** The file was read, written or patched by a call that worked, or shown whole by a rule. */
  seen(path: string): boolean {
    if (this.shown.has(path)) return true;
    return this.calls.some(
      (call) => call.ok && call.path === path && ['read_file', 'write_file', 'patch_file'].includes(call.name),
    );
  }

  /** The calls made since the last one that changed a file (all of them when none did). */
  get sinceLastChange(): CallFact[] {
    const last = this.calls.findLastIndex((call) => call.changed);
    return this.calls.slice(last + 1);
  }

  /** How many of the latest calls, in a row, meet `test`. */
  trailing(test: (call: CallFact) => boolean): number {
    let count = 0;
    for (let index = this.calls.length - 1; index >= 0 && test(this.calls[index]); index--) count++;
    return count;
  }

  /** How often `rule` sent an answer back in this run (about `target`, when given). */
  sentBack(rule: string, target?: string): number {
    return this.answers.filter(
      (answer) => answer.sentBackBy === rule && (target === undefined || answer.target === target),
    ).length;
  }

  /** The last run_shell call that ran (its result starts with its exit code). */
  get lastCommand(): CallFact | undefined {
    return this.calls.findLast((call) => call.name === 'run_shell' && call.content.startsWith('exit_code:'));
  }

  /** The result of the last call, when it failed. */
  get lastFailure(): CallFact | undefined {
    const last = this.calls.at(-1);
    return last && !last.ok ? last : undefined;
  }

  /** The last check that named its tests (test-states). */
  get lastTestStates(): TestStates | undefined {
    return this.checks.findLast((check) => check.tests)?.tests;
  }

  /** The workspace's files and folders, listed again only after a change (bounded; undefined: too many). */
  async paths(workspace: ReadonlyWorkspace): Promise<WorkspacePaths | undefined> {
    if (this.listing?.at === this.changes) return this.listing.paths;
    const paths = await workspacePaths(workspace).catch(() => undefined);
    this.listing = { at: this.changes, paths };
    return paths;
  }
}
