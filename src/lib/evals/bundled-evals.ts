/**
 * O2 in the page: the eval suite bundled from evals/ at build time (in the Evals view's own
 * chunk, loaded on demand), validated like the headless runner's.
 */
import type { EvalTask } from './eval-task';
import { evalTask } from './eval-task';

const specs = import.meta.glob('/evals/*/task.json', { eager: true, import: 'default' }) as Record<string, unknown>;
const references = import.meta.glob('/evals/*/reference.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;
const raw = import.meta.glob('/evals/*/workspace/**/*', { eager: true, query: '?raw', import: 'default' }) as Record<
  string,
  string
>;

export function bundledEvals(): EvalTask[] {
  return Object.entries(specs)
    .map(([file, spec]) => {
      const folder = file.slice(0, -'task.json'.length);
      const name = folder.split('/').at(-2)!;
      const prefix = `${folder}workspace/`;
      const files = Object.fromEntries(
        Object.entries(raw)
          .filter(([path]) => path.startsWith(prefix))
          .map(([path, text]) => [path.slice(prefix.length), text]),
      );
      return evalTask(name, spec, files, references[`${folder}reference.json`]);
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}
