/**
 * W2: an uncaught error, reported as Node 20 reports it. QuickJS words its errors its own way
 * ("invalid redefinition of global identifier", "not a function") and names no line of source, so a
 * model reading them had nothing to act on: Qwen2.5-Coder-1.5B, told the former 84 times over the
 * recorded sweeps, added `export const square` after `function square` and took it out again to the
 * step limit. Node's report names the file and line, shows the line with a caret, and words the
 * message as V8 does ("Identifier 'square' has already been declared"): this module rebuilds that
 * from QuickJS's message, its first frame in a workspace file, and the source.
 */

export interface GuestError {
  name?: string;
  message: string;
  stack?: string;
}

export interface ReportContext {
  /** The text of a workspace file or of `node -e` code, or undefined for anything else (the shims). */
  source: (file: string) => string | undefined;
  /** Whether a file runs as an ES module (Node heads those reports with a file:// URL). */
  isEsm: (file: string) => boolean;
  /** The files a failed import may have come from, to find the import that named a missing export. */
  files: () => Iterable<[string, string]>;
  /** Where an import specifier leads from a file, or undefined when it leads nowhere. */
  resolve: (base: string, specifier: string) => string | undefined;
  /** How much a CommonJS module's first line is pushed right by the wrapper it is compiled in. */
  commonJsPrefix: number;
}

interface Where {
  file: string;
  line: number;
  column: number;
  /** How many characters the caret underlines. */
  width?: number;
}

const frame = /^\s*at (?:(.*?) \()?(\/[^():]+):(\d+):(\d+)\)?\s*$/;
const identifierBefore = /([A-Za-z_$][\w$]*)\s*$/;
const calleeBefore = /([A-Za-z_$][\w$.]*(?:\[[^\]]*\])*)\s*$/;
const esmOnlyMissing = new Set(['module', 'exports', 'require', '__filename', '__dirname']);
/** Import statements scanned for a missing export: the error path only, and bounded. */
const scannedFiles = 2000;
const scannedChars = 1_000_000;
/** A minified line is not worth a megabyte of report. */
const shownChars = 1000;

type Reword = (found: RegExpExecArray, line: string, where: Where | undefined, esm: boolean) => Partial<GuestError>;

/** The character at a 1-based column, read as V8 names what it did not expect there. */
function unexpected(line: string, column: number): string {
  const text = line.slice(column - 1);
  if (!text.trim()) return 'Unexpected end of input';
  if (/^\d/.test(text)) return 'Unexpected number';
  if (/^['"]/.test(text)) return 'Unexpected string';
  if (text.startsWith('`')) return 'Unexpected template string';
  const word = /^[A-Za-z_$][\w$]*/.exec(text)?.[0];
  const keyword = /^(?:if|else|for|while|do|return|const|let|var|function|class|new|import|export|default)$/;
  if (word) return keyword.test(word) ? `Unexpected token '${word}'` : `Unexpected identifier '${word}'`;
  return `Unexpected token '${text.trim()[0] ?? ''}'`;
}

/** QuickJS's wording → V8's, for the errors small models meet most. */
const rewords: [RegExp, Reword][] = [
  [
    /^invalid redefinition of (?:global|lexical) identifier/,
    (_, line, where) => {
      const name = where ? identifierBefore.exec(line.slice(0, where.column - 1))?.[1] : undefined;
      if (!name || !where) return {};
      const before = line.slice(0, where.column - 1);
      // V8 points at a declaration's keyword for a function or class, at the name for a binding.
      const keyword = /(?:async\s+)?(?:function\s*\*?|class)\s+$/.exec(before.slice(0, before.lastIndexOf(name)));
      where.column = (keyword ? keyword.index : before.lastIndexOf(name)) + 1;
      return { message: `Identifier '${name}' has already been declared` };
    },
  ],
  [
    /^'([^']+)' is not defined$/,
    ([, name], _line, _where, esm) => ({
      message: `${name} is not defined${esm && esmOnlyMissing.has(name!) ? ' in ES module scope' : ''}`,
    }),
  ],
  [
    /^not a (function|constructor)$/,
    ([, what], line, where) => {
      const before = where ? line.slice(0, where.column - 1) : '';
      const callee = calleeBefore.exec(before);
      if (!callee) return {};
      // QuickJS says "not a function" for `new F()` too; V8 says what `new` needed.
      const constructed = /\bnew\s+$/.test(before.slice(0, callee.index));
      return { message: `${callee[1]} is not a ${constructed ? 'constructor' : what}` };
    },
  ],
  [
    /^invalid export syntax$/,
    (_, line, where) => {
      const at = line.search(/\bexport\b/);
      if (!where || at < 0) return {};
      where.column = at + 1;
      where.width = 'export'.length;
      return { message: "Unexpected token 'export'" };
    },
  ],
  [
    /^cannot (read|set) property '([^']*)' of (undefined|null)$/,
    ([, verb, key, value]) => ({
      message: `Cannot ${verb} properties of ${value} (${verb === 'read' ? 'reading' : 'setting'} '${key}')`,
    }),
  ],
  [/^'[^']+' is read-only$/, () => ({ message: 'Assignment to constant variable.' })],
  [/^return not in a function$/, () => ({ message: 'Illegal return statement' })],
  [/^stack overflow$/, () => ({ name: 'RangeError', message: 'Maximum call stack size exceeded' })],
  [
    /^(?:expecting '.+'|unexpected token in .*|unexpected end of input|unexpected character|invalid keyword)/,
    (_, line, where) => (where ? { message: unexpected(line, where.column) } : {}),
  ],
];

/** Frames in workspace files only (the shims' frames mean nothing to the program's author). */
function workspaceFrames(stack: string, context: ReportContext): (Where & { name?: string })[] {
  const frames = [];
  for (const text of stack.split('\n')) {
    const found = frame.exec(text);
    if (!found || context.source(found[2]!) === undefined) continue;
    const [file, line, column] = [found[2]!, Number(found[3]), Number(found[4])];
    // A CommonJS module's first line shares its line with the wrapper it was compiled in.
    const shift = line === 1 && !context.isEsm(file) ? context.commonJsPrefix : 0;
    frames.push({ name: found[1], file, line, column: Math.max(1, column - shift) });
    if (frames.length === 10) break;
  }
  return frames;
}

/** Node names the import that asked for a missing export, not the module that lacks it. */
function importNaming(
  name: string,
  module: string,
  context: ReportContext,
): { where: Where; specifier: string } | undefined {
  const statement = /\b(?:import|export)\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2/g;
  let scanned = 0;
  for (const [file, text] of context.files()) {
    if (!/\.(?:m?js|jsx)$/.test(file) || file.includes('/node_modules/') || text.length > scannedChars) continue;
    if (++scanned > scannedFiles) break;
    for (const found of text.matchAll(statement)) {
      const names = found[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]);
      // QuickJS names the module that re-exports a missing name; Node, the module it asked.
      const reexport = file === module && found[0].startsWith('export');
      if (!names.includes(name) || (!reexport && context.resolve(file, found[3]!) !== module)) continue;
      const before = text.slice(0, found.index);
      const line = before.split('\n').length;
      const at = found.index! + found[0].indexOf(name, found[0].indexOf('{'));
      const where = { file, line, column: at - before.lastIndexOf('\n'), width: name.length };
      return { where, specifier: found[3]! };
    }
  }
  return undefined;
}

/** `node -e` code is "[eval]" to Node, and has no file:// URL. */
const isEval = (file: string) => file.endsWith('/[eval]');
const shown = (file: string) => (isEval(file) ? '[eval]' : file);

/** The place, the line (`text`, from its source) and a caret under the column. */
function header(where: Where, text: string | undefined, context: ReportContext): string {
  if (text === undefined) return '';
  const url = context.isEsm(where.file) && !isEval(where.file) ? 'file://' : '';
  const place = `${url}${shown(where.file)}:${where.line}`;
  if (where.column > shownChars) return `${place}\n${text.slice(0, shownChars)}…\n\n`;
  const caret = `${' '.repeat(Math.max(0, where.column - 1))}${'^'.repeat(where.width ?? 1)}`;
  return `${place}\n${text.length > shownChars ? `${text.slice(0, shownChars)}…` : text}\n${caret}\n\n`;
}

/** The report Node prints for an uncaught error, from what QuickJS threw. */
export function nodeErrorReport(error: GuestError, context: ReportContext): string {
  let name = error.name ?? 'Error';
  let message = error.message;
  const stack = error.stack ?? '';
  const frames = workspaceFrames(stack, context);
  let where: Where | undefined = frames[0] && { ...frames[0] };
  const missingExport = /^Could not find export '([^']+)' in module '([^']+)'$/.exec(message);
  if (missingExport) {
    const [, exported, module] = missingExport;
    const named = importNaming(exported!, module!, context);
    where = named?.where ?? where;
    message = `The requested module '${named?.specifier ?? module}' does not provide an export named '${exported}'`;
  }
  const text = where ? context.source(where.file)?.split('\n')[where.line - 1] : undefined;
  for (const [pattern, reword] of rewords) {
    const found = pattern.exec(message);
    if (!found) continue;
    const changed = reword(found, text ?? '', where, where ? context.isEsm(where.file) : false);
    name = changed.name ?? name;
    message = changed.message ?? message;
    break;
  }
  // V8's frames for a syntax error are its loader's, which the program's author never wrote.
  const at = name === 'SyntaxError' ? [] : frames;
  const trace = at.map(
    (f) => `    at ${f.name ? `${f.name} (` : ''}${shown(f.file)}:${f.line}:${f.column}${f.name ? ')' : ''}\n`,
  );
  return `${where ? header(where, text, context) : ''}${name}: ${message}\n${trace.join('')}`;
}
