/**
 * T4: allow and deny patterns for run_shell, checked before anyone is asked. Commands are read
 * by a real shell parser (a `ShellAnalyzer` the app provides: the harness stays headless), so a
 * deny rule holds at any depth — `sh -c "…"`, `$(…)`, backticks, `env X=1 …`, `/bin/rm`, tabs,
 * `rm -fr` for `rm -rf` — and an allow rule never lets through a command with a substitution, a
 * redirection to a file, eval/source or a nested shell. The rules are a guard against mistakes,
 * not a sandbox: a determined command can always be written in a way no pattern foresees.
 */
import type { ShellRules } from '../settings';

/** What a parser found in one command line. */
export interface ShellAnalysis {
  /** Every simple command at any depth, as its words (quotes removed, wrappers unwrapped). */
  commands: string[][];
  /** Pipelines of two or more commands, for rules such as `curl * | sh`. */
  pipelines: string[][][];
  /** Why this command must never be auto-allowed; empty when nothing stands out. */
  hazards: string[];
  /**
   * Why what this command runs cannot be known before it runs (a program name computed at run
   * time, text piped into a shell, an alias): no deny rule can vouch for it, so it never runs
   * without a person saying yes.
   */
  opaque?: string[];
}

/** Parses a command line; must not throw (a parse failure is a hazard). */
export type ShellAnalyzer = (command: string) => ShellAnalysis;

/** `NAME=value`: an environment assignment, before a command or as an argument of `env`. */
const assignment = /^([A-Za-z_]\w*)=/;

const shells = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'ash']);

/** Skips leading options; `withValue` names the options that take the next word as their value. */
const options =
  (withValue: string[] = [], operands = 0) =>
  (args: string[]) => {
    let at = 0;
    while (args[at]?.startsWith('-') && args[at] !== '--') at += withValue.includes(args[at]) ? 2 : 1;
    if (args[at] === '--') at++;
    return at + operands;
  };
/** Programs that run the rest of their arguments as a command. */
const wrappers: Record<string, (args: string[]) => number> = {
  env: (args) => {
    let at = 0;
    while (at < args.length && (/^-/.test(args[at]) || assignment.test(args[at])))
      at += args[at] === '-u' || args[at] === '--unset' ? 2 : 1;
    return at;
  },
  nice: options(['-n', '--adjustment']),
  timeout: (args) => {
    let at = 0;
    while (args[at]?.startsWith('-')) at += ['-s', '-k', '--signal', '--kill-after'].includes(args[at]) ? 2 : 1;
    return at + 1;
  },
  nohup: () => 0,
  // Wrappers judged by the program they run: busybox APPLET, exec -a NAME, setsid,
  // chroot ROOT, strace -o FILE, doas/sudo are denied by name.
  busybox: () => 0,
  exec: options(['-a']),
  setsid: options(),
  chroot: options(['--userspec', '--groups'], 1),
  strace: options(['-o', '-e', '-p', '-s', '-u', '-a', '-b', '-E', '-I', '-O', '-S', '-X', '-P']),
  ltrace: options(['-o', '-e', '-p', '-s', '-u', '-a', '-n']),
  ionice: options(['-c', '-n', '-p', '-P', '-u']),
  taskset: options([], 1),
  command: (args) => (args[0]?.startsWith('-') ? 1 : 0),
  builtin: () => 0,
  time: (args) => (args[0]?.startsWith('-') ? 1 : 0),
  stdbuf: (args) => args.findIndex((arg) => !arg.startsWith('-')),
  xargs: options(['-I', '-n', '-L', '-P', '-s', '-d', '-E', '-a', '--arg-file', '--delimiter', '--max-procs']),
  // option-carrying wrappers that run the rest of their words as a command.
  unbuffer: options(),
  chrt: options([], 1),
  flock: (args) => {
    const at = options(['-w', '--timeout', '-E', '--conflict-exit-code'])(args);
    // flock FILE -c TEXT is programOf's (a string run by a shell); flock FILE CMD runs CMD.
    return ['-c', '--command'].includes(args[at + 1] ?? '') ? -1 : at + 1;
  },
};

export interface UnwrappedCommand {
  words: string[];
  /** Text another shell will parse and run (`sh -c TEXT`, `eval TEXT`, `source FILE` has none). */
  script?: string;
  /** Commands the program starts of its own (`find -exec CMD ;`), judged like any other. */
  runs?: string[][];
  hazard?: string;
  /** What it runs cannot be read from its words (an unknown shape): never run without a person saying yes. */
  opaque?: string;
}

const splitString = (word: string) => /^(-S|--split-string)/.test(word);

/** Strips wrappers (`env X=1`, `nice`, `timeout 5`…) and names a nested script, for analyzers. */
export function unwrapCommand(input: string[]): UnwrappedCommand {
  let words = input.slice();
  const assigned: string[] = [];
  for (let guard = 0; guard < 8 && words.length > 0; guard++) {
    const program = basename(words[0]);
    // `env -S TEXT` runs TEXT as a command line: programOf parses it, env is not just skipped.
    if (program === 'env' && words.some(splitString)) break;
    const skip = wrappers[program]?.(words.slice(1));
    if (skip === undefined || skip < 0) break;
    if (program === 'env')
      assigned.push(...words.slice(1, 1 + skip).flatMap((word) => assignment.exec(word)?.[1] ?? []));
    words = words.slice(1 + skip);
  }
  const found = programOf(words);
  // `env X=… cmd`: the variables change what cmd does, so no allow rule for plain cmd covers it.
  if (assigned.length === 0 || found.hazard) return found;
  return { ...found, hazard: `env sets ${assigned.join(', ')} for the command it runs` };
}

/**
 * The text a short option takes, wherever it stands: `-c TEXT`, `-qc TEXT` (combined, last),
 * `-cTEXT`, `--command TEXT`, `--command=TEXT`. Undefined when the option is not there.
 */
function optionValue(words: string[], short: string, long: string): string | undefined {
  for (let at = 1; at < words.length; at++) {
    const word = words[at];
    if (word === '--') return undefined;
    if (word === long) return words[at + 1] ?? '';
    if (word.startsWith(`${long}=`)) return word.slice(long.length + 1);
    if (/^-[A-Za-z]+/.test(word) && !word.startsWith('--') && word.includes(short)) {
      const rest = word.slice(word.indexOf(short) + 1);
      return rest || (words[at + 1] ?? '');
    }
  }
  return undefined;
}

/** `find … -exec CMD ;` (and -execdir, -ok, -okdir): each command it starts, `{}` kept as an argument. */
function findRuns(words: string[]): UnwrappedCommand {
  const runs: string[][] = [];
  for (let at = 1; at < words.length; at++) {
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(words[at])) continue;
    const end = words.findIndex((word, index) => index > at && (word === ';' || word === '+'));
    if (end === -1) return { words, runs, opaque: `find ${words[at]} has no ";" or "+" to end its command` };
    if (end > at + 1) runs.push(words.slice(at + 1, end));
    at = end;
  }
  return runs.length ? { words, runs, hazard: 'find runs a command for each file' } : { words };
}

/** What the first word runs: a nested script or file, or a plain program. */
function programOf(words: string[]): UnwrappedCommand {
  if (words.length === 0) return { words };
  const program = basename(words[0]);
  // `env -S "a b"`, `script -c "a b"` (also `-qc`), `flock FILE -c "a b"`: a string run as a command line.
  const stringFlags: Record<string, [string, string]> = {
    env: ['S', '--split-string'],
    script: ['c', '--command'],
    flock: ['c', '--command'],
    su: ['c', '--command'],
  };
  if (stringFlags[program]) {
    const script = optionValue(words, ...stringFlags[program]);
    if (script !== undefined) return { words, script, hazard: `${program} runs a string as a command line` };
    if (program === 'script') return { words, hazard: 'script starts a shell' };
  }
  if (program === 'find') return findRuns(words);
  if (program === 'watch') {
    const at = 1 + options(['-n', '--interval'])(words.slice(1));
    const rest = words.slice(at);
    if (rest.length === 0) return { words };
    // watch joins its words and hands them to `sh -c`, again and again; with -x it runs them as they are.
    if (words.slice(1, at).some((word) => word === '-x' || word === '--exec')) return unwrapCommand(rest);
    return { words, script: rest.join(' '), hazard: 'watch runs a command line again and again' };
  }
  if (program === 'eval') return { words, script: words.slice(1).join(' '), hazard: 'eval runs text as a command' };
  if (program === 'source' || program === '.') return { words, hazard: `${program} runs a file as shell commands` };
  if (shells.has(program)) {
    const flag = words.findIndex((word, index) => index > 0 && /^-[a-z]*c[a-z]*$/.test(word));
    return {
      words,
      ...(flag > 0 && words[flag + 1] !== undefined ? { script: words[flag + 1] } : {}),
      hazard: `${program} starts a nested shell`,
    };
  }
  return { words };
}

/** A shell given no `-c` text and no script file: it runs what its standard input brings. */
export function readsScriptFromInput(command: UnwrappedCommand): boolean {
  const [program, ...args] = command.words;
  if (!program || !shells.has(basename(program))) return false;
  return command.script === undefined && args.every((arg) => arg.startsWith('-'));
}

function basename(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

const longFlags: Record<string, string> = { '--recursive': '-r', '--force': '-f', '-R': '-r' };

/** Two spellings of a command for matching: as written, and with `-rf` split into sorted `-f -r`. */
function spellings(words: string[]): string[] {
  if (words.length === 0) return [];
  const plain = [basename(words[0]), ...words.slice(1)];
  const split = [plain[0]];
  const flags: string[] = [];
  for (const word of plain.slice(1)) {
    // `--` only ends the options: `rm -rf -- /` is `rm -rf /`.
    if (word === '--') continue;
    const alias = longFlags[word];
    if (alias) flags.push(alias);
    else if (/^-[A-Za-z]{2,}$/.test(word))
      flags.push(...[...word.slice(1)].map((letter) => `-${longFlags[`-${letter}`]?.slice(1) ?? letter}`));
    else if (/^-[A-Za-z]$/.test(word)) flags.push(word);
    else {
      split.push(...flags.sort(), word);
      flags.length = 0;
    }
  }
  split.push(...flags.sort());
  return [...new Set([plain.join(' '), split.join(' ')])];
}

/** `*` matches anything; a trailing ` *` also matches no arguments at all (`ls *` allows `ls`). */
function globRegex(text: string): RegExp {
  const optionalTail = text.endsWith(' *');
  const body = optionalTail ? text.slice(0, -2) : text;
  const escaped = body.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}${optionalTail ? '( .*)?' : ''}$`);
}

/** A rule as the regexes its spellings become; `a | b` rules match pipelines. */
function ruleMatchers(pattern: string): { pipeline: boolean; regexes: RegExp[] } {
  const stages = pattern.split('|').map((stage) => stage.trim().split(/\s+/).filter(Boolean));
  if (stages.length > 1)
    return {
      pipeline: true,
      regexes: [
        globRegex(stages.map((stage) => spellings(stage).at(-1)!).join(' | ')),
        globRegex(stages.map((stage) => spellings(stage)[0]).join(' | ')),
      ],
    };
  return { pipeline: false, regexes: spellings(stages[0] ?? []).map(globRegex) };
}

function matches(pattern: string, analysis: ShellAnalysis): boolean {
  const rule = ruleMatchers(pattern);
  if (rule.pipeline) {
    return analysis.pipelines.some((pipeline) => {
      const texts = [
        pipeline.map((stage) => spellings(stage).at(-1)).join(' | '),
        pipeline.map((stage) => spellings(stage)[0]).join(' | '),
      ];
      return rule.regexes.some((regex) => texts.some((text) => regex.test(text)));
    });
  }
  return analysis.commands.some((words) =>
    spellings(words).some((text) => rule.regexes.some((regex) => regex.test(text))),
  );
}

export type RuleVerdict =
  | { verdict: 'deny' | 'allow'; pattern: string }
  | { verdict: 'ask'; reason?: string; /** No rule can vouch for it: a person must say yes. */ opaque?: boolean };

/** Without a parser, nothing is auto-allowed and deny rules see each part between operators. */
function fallbackAnalysis(command: string): ShellAnalysis {
  const commands = command
    .split(/&&|\|\||[;\n|&`()]|\$\(/)
    .map((part) => unwrapCommand(part.replace(/["']/g, ' ').split(/\s+/).filter(Boolean)).words)
    .filter((words) => words.length > 0);
  return { commands, pipelines: [], hazards: ['no shell parser is available'] };
}

export function checkShellRules(command: string, rules: ShellRules, analyze?: ShellAnalyzer): RuleVerdict {
  const analysis = analyze ? analyze(command) : fallbackAnalysis(command);
  for (const pattern of rules.deny) {
    if (pattern.trim() && matches(pattern, analysis)) return { verdict: 'deny', pattern };
  }
  if (analysis.opaque?.length)
    return { verdict: 'ask', reason: `what it runs cannot be checked: ${analysis.opaque[0]}`, opaque: true };
  if (rules.allow.length === 0 || analysis.commands.length === 0) return { verdict: 'ask' };
  if (analysis.hazards.length > 0) return { verdict: 'ask', reason: `not auto-allowed: ${analysis.hazards[0]}` };
  const allowed = analysis.commands.map((words) =>
    rules.allow.find(
      (pattern) => pattern.trim() && matches(pattern, { commands: [words], pipelines: [], hazards: [] }),
    ),
  );
  if (allowed.every(Boolean)) return { verdict: 'allow', pattern: [...new Set(allowed)].join(', ') };
  return { verdict: 'ask' };
}
