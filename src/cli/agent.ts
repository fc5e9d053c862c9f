#!/usr/bin/env node
/**
 * The headless runner: the same harness as the browser, on a real directory, against Ollama.
 * `npm run agent -- --help` lists the options and exit codes.
 */
import { existsSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { Agent } from '../lib/harness/agent';
import type { AgentOptions } from '../lib/harness/agent';
import type { AgentSettings } from '../lib/harness/settings';
import { defaultSettings, withTrustedSafety } from '../lib/harness/settings';
import { resetSession } from '../lib/harness/session';
import { analyzeShellCommand } from '../lib/workspace/shell-command-analyzer';
import { workspaceStateDirectory } from './state-directory';
import type { Session } from '../lib/harness/session';
import { defaultRetryPolicy } from '../lib/harness/recovery/retry-policy';
import type { ModelError } from '../lib/harness/ports';
import { detectServerKind, serverClient, serverLabel } from '../lib/model/server-client';
import type { ServerClient, ServerKind } from '../lib/model/server-client';
import { NodeDirectoryWorkspace } from '../lib/workspace/node-directory-workspace';
import { FileSessionStore } from '../lib/store/file-session-store';
import { FileTaskStore } from '../lib/store/file-task-store';
import { gitTools } from '../lib/workspace/git/git-tools';
import { Checkpoints } from '../lib/workspace/git/checkpoints';
import { GitRepository } from '../lib/workspace/git/git-repository';
import { helpText, parseCliOptions, UsageError } from './cli-options';
import type { CliOptions } from './cli-options';
import { exitCodeFor, exitCodes } from './exit-codes';
import { TerminalApprover } from './terminal-approver';
import { progressLine } from './progress-printer';
import { escapeForTerminal, routeConsoleTo } from './terminal-text';
import { writeSessionFile } from './session-file';
import { FileTrail } from '../lib/store/file-trail';

// T7: stderr carries text from the server, the model and stored sessions (errors, versions,
// model names): every line is made inert, so none of it can drive the terminal.
const log = (line: string) => process.stderr.write(`${escapeForTerminal(line)}\n`);
routeConsoleTo(log);

/**
 * T7: what the command line says, on top of a stored session's own protocol, limits and model
 * options. Approval, read-only, rules, verify command and depth come only from here.
 */
function settingsFrom(options: CliOptions, stored: AgentSettings | undefined): AgentSettings {
  const trusted = defaultSettings({
    ...(options.approval ? { approval: options.approval } : {}),
    ...(options.readOnly !== undefined ? { readOnly: options.readOnly } : {}),
    ...(options.verify ? { verifyCommand: options.verify } : {}),
    ...(options.maxDepth !== undefined ? { maxDepth: options.maxDepth } : {}),
    ...(options.hooks ? { hooks: options.hooks } : {}),
  });
  const base = stored ? withTrustedSafety(stored, trusted) : trusted;
  const limits = { ...base.limits };
  if (options.maxSteps !== undefined) limits.maxSteps = options.maxSteps;
  if (options.maxTokens !== undefined) limits.maxTokens = options.maxTokens;
  if (options.maxSeconds !== undefined) limits.maxSeconds = options.maxSeconds;
  const modelOptions = { ...base.options };
  if (options.contextWindow !== undefined) modelOptions.contextWindow = options.contextWindow;
  if (options.outputLimit !== undefined) modelOptions.outputLimit = options.outputLimit;
  if (options.temperature !== undefined) modelOptions.temperature = options.temperature;
  return {
    ...base,
    ...(options.protocol ? { protocol: options.protocol } : {}),
    ...(options.toolProfile ? { toolProfile: options.toolProfile } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
    ...(options.recoverCalls === false ? { recoverCalls: false } : {}),
    ...(options.showNamedFiles ? { showNamedFiles: true } : {}),
    ...(options.thinkFirst ? { thinkFirst: true } : {}),
    ...(options.skillsFolder ? { skillsFolder: options.skillsFolder } : {}),
    limits,
    options: modelOptions,
  };
}

async function chooseModel(client: ServerClient, requested: string | undefined): Promise<string | ModelError> {
  if (requested) return requested;
  const listed = await client.listModels();
  if (!listed.ok) return listed.error;
  if (listed.value.length === 0) {
    return {
      kind: 'not_found',
      retryable: false,
      message:
        client.kind === 'ollama'
          ? `the Ollama server at ${client.host} has no models. Pull one, e.g. ` +
            `\`ollama pull qwen2.5-coder:7b\`, or pass --model.`
          : `the server at ${client.host} lists no models; pass --model.`,
    };
  }
  log(`model: ${listed.value[0].name} (the first the server lists; choose with --model)`);
  return listed.value[0].name;
}

/** How the process ends: its exit code and what goes to stdout (the answer, or --json's line). */
interface Exit {
  code: number;
  stdout: string;
}

const isExit = (value: unknown): value is Exit =>
  typeof value === 'object' && value !== null && 'code' in value && 'stdout' in value;

async function finish({ code, stdout }: Exit): Promise<never> {
  if (stdout) await new Promise<void>((resolve) => process.stdout.write(stdout, () => resolve()));
  process.exit(code);
}

type JsonResult = (value: Record<string, unknown>) => string;

/** The options, or the exit a usage error, --help or a missing workspace makes. */
function readOptions(): CliOptions | Exit {
  let options: CliOptions;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`error: ${error.message}\n(see npm run agent -- --help)`);
    return { code: exitCodes.usage, stdout: '' };
  }
  if (options.help) return { code: 0, stdout: `${helpText}\n` };
  const root = path.resolve(options.workspace);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    log(`error: the workspace "${options.workspace}" is not a directory`);
    return { code: exitCodes.usage, stdout: '' };
  }
  return options;
}

/** S2 S4: the session --resume or --reset names (reset when asked); an exit when nothing is left to do. */
async function storedSession(
  options: CliOptions,
  store: FileSessionStore,
  jsonResult: JsonResult,
): Promise<Session | undefined | Exit> {
  const wanted = options.resume ?? options.reset;
  if (!wanted) return undefined;
  const id = wanted === 'latest' ? await store.latest() : wanted;
  let session = id
    ? ((await store.load(id).catch((error: Error) => (log(`error: ${error.message}`), null))) ?? undefined)
    : undefined;
  if (!session) {
    log(`error: no session "${wanted}" in ${store.directory}`);
    return { code: exitCodes.usage, stdout: '' };
  }
  if (options.reset) {
    session = resetSession(session);
    await store.saveSession(session);
    log(`reset session ${session.id}: history and memory cleared`);
    if (!options.task)
      return {
        code: exitCodes.final,
        stdout: jsonResult({ outcome: { kind: 'reset' }, final: null, steps: 0, usage: null, sessionId: session.id }),
      };
  } else if (!options.exportOnly) log(`resuming session ${session.id} (${session.history.length} items)`);
  return session;
}

/** U3: --export's writer. A failed write is said, never thrown: after a run, the run's outcome stands. */
function sessionExporter(
  file: string | undefined,
  parts: { store: FileSessionStore; tasks: FileTaskStore; trail: FileTrail | undefined },
): (session: Session) => Promise<boolean> {
  return async (exported) => {
    if (!file || !parts.trail) return true;
    try {
      log(
        await writeSessionFile(file, { session: exported, store: parts.store, tasks: parts.tasks, trail: parts.trail }),
      );
      return true;
    } catch (error) {
      log(`error: the session could not be exported to ${file}: ${(error as Error).message}`);
      return false;
    }
  };
}

/** The model to run, once the server answered; else the exit that says why not (fail fast, no retries). */
async function serverModel(
  client: ServerClient,
  kind: ServerKind,
  session: Session | undefined,
  options: CliOptions,
  jsonResult: JsonResult,
): Promise<string | Exit> {
  const failed = (error: ModelError): Exit => {
    log(`error: ${error.message}`);
    const outcome = { kind: 'error' as const, error };
    return { code: exitCodeFor(outcome), stdout: jsonResult({ outcome, final: null, steps: 0, usage: null }) };
  };
  const version = await client.version();
  if (!version.ok) return failed(version.error);
  log(`${client.kind === 'ollama' ? `Ollama ${version.value}` : serverLabel(kind)} at ${client.host}`);
  const model = session?.model ?? (await chooseModel(client, options.model));
  return typeof model === 'string' ? model : failed(model);
}

/** L2: the first Ctrl-C stops the run (the session is saved); a second quits at once. */
function stopOnInterrupt(): AbortController {
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    if (++interrupts > 1) process.exit(exitCodes.aborted);
    log('\nstopping… (Ctrl-C again to quit at once)');
    controller.abort();
  });
  return controller;
}

/** W6: checkpoints only where a repository already exists: the runner never creates one uninvited. */
async function checkpointSteps(
  workspace: NodeDirectoryWorkspace,
  repository: ReturnType<NodeDirectoryWorkspace['gitFs']>,
  trail: FileTrail | undefined,
  current: () => Session,
): Promise<Pick<AgentOptions, 'beforeFirstChange' | 'afterStep'>> {
  const { fs: gitFs, dir } = repository;
  const checkpoints = (await new GitRepository(gitFs, dir).exists())
    ? new Checkpoints(gitFs, dir, workspace)
    : undefined;
  return {
    beforeFirstChange: async () => {
      if (!checkpoints) return;
      const id = current().id;
      const checkpoint = await checkpoints.create(id, 0, 'baseline: the files before this run changed anything');
      log(`  baseline checkpoint ${checkpoint.oid.slice(0, 7)} on ${Checkpoints.ref(id)}`);
    },
    afterStep: async ({ step, changedFiles }) => {
      if (!changedFiles) return;
      await trail?.take(current().history.length);
      if (!checkpoints) return;
      const checkpoint = await checkpoints.create(current().id, step);
      log(`  checkpoint ${checkpoint.oid.slice(0, 7)} on ${Checkpoints.ref(current().id)}`);
    },
  };
}

/** The agent of this run, its progress printed as it goes; says so when a real directory runs without asking. */
async function runnerAgent(
  options: CliOptions,
  parts: Pick<AgentOptions, 'tasks' | 'approver' | 'session'> & {
    store: FileSessionStore;
    settings: AgentSettings;
    client: ServerClient;
    model: string;
    workspace: NodeDirectoryWorkspace;
    trail: FileTrail | undefined;
  },
): Promise<Agent> {
  const { client, model, workspace, trail, ...rest } = parts;
  // One view of the files for the git tools and the checkpoints alike.
  const repository = workspace.gitFs();
  const { fs: gitFs, dir } = repository;
  const agent: Agent = new Agent({
    ...rest,
    model: client,
    modelName: model,
    workspace,
    extraTools: gitTools({ fs: gitFs, dir, workspace }),
    analyzeShell: analyzeShellCommand,
    ...(await checkpointSteps(workspace, repository, trail, () => agent.session)),
    retryPolicy: { ...defaultRetryPolicy, ...(options.fallbackModel ? { fallbackModel: options.fallbackModel } : {}) },
    onEvent: (event) => {
      if (event.type === 'model.token' || event.type === 'tool.output') return;
      const line = progressLine(event);
      if (line) log(line);
    },
  });
  log(`session ${agent.session.id} in ${parts.store.directory}`);
  if (!workspace.describe().sandboxed && parts.settings.approval === 'auto')
    log(
      'note: approval "auto" on a real directory: run_shell runs commands on ' +
        'this machine without asking (this is not a sandbox)',
    );
  return agent;
}

async function main(): Promise<never> {
  const options = readOptions();
  if (isExit(options)) return finish(options);
  const root = path.resolve(options.workspace);
  const jsonResult: JsonResult = (value) => (options.json ? `${JSON.stringify(value)}\n` : '');
  const kind = options.serverKind === 'auto' ? await detectServerKind(options.host) : options.serverKind;
  if (options.serverKind === 'auto' && kind !== 'ollama') log(`server: ${serverLabel(kind)} at ${options.host}`);
  // M2: a key only from the environment: a flag would sit in shell history and in `ps`.
  const apiKey = process.env.HARNESS_API_KEY || undefined;
  const client = serverClient(kind, { host: options.host, ...(apiKey ? { apiKey } : {}) });
  const stateDirectory = options.sessionDir ? path.resolve(options.sessionDir) : workspaceStateDirectory(root);
  const store = new FileSessionStore(path.join(stateDirectory, 'sessions'));
  const session = await storedSession(options, store, jsonResult);
  if (isExit(session)) return finish(session);
  const workspace = new NodeDirectoryWorkspace(root);
  const tasks = new FileTaskStore(path.join(stateDirectory, 'tasks'));
  const trail = options.export ? new FileTrail(workspace) : undefined;
  const exportSession = sessionExporter(options.export, { store, tasks, trail });
  if (session && options.exportOnly) {
    const written = await exportSession(session);
    const outcome = { kind: written ? 'exported' : 'export-failed' };
    return finish({
      code: written ? exitCodes.final : exitCodes.internal,
      stdout: jsonResult({ outcome, final: null, steps: 0, usage: null, sessionId: session.id, file: options.export }),
    });
  }
  const model = await serverModel(client, kind, session, options, jsonResult);
  if (isExit(model)) return finish(model);
  if (session && options.model) session.model = options.model;
  const settings = settingsFrom(options, session?.settings);
  const approver = new TerminalApprover();
  const controller = stopOnInterrupt();
  const agent = await runnerAgent(options, {
    client,
    model,
    workspace,
    store,
    tasks,
    trail,
    approver,
    settings,
    session,
  });
  await trail?.take(agent.session.history.length);
  const result = await agent.run(options.task, { signal: controller.signal });
  approver.close();
  await exportSession(agent.session);
  const final = result.outcome.kind === 'final' ? result.outcome.answer : null;
  const text = final !== null && !options.json ? `${options.raw ? final : escapeForTerminal(final)}\n` : '';
  const summary = { outcome: result.outcome, final, steps: result.steps, usage: result.usage };
  return finish({
    code: exitCodeFor(result.outcome),
    stdout: text + jsonResult({ ...summary, sessionId: agent.session.id, model, protocol: result.protocol ?? null }),
  });
}

main().catch((error: Error) => {
  log(`internal error: ${error.stack ?? error.message}`);
  process.exit(exitCodes.internal);
});
