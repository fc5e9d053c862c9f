/** Command-line options of `npm run agent`; every bad value is a usage error that says why. */
import type { Hooks } from '../lib/harness/hook-types';
import { parseHookOptions } from './hook-options';
import { parseArgs } from 'node:util';
import type { ApprovalPolicy, HarnessProfile, ProtocolChoice, ToolProfile } from '../lib/harness/settings';
import { harnessProfiles, toolProfiles } from '../lib/harness/settings';
import { exitCodeHelp } from './exit-codes';
import type { ServerKind } from '../lib/model/server-client';
import { serverKinds } from '../lib/model/server-client';

export interface CliOptions {
  task: string;
  workspace: string;
  host: string;
  /** M2: the server's API; "auto" asks the server. */
  serverKind: 'auto' | ServerKind;
  model?: string;
  fallbackModel?: string;
  /** Undefined when not given, so that a resumed session keeps its own settings. */
  protocol?: ProtocolChoice;
  approval?: ApprovalPolicy;
  toolProfile?: ToolProfile;
  /** T6: false turns off recovering calls from reply text. */
  recoverCalls?: boolean;
  showNamedFiles?: boolean;
  /** T6: a thought before every constrained reply. */
  thinkFirst?: boolean;
  profile?: HarnessProfile;
  readOnly?: boolean;
  maxSteps?: number;
  maxTokens?: number;
  maxSeconds?: number;
  contextWindow?: number;
  outputLimit?: number;
  temperature?: number;
  sessionDir?: string;
  resume?: string;
  /** S4: clear this session's history and memory (then run the task in it, if one is given). */
  reset?: string;
  maxDepth?: number;
  verify?: string;
  /** T8: hooks from --hook and --hooks-file (the user's own, T7). */
  hooks?: Hooks;
  /** P5: the skills folder, relative to the workspace. */
  skillsFolder?: string;
  /** U3: write the session to this file (the page imports and replays it). */
  export?: string;
  /** With --resume and --export: write the stored session, run nothing. */
  exportOnly: boolean;
  json: boolean;
  /** Print the final answer as the model wrote it, escape sequences included. */
  raw: boolean;
  help: boolean;
}

export const helpText = `Usage: npm run agent -- [options] "task"

Runs the Harness Playground agent on a directory, against Ollama or an OpenAI-compatible server.

Not a sandbox: file tools stay inside the workspace (links that lead out are refused), but
run_shell runs real commands on this machine with your user rights and can reach anything you
can. Keep --approval ask (the default) unless you trust the model with your machine. Command
allow/deny rules are a guard against mistakes, not a sandbox.

Options:
  --workspace DIR       directory the agent works in (default: .)
  --host URL            model server (default: http://127.0.0.1:11434)
  --server-kind K       ollama, openai (chat completions: llama.cpp, vLLM, LM Studio, …) or auto
                        (default: auto). An API key comes from HARNESS_API_KEY, never a flag.
  --model NAME          model to use (default: the first one the server lists)
  --fallback-model NAME model to switch to after repeated overloads
  --protocol P          auto | native | text | constrained (default: auto; constrained is
                        the text protocol's JSON envelope, enforced with Ollama's format)
  --approval P          ask | auto | never (default: ask: asks on the terminal)
  --tool-profile P      structured | core (the six coding tools) | bash-only (default: structured)
  --profile P           default | small: the harness for models under ~1B parameters (O4)
  --no-recovery         do not run calls a model writes in its reply's text (fenced JSON, <tool_call>) (T6)
  --show-named-files    show the files the task names with it, before the first request (O4)
  --think-first         constrained replies begin with a short "thought" the grammar asks for (T6)
  --read-only           offer only the tools that do not change anything
  --max-steps N         step limit, 0 = off (default: 30)
  --max-tokens N        token limit, 0 = off (default: 0)
  --max-seconds N       wall-time limit, 0 = off (default: 0)
  --num-ctx N           context window to request (default: the model's, capped at 8192)
  --num-predict N       output limit per reply (default: 1024)
  --temperature X       sampling temperature (default: 0.2)
  --verify CMD          a final answer counts only when CMD exits 0
  --hook POINT=CMD      run CMD at before_tool, after_tool or on_final (repeatable; the call
                        as JSON on stdin, a decision as JSON on stdout; POINT! = required)
  --hooks-file FILE     hooks as JSON: {"before_tool": {"command": "…", "required": true}}
  --skills-folder DIR   skills (DIR/NAME/SKILL.md) the model loads on demand
                        (default: .harness/skills)
  --max-depth N         how deep delegation may nest, 0-3 (default: 1)
  --session-dir DIR     where sessions and tasks are kept (default: outside the workspace,
                        in ~/.local/state/harness-playground/workspaces/NAME-HASH)
  --resume ID|latest    continue a session; the task may then be omitted. Safety settings
                        (approval, read-only, verify, depth) come from this command line,
                        never from the stored session
  --reset ID|latest     clear a session's history and memory, then run the task in it
  --export FILE         after the run, write the session to FILE (e.g. run.session.json): the
                        page's Sessions → Import opens it and replays it step by step, files too
  --export-only         with --resume ID|latest and --export FILE: write that stored session,
                        run nothing (no server needed)
  --json                print one JSON object as the last line of output
  --raw                 print the final answer as the model wrote it (by default control and
                        escape characters in anything the CLI did not write are shown as \\x..)
  --help                show this help

Progress goes to stderr; the final answer (or the --json object) to stdout.

${exitCodeHelp}`;

export class UsageError extends Error {}

function hooksFrom(flags: string[], file: string | undefined): { hooks?: Hooks } {
  try {
    const hooks = parseHookOptions(flags, file);
    return hooks ? { hooks } : {};
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function integer(name: string, value: string | undefined, min = 0): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min)
    throw new UsageError(`--${name} must be a whole number ≥ ${min}, got "${value}"`);
  return Number(value);
}

function choice<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

/** The runner's flags, as node:util's parseArgs reads them. */
const cliFlags = {
  workspace: { type: 'string' },
  host: { type: 'string' },
  'server-kind': { type: 'string' },
  model: { type: 'string' },
  'fallback-model': { type: 'string' },
  protocol: { type: 'string' },
  approval: { type: 'string' },
  'tool-profile': { type: 'string' },
  hook: { type: 'string', multiple: true },
  'hooks-file': { type: 'string' },
  'skills-folder': { type: 'string' },
  profile: { type: 'string' },
  'no-recovery': { type: 'boolean' },
  'show-named-files': { type: 'boolean' },
  'think-first': { type: 'boolean' },
  'read-only': { type: 'boolean' },
  'max-steps': { type: 'string' },
  'max-tokens': { type: 'string' },
  'max-seconds': { type: 'string' },
  'num-ctx': { type: 'string' },
  'num-predict': { type: 'string' },
  temperature: { type: 'string' },
  verify: { type: 'string' },
  'session-dir': { type: 'string' },
  resume: { type: 'string' },
  reset: { type: 'string' },
  'max-depth': { type: 'string' },
  export: { type: 'string' },
  'export-only': { type: 'boolean' },
  json: { type: 'boolean' },
  raw: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseCliOptions(argv: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: cliFlags });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const host = values.host ?? 'http://127.0.0.1:11434';
  if (!/^https?:\/\/[^\s/]+/.test(host))
    throw new UsageError(`--host must be an http(s) URL such as http://127.0.0.1:11434, got "${host}"`);
  const temperature = values.temperature === undefined ? undefined : Number(values.temperature);
  if (temperature !== undefined && (!Number.isFinite(temperature) || temperature < 0 || temperature > 2))
    throw new UsageError(`--temperature must be a number from 0 to 2, got "${values.temperature}"`);
  const options: CliOptions = {
    task: positionals.join(' ').trim(),
    workspace: values.workspace ?? '.',
    host,
    serverKind: choice('server-kind', values['server-kind'], ['auto', ...serverKinds]) ?? 'auto',
    model: values.model,
    fallbackModel: values['fallback-model'],
    protocol: choice('protocol', values.protocol, ['auto', 'native', 'text', 'constrained']),
    approval: choice('approval', values.approval, ['ask', 'auto', 'never']),
    toolProfile: choice('tool-profile', values['tool-profile'], toolProfiles),
    profile: choice('profile', values.profile, harnessProfiles),
    ...(values['no-recovery'] ? { recoverCalls: false } : {}),
    ...(values['show-named-files'] ? { showNamedFiles: true } : {}),
    ...(values['think-first'] ? { thinkFirst: true } : {}),
    readOnly: values['read-only'],
    maxSteps: integer('max-steps', values['max-steps']),
    maxTokens: integer('max-tokens', values['max-tokens']),
    maxSeconds: integer('max-seconds', values['max-seconds']),
    contextWindow: integer('num-ctx', values['num-ctx'], 256),
    outputLimit: integer('num-predict', values['num-predict'], 1),
    temperature,
    verify: values.verify,
    ...hooksFrom(values.hook ?? [], values['hooks-file']),
    ...(values['skills-folder'] ? { skillsFolder: values['skills-folder'] } : {}),
    sessionDir: values['session-dir'],
    resume: values.resume,
    reset: values.reset,
    maxDepth: integer('max-depth', values['max-depth']),
    export: values.export,
    exportOnly: values['export-only'] ?? false,
    json: values.json ?? false,
    raw: values.raw ?? false,
    help: values.help ?? false,
  };
  checkCombinations(options);
  return options;
}

/** Flags that make sense alone but not together (or not without another). */
function checkCombinations(options: CliOptions): void {
  if (!options.help && !options.task && !options.resume && !options.reset)
    throw new UsageError('give a task, e.g. npm run agent -- "fix the failing test", or --resume ID|latest');
  if (options.exportOnly && (!options.export || !options.resume || options.task))
    throw new UsageError(
      '--export-only writes a stored session without running it: give ' +
        '--resume ID|latest and --export FILE, and no task',
    );
  if (options.export !== undefined && !options.export.trim())
    throw new UsageError('--export needs a file name, e.g. --export run.session.json');
  if (options.resume && options.reset)
    throw new UsageError(
      '--resume and --reset cannot be combined: --reset clears the session that --resume would continue',
    );
  if (options.maxDepth !== undefined && options.maxDepth > 3)
    throw new UsageError(`--max-depth must be 0 to 3, got ${options.maxDepth}`);
}
