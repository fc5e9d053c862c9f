/**
 * O2 in the page: the eval suite bundled from evals/ at build time (in the Evals view's own
 * chunk, loaded on demand), validated like the headless runner's.
 */
import type { EvalTask } from './eval-task';
import { evalTask } from './eval-task';

const specs = import.meta.glob(['/evals/*/task.json', '/evals/pool/*/task.json'], {
  eager: true,
  import: 'default',
}) as Record<string, unknown>;
const references = import.meta.glob(['/evals/*/reference.json', '/evals/pool/*/reference.json'], {
  eager: true,
  import: 'default',
}) as Record<string, unknown>;
const shortcuts = import.meta.glob(['/evals/*/shortcuts/*.json', '/evals/pool/*/shortcuts/*.json'], {
  eager: true,
  import: 'default',
}) as Record<string, unknown>;
// Hidden assertions travel in the Evals chunk too: the model only ever sees the run's workspace.
// (Globs skip dot-named entries, so a task keeps its hidden files in plainly named folders.)
const raw = import.meta.glob(
  ['/evals/*/workspace/**/*', '/evals/*/hidden/**/*', '/evals/pool/*/workspace/**/*', '/evals/pool/*/hidden/**/*'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
) as Record<string, string>;

/** The files under `prefix`, keyed by their path below it. */
function under(entries: Record<string, unknown>, prefix: string) {
  return Object.fromEntries(
    Object.entries(entries)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, value]) => [path.slice(prefix.length), value]),
  );
}

export function bundledEvals(): EvalTask[] {
  return Object.entries(specs)
    .map(([file, spec]) => {
      const folder = file.slice(0, -'task.json'.length);
      const name = folder.split('/').at(-2)!;
      const wrong = under(shortcuts, `${folder}shortcuts/`);
      return evalTask(name, spec, {
        files: under(raw, `${folder}workspace/`) as Record<string, string>,
        reference: references[`${folder}reference.json`],
        hidden: under(raw, `${folder}hidden/`) as Record<string, string>,
        shortcuts: Object.fromEntries(Object.entries(wrong).map(([file, value]) => [file.slice(0, -5), value])),
      });
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}
