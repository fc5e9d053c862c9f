/** O2: docs/measurements.md is written whole from the committed results; nothing in it is typed. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { measurementsDoc, measurementsFile } from '../../../scripts/measurements-doc';
import { resultsFiles } from '../../../scripts/results-files';

describe('O2 the measurements document', () => {
  it('O2 docs/measurements.md is what scripts/measurements-doc.ts writes from the results files', () => {
    expect(readFileSync(measurementsFile, 'utf8'), 'run npx tsx scripts/measurements-doc.ts').toBe(measurementsDoc());
  });

  it('O2 every committed results file has its section, with its pass count and the commit its runs name', () => {
    const doc = measurementsDoc();
    for (const { name, results } of resultsFiles()) {
      const section = doc.split(`\n## ${name}\n`)[1]?.split('\n## ')[0];
      expect(section, name).toBeDefined();
      const passed = results.filter((result) => !result.crashed && result.passed).length;
      expect(section).toContain(`passed ${passed} of ${results.filter((result) => !result.crashed).length} (`);
      const commit = results.find((result) => result.harness)?.harness;
      if (commit) expect(section).toContain(`\`${commit}\``);
    }
  });

  it('O2 a sweep planned and not run is listed as such, not as a figure', () => {
    const doc = measurementsDoc();
    const planned = JSON.parse(readFileSync('evals/sweeps.json', 'utf8')) as { sweeps: { name: string }[] };
    const committed = new Set(resultsFiles().map((file) => file.name));
    const notRun = doc.split('\n## Planned, not run yet\n')[1]?.split('\n## ')[0] ?? '';
    for (const { name } of planned.sweeps)
      if (!committed.has(name)) expect(notRun, name).toContain(`- ${name}: `);
      else expect(notRun, name).not.toContain(`- ${name}: `);
  });
});
