/**
 * What a run fixes before its first request: the tools (by profile, read-only mode, depth and
 * workspace), the stable prefix (P1, P2), the approval gate (T4), the tool executor, and the
 * context budget (C3). Read fresh at the start of every run: the memory file, the task board
 * and the repository context.
 */
import type { LoopContext } from './loop-context';
import type { ChatMessage, ToolDeclaration } from './model-types';
import type { SectionSize } from './events';
import type { AnyTool } from './tools/tool-definition';
import type { Prefix } from './prompt/assemble-prefix';
import type { PromptState } from './prompt/prompt-variables';
import { buildToolset } from './tools/tool-registry';
import { ApprovalGate } from './tools/approval-gate';
import { fitPrefix } from './prompt/fit-prefix';
import { pinnedPrefix, pinnedTools, pinnedToolset } from './prompt/pinned-prefix';
import { nativeDefinitions } from './protocol/native-protocol';
import { envelopeSchemaFor } from './protocol/constrained-output';
import { smallTools } from './tools/small-tools';
import { workspacePaths } from './facts/workspace-paths';
import type { WorkspacePaths } from './facts/workspace-paths';
import { ToolExecutor } from './tool-executor';
import { withWorkspaceExamples } from './tools/workspace-examples';
import { delegateRunner } from './delegate-runner';
import { TaskGraph, taskLine } from './tasks/task-graph';
import { taskTools } from './tasks/task-tools';
import { defaultMemoryFile, readLongTermMemory } from './long-term-memory';
import { ContextBudget, contextWindow } from './context/context-budget';
import { maxDelegationDepth } from './settings';
import { isWritable } from './workspace-views';
import { readSkills } from './skills/skill-catalog';
import { loadSkillTool } from './skills/load-skill-tool';
import { HookRunner } from './hooks/hook-runner';
import { HookFiles } from './hooks/hook-files';
import { HarnessCommands } from './tools/harness-commands';
import type { RepoContext, Workspace, WorkspaceDescription } from './workspace-types';
import type { PinnedPrompt } from './session';
import { profileShape } from './profile-shape';

export interface RunSetup {
  tools: AnyTool[];
  prefix: Prefix;
  system: ChatMessage;
  sections: SectionSize[];
  executor: ToolExecutor;
  budget: ContextBudget;
  nativeTools?: ToolDeclaration[];
  /** Characters of the native tool declarations (0 in the text protocol). */
  toolChars: number;
  memoryFile: string;
  writable: boolean;
  /** The constrained-output schema for these tools (T6 rescue). */
  envelope: Record<string, unknown>;
  /** T8: the user's hooks, when any are set. */
  hooks?: HookRunner;
  /** T9: the harness's own commands (checks, hooks), through the gate run_shell meets. */
  commands: HarnessCommands;
  /** O4: the workspace's paths as listed for the prompt (small profile only; absent when too many). */
  paths?: WorkspacePaths;
  argumentNames: (tool: string) => readonly string[] | undefined;
}

async function repoContext(context: LoopContext): Promise<RepoContext> {
  try {
    return await context.options.workspace.repoContext();
  } catch (error) {
    return {
      cwd: '.',
      repository: false,
      repoRoot: '.',
      branch: '',
      defaultBranch: '',
      status: '',
      recentCommits: [],
      docs: [],
      note: `repo context failed: ${(error as Error).message}`,
    };
  }
}

async function promptExtras(
  context: LoopContext,
  memoryFile: string,
): Promise<Pick<PromptState, 'memoryFile' | 'taskLines'>> {
  const memory = await readLongTermMemory(context.options.workspace, memoryFile);
  let taskLines: string[] | undefined;
  // T2: the core tool profile has no task tools, so its prompt lists no tasks either.
  if (context.options.tasks && context.session.settings.toolProfile !== 'core') {
    try {
      taskLines = (await context.options.tasks.list()).map(taskLine);
    } catch (error) {
      taskLines = [`(the task board could not be read: ${(error as Error).message})`];
    }
  }
  return { ...(memory ? { memoryFile: memory } : {}), ...(taskLines ? { taskLines } : {}) };
}

/** What a fork's run cannot send as its parent did, said once per run. */
function forkNotice(context: LoopContext, pin: PinnedPrompt, missing: string[]): void {
  const problems = [
    ...(pin.protocol !== context.protocol
      ? [`its protocol is ${context.protocol}, the parent's was ${pin.protocol}: the prompt is built afresh for it`]
      : []),
    ...(missing.length ? [`the parent's ${missing.join(', ')} cannot be offered here`] : []),
  ];
  if (problems.length === 0) return;
  context.recorder.emit({
    type: 'notice',
    step: 0,
    reason: 'fork-differs',
    text: `This fork does not send its parent's exact request: ${problems.join('; ')}.`,
  });
}

interface ToolInputs {
  skills: Awaited<ReturnType<typeof readSkills>>;
  environment: WorkspaceDescription;
  writable: boolean;
  files?: string[];
}

/** What the run offers the model: its toolset, the tools declared (a fork's are its parent's), their examples. */
function runTools(context: LoopContext, { skills, environment, writable, files }: ToolInputs) {
  const { options, session, depth } = context;
  const settings = session.settings;
  const shape = profileShape(settings.profile);
  // D1: the depth a stored session asks for is capped by the harness's own maximum (T7).
  const canDelegate = depth < Math.min(settings.maxDepth, maxDelegationDepth);
  const skillTools = skills.length > 0 ? [loadSkillTool(skills)] : [];
  // T2: the core tool profile keeps only the coding tools, and load_skill when there are skills.
  const extra =
    settings.toolProfile === 'core'
      ? skillTools
      : [
          ...(options.extraTools ?? []),
          ...skillTools,
          ...(options.tasks ? taskTools(new TaskGraph(options.tasks), session.id) : []),
        ];
  const toolset = buildToolset({
    profile: settings.toolProfile,
    readOnly: settings.readOnly || !writable,
    // O4: tools/read-file.ts says why a profile may read lines without their numbers.
    plainReads: shape.plainReads,
    canDelegate,
    environment,
    extra,
  });
  // O4: slim tools: the others stay callable by name, so a model that knows them is not refused,
  // but they cost no prompt.
  const all = [...toolset.tools.values()];
  const offered = shape.slimTools ? [...smallTools(all), ...skillTools] : all;
  // U3: a fork offers its parent's tools (and sends its parent's prompt: runPrefix).
  const pin = session.pinned;
  const pinned = pin ? pinnedTools(pin, offered, (name) => toolset.tools.get(name)) : undefined;
  // P1: examples that name the workspace's own files, in the prompt and in every usage error.
  const tools = withWorkspaceExamples(pinned?.tools ?? offered, files);
  if (pin) forkNotice(context, pin, pinned?.missing ?? []);
  return { toolset, tools, examples: new Map(tools.map((tool) => [tool.name, tool.example])), canDelegate };
}

/** The system prompt fitted to the context window, or a fork's parent's; and the native tool list. */
function runPrefix(context: LoopContext, state: PromptState) {
  const { options, session, recorder } = context;
  const settings = session.settings;
  const pin = session.pinned;
  const samePin = pin?.protocol === context.protocol ? pin : undefined;
  const nativeTools =
    context.protocol === 'native' ? (samePin?.nativeTools ?? nativeDefinitions(state.tools)) : undefined;
  const toolChars = nativeTools ? JSON.stringify(nativeTools).length : 0;
  const size = contextWindow(settings, context.modelInfo);
  const budget = new ContextBudget(size, settings.options.outputLimit ?? 1024, options.budgets?.compactionKeepShare);
  const fitted = fitPrefix(state, settings.sectionOverrides, {
    budgetChars: context.state.estimator.chars(budget.promptBudget(toolChars, context.state.estimator)),
    onClipped: (docChars, docs) =>
      recorder.emit({
        type: 'notice',
        step: 0,
        reason: 'docs-clipped',
        text:
          `The project docs (${docs} files) were clipped to ${docChars} characters each: with a context ` +
          `window of ${size.tokens} tokens the system prompt would take over half the room for messages. ` +
          `Raise the context window in Settings or with --num-ctx (the server must allow it) to see them whole.`,
      }),
  });
  const prefix = pin ? pinnedPrefix(pin, fitted, context.protocol, settings.sectionOverrides) : fitted;
  return { prefix, budget, toolChars, ...(nativeTools ? { nativeTools } : {}) };
}

/** The gate every command passes (T4, T9), the hooks (T8) and the executor that runs the calls. */
async function runExecutor(context: LoopContext, tools: ReturnType<typeof runTools>) {
  const { options, session, recorder, signal, depth } = context;
  const settings = session.settings;
  const emit = recorder.emit.bind(recorder);
  const gate = new ApprovalGate({
    policy: settings.approval,
    readOnly: settings.readOnly,
    rules: settings.shellRules,
    approver: options.approver,
    analyzeShell: options.analyzeShell,
  });
  const deadline = context.deadline ? { deadline: context.deadline } : {};
  const commands = new HarnessCommands({
    gate,
    workspace: options.workspace,
    sessionId: session.id,
    emit,
    ...deadline,
  });
  // T8: hooks are commands, so they need a workspace that runs them (a read-only child's has no
  // shell; it has no risky tools either), and they pass the gate (T9).
  const hooks =
    isWritable(options.workspace) && Object.values(settings.hooks ?? {}).some((spec) => spec?.command.trim())
      ? new HookRunner({ hooks: settings.hooks!, commands, sessionId: session.id, emit })
      : undefined;
  const hookFiles = hooks
    ? await HookFiles.pin(options.workspace as Workspace, settings.hooks!, options.analyzeShell)
    : undefined;
  const { state, spawn } = context;
  const executor = new ToolExecutor({
    ...(hooks ? { hooks } : {}),
    ...(hookFiles ? { hookFiles } : {}),
    toolset: session.pinned?.tools ? pinnedToolset(tools.toolset, session.pinned.tools) : tools.toolset,
    protocol: context.protocol,
    examples: tools.examples,
    workspace: options.workspace,
    gate,
    sessionId: session.id,
    emit,
    toolOutputChars: options.toolOutputChars ?? 6000,
    ...(options.stepGate ? { stepGate: options.stepGate } : {}),
    ...deadline,
    ...(tools.canDelegate ? { delegate: delegateRunner({ options, session, depth, signal, emit, state, spawn }) } : {}),
  });
  return { executor, commands, ...(hooks ? { hooks } : {}) };
}

export async function prepareRun(context: LoopContext): Promise<RunSetup> {
  const { options, session, recorder, depth } = context;
  const settings = session.settings;
  const environment = options.workspace.describe();
  const writable = isWritable(options.workspace);
  const memoryFile = options.memoryFile ?? defaultMemoryFile;
  const shape = profileShape(settings.profile);
  const [repo, extras, listing, skills] = await Promise.all([
    repoContext(context),
    promptExtras(context, memoryFile),
    workspacePaths(options.workspace).catch(() => undefined),
    readSkills(options.workspace, settings.skillsFolder),
  ]);
  if (skills.length > 0) recorder.emit({ type: 'skills.listed', skills });
  // O4: a profile that names the files does so in its prompt and its grammar.
  const paths = shape.listsFiles ? listing : undefined;
  const offered = runTools(context, { skills, environment, writable, ...(listing ? { files: listing.files } : {}) });
  const { tools } = offered;
  const promptState: PromptState = {
    protocol: context.protocol,
    tools,
    environment,
    repo,
    depth,
    rules: settings.shellRules,
    ...(settings.thinkFirst ? { thinkFirst: true } : {}),
    ...extras,
    ...(skills.length > 0 ? { skills: skills.map(({ name, description }) => ({ name, description })) } : {}),
    ...(settings.profile === undefined ? {} : { profile: settings.profile }),
    ...(paths ? { files: paths.files } : {}),
  };
  const { prefix, budget, toolChars, nativeTools } = runPrefix(context, promptState);
  const { executor, commands, hooks } = await runExecutor(context, offered);
  return {
    tools,
    prefix,
    system: { role: 'system', content: prefix.text },
    sections: prefix.sections.map((section) => ({ name: section.name, chars: section.text.length })),
    executor,
    budget,
    ...(nativeTools ? { nativeTools } : {}),
    toolChars,
    memoryFile,
    writable,
    envelope: envelopeSchemaFor(tools),
    ...(paths ? { paths } : {}),
    ...(hooks ? { hooks } : {}),
    commands,
    argumentNames: (name) => {
      const tool = offered.toolset.tools.get(name);
      return tool ? Object.keys(tool.parameters.properties) : undefined;
    },
  };
}
