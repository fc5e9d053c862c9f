/**
 * T4: the `ShellAnalyzer` the approval gate uses, on just-bash's own bash parser (the same one
 * the offline shell runs). It walks the whole syntax tree — substitutions, subshells, loops,
 * functions — and parses the text of `sh -c` and `eval` again, so every command at every depth
 * is seen. Pure JavaScript: used by the page and the headless runner alike.
 */
import { Bash } from 'just-bash';
import type { ShellAnalysis } from '../harness/tools/shell-rules';
import type { UnwrappedCommand } from '../harness/tools/shell-rules';
import { readsScriptFromInput, unwrapCommand } from '../harness/tools/shell-rules';

type Node = { type?: string; [key: string]: unknown };
/** Redirections that do not write a file. */
const harmlessTargets = /^(\/dev\/null|\/dev\/stdout|\/dev\/stderr|&?\d+|-)$/;
const maxDepth = 6;
// just-bash's browser build exports its parser only through Bash.transform (no plugins: the AST as parsed).
let parser: Bash | undefined;
const parse = (command: string) => (parser ??= new Bash()).transform(command).ast;

function wordText(word: Node | null | undefined, hazards: string[]): string {
  if (!word) return '';
  const parts = (word.parts as Node[] | undefined) ?? [];
  return parts.map((part) => partText(part, hazards)).join('');
}

function partText(part: Node, hazards: string[]): string {
  switch (part.type) {
    case 'Literal':
    case 'SingleQuoted':
    case 'Escaped':
      return String(part.value ?? '');
    case 'DoubleQuoted':
      return ((part.parts as Node[]) ?? []).map((inner) => partText(inner, hazards)).join('');
    case 'TildeExpansion':
      return `~${(part.user as string | null) ?? ''}`;
    case 'Glob':
      return String(part.pattern ?? '*');
    case 'ParameterExpansion':
      return `$${String(part.parameter ?? '')}`;
    case 'CommandSubstitution':
    case 'ProcessSubstitution':
      hazards.push('it contains a command substitution');
      return '$(…)';
    default:
      hazards.push(`it contains ${String(part.type ?? 'an expansion')}`);
      return '…';
  }
}

function walk(node: unknown, analysis: ShellAnalysis, depth: number): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, analysis, depth);
    return;
  }
  const current = node as Node;
  switch (current.type) {
    case 'Statement':
      if (current.background) analysis.hazards.push('it runs a command in the background');
      break;
    case 'FunctionDef':
      analysis.hazards.push('it defines a function');
      break;
    case 'Subshell':
      analysis.hazards.push('it starts a subshell');
      break;
    case 'Redirection':
      redirection(current, analysis);
      break;
    case 'Pipeline':
      pipeline(current, analysis);
      break;
    case 'SimpleCommand':
      simpleCommand(current, analysis, depth);
      break;
    default:
      // Other nodes (words, lists, loops) carry no hazard of their own: their children are walked.
      break;
  }
  for (const [key, value] of Object.entries(current))
    if (key !== 'type' && value && typeof value === 'object') walk(value, analysis, depth);
}

function redirection(node: Node, analysis: ShellAnalysis): void {
  const target = node.target as Node | undefined;
  const operator = String(node.operator ?? '');
  const text = target?.type === 'Word' ? wordText(target, analysis.hazards) : '';
  if (['>', '>>', '>|', '&>', '&>>', '<>', '>&'].includes(operator) && !harmlessTargets.test(text)) {
    analysis.hazards.push(`it redirects output to a file (${operator} ${text})`);
  }
}

function pipeline(node: Node, analysis: ShellAnalysis): void {
  const commands = (node.commands as Node[]) ?? [];
  const simple = commands
    .filter((command) => command.type === 'SimpleCommand')
    .map((command) => commandWords(command, analysis.hazards));
  if (commands.length > 1 && simple.length === commands.length)
    analysis.pipelines.push(simple.map((words) => unwrapCommand(words).words));
  // `… | sh`: the shell runs whatever the pipe brings, which no rule can read beforehand.
  for (const words of simple.slice(1).map((stage) => unwrapCommand(stage)))
    if (readsScriptFromInput(words)) opaque(analysis, `a shell (${words.words[0]}) runs commands from a pipe`);
}

function simpleCommand(node: Node, analysis: ShellAnalysis, depth: number): void {
  // `X=… cmd` changes what cmd does (GIT_CONFIG_*, NODE_OPTIONS, LD_PRELOAD): no allow rule
  // written for plain `cmd` covers it.
  const assignments = ((node.assignments as Node[] | undefined) ?? []).map((child) => String(child.name));
  if (assignments.length > 0 && (node.name || (node.args as Node[] | undefined)?.length))
    analysis.hazards.push(`it sets ${assignments.join(', ')} for the command it runs`);
  const words = commandWords(node, analysis.hazards);
  if (words.length > 0 && /[$…]/.test(words[0])) opaque(analysis, 'its program name is computed at run time');
  if (words[0] === 'alias' && words.slice(1).some((word) => word.includes('=')))
    opaque(analysis, 'it defines an alias');
  const unwrapped = unwrapCommand(words);
  if (['source', '.'].includes(unwrapped.words[0] ?? '')) opaque(analysis, 'it runs the commands of a file');
  if (readsScriptFromInput(unwrapped)) shellInput(node, unwrapped.words[0], analysis, depth);
  addCommand(unwrapped, analysis, depth);
}

/**
 * A shell that reads its commands from its input runs what a redirection brings: a here-string
 * or here-document is read like `sh -c TEXT` (`sh <<EOF … EOF` ran a denied program); a
 * file cannot be read beforehand.
 */
function shellInput(command: Node, shell: string, analysis: ShellAnalysis, depth: number): void {
  for (const redirection of (command.redirections as Node[] | undefined) ?? []) {
    const operator = String(redirection.operator ?? '');
    const target = redirection.target as Node | undefined;
    if (operator.startsWith('<<')) {
      const word = target?.type === 'HereDoc' ? (target.content as Node | undefined) : target;
      const text = word?.type === 'Word' ? wordText(word, analysis.hazards) : '';
      if (text.trim()) analyzeInto(text, analysis, depth + 1);
      else opaque(analysis, `a shell (${shell}) runs a here-document that could not be read`);
    } else if (operator === '<') {
      const file = target?.type === 'Word' ? wordText(target, analysis.hazards) : '';
      if (!['/dev/null', '/dev/stdin', '-'].includes(file))
        opaque(analysis, `a shell (${shell}) runs the file ${file}`);
    }
  }
}

/** One command as the rules see it, and every command it starts (a nested script, `find -exec`). */
function addCommand(unwrapped: UnwrappedCommand, analysis: ShellAnalysis, depth: number): void {
  if (unwrapped.words.length > 0) analysis.commands.push(unwrapped.words);
  if (unwrapped.hazard) analysis.hazards.push(unwrapped.hazard);
  if (unwrapped.opaque) opaque(analysis, unwrapped.opaque);
  if (unwrapped.script !== undefined) analyzeInto(unwrapped.script, analysis, depth + 1);
  if (depth >= maxDepth) return;
  for (const words of unwrapped.runs ?? []) addCommand(unwrapCommand(words), analysis, depth + 1);
}

function opaque(analysis: ShellAnalysis, reason: string): void {
  analysis.hazards.push(reason);
  (analysis.opaque ??= []).push(reason);
}

function commandWords(command: Node, hazards: string[]): string[] {
  const name = command.name as Node | null;
  const args = (command.args as Node[]) ?? [];
  return name ? [wordText(name, hazards), ...args.map((arg) => wordText(arg, hazards))] : [];
}

function analyzeInto(command: string, analysis: ShellAnalysis, depth: number): void {
  if (depth > maxDepth) {
    analysis.hazards.push('it nests shells too deeply to check');
    return;
  }
  try {
    walk(parse(command), analysis, depth);
  } catch (error) {
    analysis.hazards.push(`it could not be parsed (${(error as Error).message.split('\n')[0]})`);
    analysis.commands.push(command.split(/\s+/).filter(Boolean));
  }
}

export function analyzeShellCommand(command: string): ShellAnalysis {
  const analysis: ShellAnalysis = { commands: [], pipelines: [], hazards: [], opaque: [] };
  analyzeInto(command, analysis, 0);
  analysis.hazards = [...new Set(analysis.hazards)];
  analysis.opaque = [...new Set(analysis.opaque)];
  return analysis;
}
