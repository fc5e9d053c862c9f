/** O2 in Node: reads an eval suite from a folder of task folders (see evals/README.md). */
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { EvalTask } from '../lib/evals/eval-task';
import { evalTask, EvalTaskError } from '../lib/evals/eval-task';
import type { FileMap } from '../lib/workspace/workspace-files';

/**
 * A task's starting files. A suite is untrusted: a link (which could copy any file of this machine
 * into the run) is refused.
 */
function readTree(task: string, root: string, prefix = ''): FileMap {
  const top = path.basename(root);
  const files: FileMap = {};
  for (const name of readdirSync(path.join(root, prefix))) {
    const relative = prefix ? `${prefix}/${name}` : name;
    const full = path.join(root, relative);
    const stat = lstatSync(full);
    if (stat.isSymbolicLink())
      throw new EvalTaskError(
        `eval task "${task}": ${top}/${relative} is a symbolic link; a ` +
          `task's folders hold plain files and folders only`,
      );
    if (stat.isDirectory()) Object.assign(files, readTree(task, root, relative));
    else if (stat.isFile()) files[relative] = readFileSync(full, 'utf8');
  }
  return files;
}

function readJson(file: string, task: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new EvalTaskError(
      `eval task "${task}": ${path.basename(file)} is not valid JSON (${(error as Error).message})`,
    );
  }
}

/** `shortcuts/NAME.json`: wrong solutions, each must fail the check. */
function readShortcuts(task: string, directory: string): Record<string, unknown> {
  if (!existsSync(directory)) return {};
  const shortcuts: Record<string, unknown> = {};
  for (const file of readdirSync(directory)) {
    if (!file.endsWith('.json')) continue;
    const full = path.join(directory, file);
    if (lstatSync(full).isSymbolicLink())
      throw new EvalTaskError(`eval task "${task}": shortcuts/${file} is a symbolic link`);
    shortcuts[file.slice(0, -'.json'.length)] = readJson(full, task);
  }
  return shortcuts;
}

/** Task folders: the suite's own, and the generated pool's (`pool/`, O5) beside them. */
function taskFolders(directory: string): { name: string; folder: string }[] {
  const inside = (root: string) =>
    existsSync(root)
      ? readdirSync(root)
          .filter((name) => existsSync(path.join(root, name, 'task.json')))
          .map((name) => ({ name, folder: path.join(root, name) }))
      : [];
  const folders = [...inside(directory), ...inside(path.join(directory, 'pool'))];
  const seen = new Set<string>();
  for (const { name } of folders) {
    if (seen.has(name)) throw new EvalTaskError(`eval task "${name}" is both in ${directory} and in its pool/`);
    seen.add(name);
  }
  return folders.sort((a, b) => a.name.localeCompare(b.name));
}

export function loadEvals(directory: string): EvalTask[] {
  if (!existsSync(directory) || !statSync(directory).isDirectory())
    throw new EvalTaskError(`no eval suite at ${directory} (a folder of task folders)`);
  const tasks = taskFolders(directory).map(({ name, folder }) => {
    const workspace = path.join(folder, 'workspace');
    const files = existsSync(workspace) ? readTree(name, workspace) : {};
    const reference = existsSync(path.join(folder, 'reference.json'))
      ? readJson(path.join(folder, 'reference.json'), name)
      : undefined;
    const hidden = path.join(folder, 'hidden');
    return evalTask(name, readJson(path.join(folder, 'task.json'), name), {
      files,
      reference,
      hidden: existsSync(hidden) ? readTree(name, hidden) : {},
      shortcuts: readShortcuts(name, path.join(folder, 'shortcuts')),
    });
  });
  if (tasks.length === 0)
    throw new EvalTaskError(`the eval suite at ${directory} has no task folders (each needs a task.json)`);
  return tasks;
}
