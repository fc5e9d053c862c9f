/**
 * O2, U5 in the page: the suite runs in the browser, its table and charts show, each run's
 * session opens with a click, two runs compare step by step, and a results.jsonl from the
 * headless runner reads into the very same table.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { expect, openFresh, test } from './fixtures';
import { parseResults } from '../../src/lib/evals/results-file';
import { summarize, summaryRows, taskRows } from '../../src/lib/evals/eval-summary';
import { loadEvals } from '../../src/cli/load-evals';

const chosen = ['patch-one-line', 'edit-markup', 'refuse-unsafe'];
const suite = loadEvals('evals');
const tuning = suite.filter((task) => (task.split ?? 'tuning') === 'tuning');

test('O2 U5 the suite runs in the page: table, charts, sessions one click away, two runs compared', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The charts are rebuilt after every run while the suite runs: none of those builds may throw.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openFresh(page, '/?sample=failing-test');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Evals' }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const tasks = evals.getByRole('group', { name: /Tasks/ });
  // O5: the tuning split is listed first; O2: one click picks a rung of it.
  await expect(tasks.getByRole('checkbox')).toHaveCount(tuning.length);
  await tasks.getByRole('button', { name: 'Rung 1 only' }).click();
  await expect(tasks.getByRole('checkbox', { checked: true })).toHaveCount(
    tuning.filter((task) => task.rung === 1).length,
  );
  await expect(tasks.getByRole('checkbox', { name: / create-file$/ })).toBeChecked();
  // Every split, each listed with its count; the ids tell a family's variants apart.
  await tasks.getByRole('combobox', { name: 'Task split' }).selectOption('all');
  await expect(tasks.getByRole('checkbox')).toHaveCount(suite.length);
  await tasks.getByRole('button', { name: 'None', exact: true }).click();
  for (const id of chosen) await tasks.getByRole('checkbox', { name: new RegExp(` ${id}$`) }).check();
  await evals.getByRole('button', { name: 'Run the suite' }).click();
  await expect(evals.getByRole('status')).toContainText('6 of 6 runs', { timeout: 150_000 });
  const table = evals.getByRole('table', { name: 'Eval comparison' });
  await expect(table.getByRole('row', { name: /reference text default 3\/3 100%/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /noop text default 0\/3 0%/ })).toBeVisible();
  // O2: 3 of 3 against 0 of 3 is not a difference the intervals can vouch for.
  await expect(evals.getByRole('list', { name: 'Which configurations differ' })).toContainText(
    'reference · text · default and noop · text · default: not distinguishable at this many runs',
  );
  await expect(evals.getByLabel('Chart: pass rate per configuration')).toBeVisible();
  await expect(evals.getByLabel('Chart: steps per run')).toBeVisible();
  // #12: the 100% and 0% configurations sit on the chart's edges: their dots are drawn whole. Each
  // blob of a configuration's colour (its dot, its legend box) is as tall as a whole dot, not half.
  // The charts draw once their module has loaded: wait for the dots.
  const scatter = evals.getByLabel('Chart: tokens against pass rate');
  await expect
    .poll(async () =>
      (await scatter.evaluate(colourBlobHeights, ['--series-1', '--series-2'])).map((dots) => dots.length),
    )
    .toEqual([1, 1]); // a dot each, the interval's line not cutting it in two
  for (const heights of await scatter.evaluate(colourBlobHeights, ['--series-1', '--series-2']))
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(9);
  // a colour is one configuration in every chart (reference the first, noop the second),
  // never a rung in one chart and a configuration in the next, and never the pass/fail colours;
  // one legend above the charts names them.
  await expect(evals.getByRole('list', { name: 'Configurations in the charts' }).getByRole('listitem')).toHaveText([
    'reference · text · default · 3/3',
    'noop · text · default · 0/3',
  ]);
  // The pass rates carry their 95% intervals: lines in the text colour, which no label uses.
  const charts = [
    'Chart: pass rate per configuration, by rung',
    'Chart: tokens against pass rate',
    'Chart: steps per run',
  ];
  const colours = ['--series-1', '--series-2', '--series-3', '--series-4', '--ok', '--bad', '--warn', '--fg'];
  for (const name of charts) {
    const [first, second, third, fourth, ok, bad, warn, fg] = await evals
      .getByLabel(name)
      .evaluate(colourPixelCounts, colours);
    expect(first, `${name}: reference's colour`).toBeGreaterThan(40);
    // noop passed nothing: its bars have no length, but its dot and its steps are drawn.
    if (name !== 'Chart: pass rate per configuration, by rung')
      expect(second, `${name}: noop's colour`).toBeGreaterThan(40);
    expect(third + fourth + ok + bad + warn, `${name}: colours of no configuration`).toBeLessThan(20);
    if (name !== 'Chart: steps per run') expect(fg, `${name}: interval lines`).toBeGreaterThan(40);
  }

  expect(errors).toEqual([]);
  const runs = evals.getByRole('table', { name: 'Eval runs' });
  await runs.getByLabel('Compare patch-one-line|reference|text|default|1').check();
  // The second pick opens the comparison at once.
  await runs.getByLabel('Compare patch-one-line|noop|text|default|1').click();
  const compare = page.getByRole('region', { name: 'Compare runs' });
  await expect(compare.getByRole('status')).toContainText('They first did different things at step 1.');
  await expect(compare.getByRole('table', { name: 'Aligned steps' })).toContainText('read_file {"path":"src/pager.js"');
  // Both sent step 1's request alike; the noop run's "done" stood (the default pack has no test
  // check of its own), so it made no second request to differ.
  await expect(compare).toContainText('(the requests are the same at every step both made)');
  await compare.getByLabel('Diff step').fill('1');
  await expect(compare).toContainText('The requests at step 1 are identical.');

  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Evals' }).click();
  await runs
    .getByRole('row', { name: /edit-markup reference/ })
    .getByRole('button', { name: 'Open' })
    .click();
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('<title>Harness Demo</title>');
  await page.screenshot({ path: 'test-results/screenshots/evals-opened-run.png' });
  // O2: the table lasts through a reload, and eval runs sit apart from the person's own sessions.
  await expect(page.getByRole('list', { name: 'Sessions' })).not.toContainText('eval:');
  await expect(page.getByText('Eval runs (6)')).toBeVisible();
  // #7: an eval run's title is its own, on one line, never a clipped task ("…[82 chars elided]…").
  await expect(page.getByRole('region', { name: 'Sessions' })).not.toContainText('elided');
  await page.reload();
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Evals' }).click();
  await expect(table.getByRole('row', { name: /reference text default 3\/3 100%/ })).toBeVisible();
  await expect(runs.getByRole('row')).toHaveCount(7);
});

test('O5 the page runs an ablation arm: the packs are presets, and a run in one is in that pack', async ({ page }) => {
  await openFresh(page, '/');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Evals' }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const presets = evals.getByRole('group', { name: 'Presets' });
  for (const pack of ['bare', 'pile', 'qwen2.5-coder-1.5b']) await expect(presets.getByLabel(pack)).toBeVisible();
  await presets.getByLabel('default').uncheck();
  await presets.getByLabel('bare').check();
  await evals.getByRole('group', { name: 'Models' }).getByLabel('do-nothing model').uncheck();
  const tasks = evals.getByRole('group', { name: /Tasks/ });
  await tasks.getByRole('button', { name: 'None', exact: true }).click();
  await tasks.getByRole('checkbox', { name: / create-file$/ }).check();
  await evals.getByRole('button', { name: 'Run the suite' }).click();
  await expect(evals.getByRole('status')).toContainText('1 of 1 runs', { timeout: 60_000 });
  await expect(
    evals.getByRole('table', { name: 'Eval comparison' }).getByRole('row', { name: /reference text bare 1\/1/ }),
  ).toBeVisible();
});

test('O2 a results.jsonl from npm run eval shows in the page as the same table', async ({ page }) => {
  const out = mkdtempSync(path.join(tmpdir(), 'harness-eval-page-'));
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/eval.ts',
      '--reference',
      '--noop',
      '--tasks',
      'locate-bug,use-search,step-budget',
      '--repeat',
      '2',
      '--out',
      out,
    ],
    { stdio: 'ignore' },
  );
  const file = readFileSync(path.join(out, 'results.jsonl'), 'utf8');
  const expected = summaryRows(summarize(parseResults(file).results));
  await openFresh(page, '/');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Evals' }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  await evals
    .locator('input[type=file][accept*="jsonl"]')
    .setInputFiles({ name: 'results.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(file) });
  const table = evals.getByRole('table', { name: 'Eval comparison' });
  await expect(table.getByRole('row')).toHaveCount(expected.length);
  const cells = await table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );
  expect(cells).toEqual(expected);
  // Per task: the same rows as the headless runner prints under its table.
  const perTask = await evals
    .getByRole('table', { name: 'Eval tasks' })
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );
  expect(perTask).toEqual(taskRows(summarize(parseResults(file).results)));
  await page.screenshot({ path: 'test-results/screenshots/evals-imported.png', fullPage: true });
});

test('U5 O2 a sweep imported with its sessions (a zip of results.jsonl + sessions/): every run opens and compares', async ({
  page,
}) => {
  const out = mkdtempSync(path.join(tmpdir(), 'harness-eval-bundle-'));
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/eval.ts', '--reference', '--noop', '--tasks', 'patch-one-line', '--out', out],
    { stdio: 'ignore' },
  );
  const entries: Record<string, Uint8Array> = { 'sweep/results.jsonl': readFileSync(path.join(out, 'results.jsonl')) };
  for (const name of readdirSync(path.join(out, 'sessions')))
    entries[`sweep/sessions/${name}`] = readFileSync(path.join(out, 'sessions', name));
  await openFresh(page, '/');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Evals' }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  await evals
    .locator('input[type=file][accept*="zip"]')
    .setInputFiles({ name: 'sweep.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(entries)) });
  const runs = evals.getByRole('table', { name: 'Eval runs' });
  await expect(runs.getByRole('button', { name: 'Open' })).toHaveCount(2);
  await expect(evals.getByRole('heading', { name: 'Runs (imported)' })).toBeVisible();
  await runs.getByLabel('Compare patch-one-line|reference|text|default|1').check();
  await runs.getByLabel('Compare patch-one-line|noop|text|default|1').click();
  const compare = page.getByRole('region', { name: 'Compare runs' });
  await expect(compare.getByRole('status')).toContainText('They first did different things at step 1.');
  await page.screenshot({ path: 'test-results/screenshots/evals-imported-sweep-1280x800.png' });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Evals' }).click();
  await runs.getByRole('row', { name: /noop/ }).getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('done');
  // An opened run's last reply is shown as the model wrote it, not "(none yet)".
  await expect(page.getByLabel('Raw model output')).toHaveText('<final>done</final>');
  await page.screenshot({ path: 'test-results/screenshots/evals-imported-run-1024x700.png' });
});

/** In a canvas: how many pixels are (nearly) each CSS colour named. Runs in the page. */
function colourPixelCounts(canvas: HTMLCanvasElement, names: string[]): number[] {
  const { width, height } = canvas;
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
  const style = getComputedStyle(document.documentElement);
  return names.map((name) => {
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = style.getPropertyValue(name).trim();
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    let count = 0;
    for (let index = 0; index < pixels.length; index += 4)
      if (
        pixels[index + 3] > 200 &&
        Math.abs(pixels[index] - r) + Math.abs(pixels[index + 1] - g) + Math.abs(pixels[index + 2] - b) < 40
      )
        count++;
    return count;
  });
}

/** In a canvas: the heights of the connected blobs (20+ pixels) of each CSS colour named. Runs in the page. */
function colourBlobHeights(canvas: HTMLCanvasElement, names: string[]): number[][] {
  const { width, height } = canvas;
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
  const style = getComputedStyle(document.documentElement);
  return names.map((name) => {
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = style.getPropertyValue(name).trim();
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    const near = (index: number) =>
      pixels[index + 3] > 200 &&
      Math.abs(pixels[index] - r) + Math.abs(pixels[index + 1] - g) + Math.abs(pixels[index + 2] - b) < 60;
    const seen = new Uint8Array(width * height);
    const heights: number[] = [];
    for (let start = 0; start < width * height; start++) {
      if (seen[start] || !near(start * 4)) continue;
      let top = height;
      let bottom = 0;
      let count = 0;
      const stack = [start];
      seen[start] = 1;
      while (stack.length) {
        const at = stack.pop()!;
        const [x, y] = [at % width, Math.floor(at / width)];
        [top, bottom, count] = [Math.min(top, y), Math.max(bottom, y), count + 1];
        for (const next of [at - 1, at + 1, at - width, at + width])
          if (
            next >= 0 &&
            next < width * height &&
            !seen[next] &&
            Math.abs((next % width) - x) <= 1 &&
            near(next * 4)
          ) {
            seen[next] = 1;
            stack.push(next);
          }
      }
      if (count >= 20) heights.push(bottom - top + 1);
    }
    return heights;
  });
}
