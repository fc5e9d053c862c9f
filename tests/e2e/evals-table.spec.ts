/**
 * O2, the Evals table in a classroom — a run never replaces it without asking, scripted
 * runs show no prompt time nobody measured, and a run whose files passed although it ended on a
 * limit says why.
 */
import { readFileSync } from 'node:fs';
import { expect, openFresh, test } from './fixtures';
import type { Page } from '@playwright/test';
import { loadEvals } from '../../src/cli/load-evals';

/** The tuning split, the one the picker lists first (counted from the suite on disk). */
const tuning = loadEvals('evals').filter((task) => (task.split ?? 'tuning') === 'tuning');

async function openEvals(page: Page) {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Evals' }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  // The suite loads after the view opens and then checks every task: wait for it before choosing.
  await expect(evals.getByRole('group', { name: /Tasks/ }).getByRole('checkbox', { checked: true })).toHaveCount(
    tuning.length,
  );
  return evals;
}

/** Only the task `id` chosen (from every split), and only the scripted models in `models`. */
async function chooseOnly(page: Page, id: string, models: string[]) {
  const evals = page.getByRole('region', { name: 'Evals' });
  const tasks = evals.getByRole('group', { name: /Tasks/ });
  await tasks.getByRole('combobox', { name: 'Task split' }).selectOption('all');
  await tasks.getByRole('button', { name: 'None', exact: true }).click();
  await tasks.getByRole('checkbox', { name: new RegExp(` ${id}$`) }).check();
  const group = evals.getByRole('group', { name: 'Models' });
  for (const [label, name] of [
    ['reference solutions', 'reference'],
    ['do-nothing model', 'noop'],
  ])
    await group.getByRole('checkbox', { name: label }).setChecked(models.includes(name));
}

test('O2 a run asks before it touches a table that holds results: add, start anew, or cancel', async ({ page }) => {
  test.setTimeout(120_000);
  await openFresh(page, '/');
  const evals = await openEvals(page);
  const runs = evals.getByRole('table', { name: 'Eval runs' });
  await chooseOnly(page, 'create-file', ['reference']);
  await evals.getByRole('button', { name: 'Run the suite' }).click();
  await expect(runs.getByRole('row')).toHaveCount(2, { timeout: 60_000 });

  // The second run asks, and Cancel leaves the table as it was.
  await chooseOnly(page, 'create-file', ['reference', 'noop']);
  await evals.getByRole('button', { name: 'Run the suite' }).click();
  const ask = evals.getByRole('alertdialog', { name: 'The table holds results' });
  await expect(ask).toContainText('The table holds 1 run from this page');
  await expect(ask.getByRole('button', { name: 'Export results.jsonl' })).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(runs.getByRole('row')).toHaveCount(2);

  // Add: the reference run again takes its own row (no second row with its id), noop joins it.
  await evals.getByRole('button', { name: 'Run the suite' }).click();
  await ask.getByRole('button', { name: 'Add to the table' }).click();
  await expect(evals.getByRole('status')).toContainText('2 of 2 runs', { timeout: 60_000 });
  await expect(runs.getByRole('row')).toHaveCount(3);
  await expect(runs.getByRole('row', { name: /create-file reference/ })).toHaveCount(1);

  // Start anew with only noop: the old rows go.
  await chooseOnly(page, 'create-file', ['noop']);
  await evals.getByRole('button', { name: 'Run the suite' }).click();
  await expect(ask).toContainText('The table holds 2 runs from this page');
  await ask.getByRole('button', { name: 'Start a new table' }).click();
  await expect(evals.getByRole('status')).toContainText('1 of 1 runs', { timeout: 60_000 });
  await expect(runs.getByRole('row')).toHaveCount(2);
  await expect(runs.getByRole('row', { name: /create-file noop/ })).toBeVisible();

  // Imported results do not mix with page runs: only a new table is offered.
  await evals.locator('input[type=file][accept*="jsonl"]').setInputFiles({
    name: 'results.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: readFileSync('evals/results/qwen-screen-0.5b.jsonl'),
  });
  await expect(evals.getByRole('heading', { name: 'Runs (imported)' })).toBeVisible();
  await evals.getByRole('button', { name: 'Run the suite' }).click();
  await expect(ask).toContainText('imported from a results file');
  await expect(ask.getByRole('button', { name: 'Add to the table' })).toHaveCount(0);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(evals.getByRole('heading', { name: 'Runs (imported)' })).toBeVisible();
});

test('O2 scripted runs show no prompt time: the stand-in model measured nothing, and no prompt outlasts its run', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openFresh(page, '/');
  const evals = await openEvals(page);
  await chooseOnly(page, 'patch-one-line', ['reference', 'noop']);
  await evals.getByRole('button', { name: 'Run the suite' }).click();
  await expect(evals.getByRole('status')).toContainText('2 of 2 runs', { timeout: 60_000 });
  const table = evals.getByRole('table', { name: 'Eval comparison' });
  const cells = await table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );
  const [header, ...rows] = cells;
  expect(rows).toHaveLength(2);
  for (const row of rows) {
    expect(row[header.indexOf('prompt s')]).toBe('–');
    expect(row[header.indexOf('tokens read')]).toBe('–');
  }
});

test('O2 a run whose files passed although it ended on a limit says why, and so does an answer over failing files', async ({
  page,
}) => {
  await openFresh(page, '/');
  const evals = await openEvals(page);
  // A real sweep (Qwen2.5-Coder-0.5B): constrained · small wrote hello.txt right, then ran to its step limit.
  await evals.locator('input[type=file][accept*="jsonl"]').setInputFiles({
    name: 'results.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: readFileSync('evals/results/qwen-screen-0.5b.jsonl'),
  });
  const runs = evals.getByRole('table', { name: 'Eval runs' });
  const limited = runs.getByRole('row', { name: /create-file qwen2\.5-coder:0\.5b · constrained · small/ });
  await expect(limited).toContainText('pass');
  await expect(limited).toContainText('limit: the files passed the check, but the model never gave a final answer');
  const answered = runs.getByRole('row', { name: /create-file qwen2\.5-coder:0\.5b · native · default/ });
  await expect(answered).toContainText('final answer');
  await expect(answered).not.toContainText('never gave');
  const wrong = runs.getByRole('row', { name: /append-line qwen2\.5-coder:0\.5b · text · default/ });
  await expect(wrong).toContainText('final answer: the model said it was done, but its files failed the check');
  await expect(evals.getByText("is the task's check on the files a run left")).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/evals-run-notes-1280x800.png' });
});

test('O2 the Evals view opens on the project’s committed test-split results, never empty, and says which', async ({
  page,
}) => {
  await openFresh(page, '/');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Evals' }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const shown = evals.getByLabel('Shown results');
  await expect(shown).toContainText(/Showing evals\/results\/[\w.-]+\.jsonl, committed with the project/);
  const name = /evals\/results\/([\w.-]+)\.jsonl/.exec((await shown.textContent())!)![1];
  const plan = JSON.parse(readFileSync('evals/sweeps.json', 'utf8')) as { sweeps: { name: string; tasks: string[] }[] };
  expect(plan.sweeps.find((sweep) => sweep.name === name)?.tasks.some((task) => task.startsWith('test:'))).toBe(true);
  const rows = readFileSync(`evals/results/${name}.jsonl`, 'utf8').trim().split('\n').length;
  await expect(evals.getByRole('table', { name: 'Eval comparison' })).toContainText(`/${rows}`);
  // A committed run's session is not in the page: said in words, not shown as a bare path.
  await expect(evals.getByText('kept with the sweep, not in this page').first()).toBeVisible();
  // Another committed sweep, chosen by name.
  await evals.getByRole('combobox', { name: 'Committed results' }).selectOption('qwen-1.5b-greedy');
  await expect(shown).toContainText('qwen-1.5b-greedy.jsonl');
  await expect(shown).toContainText('temperature 0');
});
