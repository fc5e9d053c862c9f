/**
 * U5, O2: a sweep from `npm run eval` imported whole — its `results.jsonl` and the `sessions/`
 * beside it, as a folder or a zip — so every imported run opens and compares like a page run.
 * Each session file is untrusted input (T7): read by the same importer as any session, and taken
 * without what would change a later run's prompt — overrides, a memory file or notes, skills
 * (the events still show what the run sent) — with the page's own safety; bounded in number.
 */
import type { EvalResult } from '../evals/eval-result';
import { parseResults } from '../evals/results-file';
import type { Session } from '../harness/session';
import { importTrajectory } from '../store/session-export';
import type { Trajectory } from '../store/session-export';
import type { AgentSettings } from '../harness/settings';
import { reviewImport } from './import-review';

export type FileMap = Record<string, string>;

export interface BundleImport {
  results: EvalResult[];
  /** Runs whose session was found and stored (their `session` is now a stored session's id). */
  linked: number;
  /** What could not be linked, one line each (no such file, not a session). */
  problems: string[];
}

/** More runs than any sweep this project makes; more session files than this are not read. */
export const maxBundleSessions = 2000;

/** The results file nearest the root, and the folder its session paths are relative to. */
function findResults(files: FileMap): { path: string; base: string } | undefined {
  const candidates = Object.keys(files)
    .filter((path) => path === 'results.jsonl' || path.endsWith('/results.jsonl'))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  const path = candidates[0];
  return path ? { path, base: path.slice(0, -'results.jsonl'.length) } : undefined;
}

export async function importEvalBundle(
  files: FileMap,
  options: { store: (trajectory: Trajectory) => Promise<Session>; trusted: AgentSettings },
): Promise<BundleImport> {
  const found = findResults(files);
  if (!found) throw new Error('no results.jsonl in it (a folder or zip written by npm run eval -- --out DIR)');
  const { results, skipped } = parseResults(files[found.path]);
  const problems = [...skipped];
  let linked = 0;
  for (const result of results) {
    if (!result.session) continue;
    if (linked >= maxBundleSessions) {
      problems.push(`more than ${maxBundleSessions} sessions: the rest were not read`);
      break;
    }
    const path = `${found.base}${result.session}`.replace(/^\.\//, '');
    const text = files[path];
    // A run left unlinked keeps no session: every `session` in a bundle names a stored one.
    if (text === undefined) {
      problems.push(`${result.runId}: no ${result.session} beside results.jsonl`);
      delete result.session;
      continue;
    }
    const parsed = importTrajectory(text);
    if (!parsed.ok) {
      problems.push(`${result.runId}: ${result.session} is not a session (${parsed.error})`);
      delete result.session;
      continue;
    }
    const session = await options.store(reviewImport(parsed.trajectory).apply(false, options.trusted));
    result.session = session.id;
    linked++;
  }
  return { results, linked, problems };
}
