/**
 * W1: `require()` of an ES module, as Node 20.19+ does it: the module graph is evaluated at once
 * (no top-level await, else ERR_REQUIRE_ASYNC_MODULE) and its namespace comes back. A shim module
 * imports the file by its resolved name, so a module the program also imports is the same
 * instance, not a second copy.
 */
import type { QuickJSContext, QuickJSHandle, VmCallResult } from 'quickjs-emscripten-core';

export function requireEsm(context: QuickJSContext, file: string): QuickJSHandle | VmCallResult<QuickJSHandle> {
  const shim = `import * as namespace from ${JSON.stringify(file)};\nexport { namespace };\n`;
  const evaluated = context.evalCode(shim, `<require ${file}>`, { type: 'module' });
  if (evaluated.error) return { error: evaluated.error };
  // A graph with no top-level await has run by now; one with it is still pending (Node refuses it
  // before running it; here it has started, and its awaits finish on their own).
  const state = context.getPromiseState(evaluated.value);
  if (!(state.type === 'fulfilled' && state.notAPromise)) evaluated.value.dispose();
  if (state.type === 'rejected') return { error: state.error };
  if (state.type === 'pending')
    return {
      error: context.newError({
        name: 'Error',
        message: `require() cannot be used on an ESM graph with top-level await. Use import() instead.\n  From ${file}`,
      }),
    };
  const namespace = context.getProp(state.value, 'namespace');
  state.value.dispose();
  return namespace;
}
