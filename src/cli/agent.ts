#!/usr/bin/env node
/**
 * The headless runner: the same harness as the browser, on a real directory, against Ollama.
 * `npm run agent -- --help` lists the options and exit codes.
 */
import { existsSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { Agent } from '../lib/harness/agent';
import type { AgentSettings } from '../lib/harness/settings';
import { defaultSettings, withTrustedSafety } from '../lib/harness/settings';
import { resetSession } from '../lib/harness/session';
import { analyzeShellCommand } from '../lib/workspace/shell-command-analyzer';
import { workspaceStateDirectory } from './state-directory';
import type { Session } from '../lib/harness/session';
import { defaultRetryPolicy } from '../lib/harness/recovery/retry-policy';
import type { ModelError } from '../lib/harness/ports';
import { detectServerKind, serverClient, serverLabel } from '../lib/model/server-client';
import type { ServerClient } from '../lib/model/server-client';
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

async function finish(code: number, stdout: string): Promise<never> {
  if (stdout) await new Promise<void>((resolve) => process.stdout.write(stdout, () => resolve()));
  process.exit(code);
}

async function main(): Promise<never> {
  let options: CliOptions;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`error: ${error.message}\n(see npm run agent -- --help)`);
    return finish(exitCodes.usage, '');
  }
  if (options.help) return finish(0, `${helpText}\n`);
  const root = path.resolve(options.workspace);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    log(`error: the workspace "${options.workspace}" is not a directory`);
    return finish(exitCodes.usage, '');
  }
  const jsonResult = (value: Record<string, unknown>) => (options.json ? `${JSON.stringify(value)}\n` : '');
  const kind = options.serverKind === 'auto' ? await detectServerKind(options.host) : options.serverKind;
  if (options.serverKind === 'auto' && kind !== 'ollama') log(`server: ${serverLabel(kind)} at ${options.host}`);
  // M2: a key only from the environment: a flag would sit in shell history and in `ps`.
  const apiKey = process.env.HARNESS_API_KEY || undefined;
  const client = serverClient(kind, { host: options.host, ...(apiKey ? { apiKey } : {}) });
  const stateDirectory = options.sessionDir ? path.resolve(options.sessionDir) : workspaceStateDirectory(root);
  const store = new FileSessionStore(path.join(stateDirectory, 'sessions'));

  let session: Session | undefined;
  const wanted = options.resume ?? options.reset;
  if (wanted) {
    const id = wanted === 'latest' ? await store.latest() : wanted;
    session = id
      ? ((await store.load(id).catch((error: Error) => (log(`error: ${error.message}`), null))) ?? undefined)
      : undefined;
    if (!session) {
      log(`error: no session "${wanted}" in ${store.directory}`);
      return finish(exitCodes.usage, '');
    }
    if (options.reset) {
      session = resetSession(session);
      await store.saveSession(session);
      log(`reset session ${session.id}: history and memory cleared`);
      if (!options.task)
        return finish(
          exitCodes.final,
          jsonResult({ outcome: { kind: 'reset' }, final: null, steps: 0, usage: null, sessionId: session.id }),
        );
    } else if (!options.exportOnly) log(`resuming session ${session.id} (${session.history.length} items)`);
  }
  const workspace = new NodeDirectoryWorkspace(root);
  const tasks = new FileTaskStore(path.join(stateDirectory, 'tasks'));
  const trail = options.export ? new FileTrail(workspace) : undefined;
  // A failed write is said, never thrown: after a run, the run's outcome stands.
  const exportSession = async (exported: Session): Promise<boolean> => {
    if (!options.export || !trail) return true;
    try {
      log(await writeSessionFile(options.export, { session: exported, store, tasks, trail }));
      return true;
    } catch (error) {
      log(`error: the session could not be exported to ${options.export}: ${(error as Error).message}`);
      return false;
    }
  };
  if (session && options.exportOnly) {
    const written = await exportSession(session);
    return finish(
      written ? exitCodes.final : exitCodes.internal,
      jsonResult({
        outcome: { kind: written ? 'exported' : 'export-failed' },
        final: null,
        steps: 0,
        usage: null,
        sessionId: session.id,
        file: options.export,
      }),
    );
  }
  // Fail fast and clearly when the server is not there, instead of retrying a dead host.
  const version = await client.version();
  if (!version.ok) {
    log(`error: ${version.error.message}`);
    const outcome = { kind: 'error' as const, error: version.error };
    return finish(exitCodeFor(outcome), jsonResult({ outcome, final: null, steps: 0, usage: null }));
  }
  log(`${client.kind === 'ollama' ? `Ollama ${version.value}` : serverLabel(kind)} at ${client.host}`);
  const model = session?.model ?? (await chooseModel(client, options.model));
  if (typeof model !== 'string') {
    log(`error: ${model.message}`);
    const outcome = { kind: 'error' as const, error: model };
    return finish(exitCodeFor(outcome), jsonResult({ outcome, final: null, steps: 0, usage: null }));
  }
  if (session && options.model) session.model = options.model;
  const settings = settingsFrom(options, session?.settings);
  const approver = new TerminalApprover();
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    if (++interrupts > 1) process.exit(exitCodes.aborted);
    log('\nstopping… (Ctrl-C again to quit at once)');
    controller.abort();
  });
  const { fs: gitFs, dir } = workspace.gitFs();
  // Checkpoints only where a repository already exists: the runner never creates one uninvited.
  const checkpoints = (await new GitRepository(gitFs, dir).exists())
    ? new Checkpoints(gitFs, dir, workspace)
    : undefined;
  const agent = new Agent({
    model: client,
    modelName: model,
    workspace,
    extraTools: gitTools({ fs: gitFs, dir, workspace }),
    analyzeShell: analyzeShellCommand,
    beforeFirstChange: async () => {
      if (!checkpoints) return;
      const checkpoint = await checkpoints.create(
        agent.session.id,
        0,
        'baseline: the files before this run changed anything',
      );
      log(`  baseline checkpoint ${checkpoint.oid.slice(0, 7)} on ${Checkpoints.ref(agent.session.id)}`);
    },
    afterStep: async ({ step, changedFiles }) => {
      if (!changedFiles) return;
      await trail?.take(agent.session.history.length);
      if (!checkpoints) return;
      const checkpoint = await checkpoints.create(agent.session.id, step);
      log(`  checkpoint ${checkpoint.oid.slice(0, 7)} on ${Checkpoints.ref(agent.session.id)}`);
    },
    store,
    tasks,
    approver,
    settings,
    session,
    retryPolicy: { ...defaultRetryPolicy, ...(options.fallbackModel ? { fallbackModel: options.fallbackModel } : {}) },
    onEvent: (event) => {
      if (event.type === 'model.token' || event.type === 'tool.output') return;
      const line = progressLine(event);
      if (line) log(line);
    },
  });
  log(`session ${agent.session.id} in ${store.directory}`);
  if (!workspace.describe().sandboxed && settings.approval === 'auto')
    log(
      'note: approval "auto" on a real directory: run_shell runs commands on ' +
        'this machine without asking (this is not a sandbox)',
    );
  await trail?.take(agent.session.history.length);
  const result = await agent.run(options.task, { signal: controller.signal });
  approver.close();
  await exportSession(agent.session);
  const final = result.outcome.kind === 'final' ? result.outcome.answer : null;
  const text = final !== null && !options.json ? `${options.raw ? final : escapeForTerminal(final)}\n` : '';
  return finish(
    exitCodeFor(result.outcome),
    text +
      jsonResult({
        outcome: result.outcome,
        final,
        steps: result.steps,
        usage: result.usage,
        sessionId: agent.session.id,
        model,
        protocol: result.protocol ?? null,
      }),
  );
}

main().catch((error: Error) => {
  log(`internal error: ${error.stack ?? error.message}`);
  process.exit(exitCodes.internal);
});
