/**
 * What the offline node's guest code may call on the host: output and exit, argv, env, stdin and
 * the working directory, the files (reads; writes held by GuestFiles until the program ends), and
 * the module helpers the CommonJS loader needs. Each is a global the shims read once and hide.
 */
import type { QuickJSContext, QuickJSHandle, VmCallResult } from 'quickjs-emscripten-core';
import type { BoundedOutput } from '../bounded-output';
import type { GuestFiles } from './guest-files';
import { requireEsm } from './require-esm';
import { resolveSpecifier } from './module-resolution';

export interface GuestBinding {
  output: { stdout: BoundedOutput; stderr: BoundedOutput };
  exit: (code: number) => void;
  options: { argv: string[]; env: Record<string, string>; stdin?: string; cwd: string };
  files: Map<string, string>;
  modules: { get: (path: string) => string | undefined };
  guest: GuestFiles;
  esmOf: (file: string, text: string) => boolean;
  /** The text a CommonJS module's source follows on its first line (errors count columns from it). */
  commonJsWrapper: string;
}

/** Defines the host functions on the guest's global object; `hold` keeps each handle for disposal. */
export function bindGuest(
  context: QuickJSContext,
  hold: (handle: QuickJSHandle) => QuickJSHandle,
  bound: GuestBinding,
): void {
  context.setProp(
    context.global,
    '__write',
    hold(
      context.newFunction('__write', (stream, text) => {
        const value = context.getString(text);
        (context.getNumber(stream) === 2 ? bound.output.stderr : bound.output.stdout).append(value);
      }),
    ),
  );
  context.setProp(
    context.global,
    '__exit',
    hold(
      context.newFunction('__exit', (code) => {
        bound.exit(context.getNumber(code) | 0);
      }),
    ),
  );
  const argv = hold(context.newArray());
  context.setProp(context.global, '__argv', argv);
  bound.options.argv.forEach((argument, index) => {
    const value = context.newString(argument);
    context.setProp(argv, index, value);
    value.dispose();
  });
  const env = hold(context.newObject());
  for (const [key, value] of Object.entries(bound.options.env)) {
    const handle = context.newString(value);
    context.setProp(env, key, handle);
    handle.dispose();
  }
  context.setProp(context.global, '__env', env);
  const stdin = context.newString(bound.options.stdin ?? '');
  context.setProp(context.global, '__stdin', stdin);
  stdin.dispose();
  const cwd = context.newString(bound.options.cwd);
  context.setProp(context.global, '__cwd', cwd);
  cwd.dispose();
  const define = (
    name: string,
    fn: (...args: QuickJSHandle[]) => QuickJSHandle | VmCallResult<QuickJSHandle> | undefined,
  ) => context.setProp(context.global, name, hold(context.newFunction(name, fn)));
  const textOrUndefined = (text: string | undefined) =>
    text === undefined ? context.undefined : context.newString(text);
  define('__fileRead', (path) => textOrUndefined(bound.files.get(context.getString(path))));
  define('__moduleSource', (path) => textOrUndefined(bound.modules.get(context.getString(path))));
  define('__fileList', () => context.newString(JSON.stringify([...bound.files.keys()])));
  const answer = (error: string | undefined) => (error === undefined ? context.undefined : context.newString(error));
  define('__fileWrite', (path, text, append) =>
    answer(bound.guest.write(context.getString(path), context.getString(text), Boolean(context.getNumber(append)))),
  );
  define('__fileRemove', (path) => answer(bound.guest.remove(context.getString(path))));
  define('__mkdir', (path) => answer(bound.guest.mkdir(context.getString(path))));
  define('__isEsm', (file, source) =>
    bound.esmOf(context.getString(file), context.getString(source)) ? context.true : context.false,
  );
  define('__requireEsm', (file) => requireEsm(context, context.getString(file)));
  // Compiled under its own name (not by new Function, which QuickJS calls "<input>"), so errors
  // and stacks name the file and its own line numbers: the wrapper shares the first line.
  define('__compileCommonJs', (file, source) =>
    context.evalCode(`${bound.commonJsWrapper}${context.getString(source)}\n})`, context.getString(file)),
  );
  define('__unsupported', (name) => {
    try {
      resolveSpecifier('/', context.getString(name), new Map());
      return context.undefined;
    } catch (error) {
      return context.newString((error as Error).message);
    }
  });
}
