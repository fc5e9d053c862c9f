/**
 * P2: the request a warm-up sends — the stable prefix the next run's first request starts with,
 * made by the same setup a run makes (`prepareRun`): the system message, the native tool
 * declarations and the options with the context size of the run (another size would make Ollama
 * load the model again, and nothing would be reused).
 */
import type { LoopContext } from './loop-context';
import type { ModelRequest } from './model-types';
import { prepareRun } from './run-setup';

export async function warmRequest(context: LoopContext): Promise<Omit<ModelRequest, 'signal'>> {
  const setup = await prepareRun(context);
  return {
    model: context.session.model,
    messages: [setup.system],
    ...(setup.nativeTools ? { tools: setup.nativeTools } : {}),
    options: { ...context.session.settings.options, contextWindow: setup.budget.contextWindow.tokens },
  };
}
