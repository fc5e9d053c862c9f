/**
 * Writes docs/rules.md from the committed results of the ablation sweeps (evals/sweeps.json entries
 * with an "ablation" field): each arm's pass rate per rung with its interval, from the bare and
 * pile arms each rule's evidence and verdict, and from a trial arm (the kept set plus rules, a pack
 * expression such as "default+asked-file") against the kept arm, whether those rules join
 * (src/lib/evals/rule-evidence.ts). Nothing in it is typed by hand; a unit test checks that the
 * file matches: `npx tsx scripts/rules-table.ts`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseResults } from '../src/lib/evals/results-file';
import type { EvalResult } from '../src/lib/evals/eval-result';
import { armFigures, ruleEvidence, taskWins } from '../src/lib/evals/rule-evidence';
import type { ArmFigures } from '../src/lib/evals/rule-evidence';
import { textTable } from '../src/lib/evals/eval-summary';
import { addedRules, allRules, packs } from '../src/lib/harness/rule-packs';

export const rulesDoc = 'docs/rules.md';

/** The group whose verdicts make the default pack (the model the rules were tuned on). */
export const decidingGroup = 'Qwen2.5-Coder-1.5B, dev split';

export interface Arm {
  name: string;
  group: string;
  arm: string;
  why: string;
  /** The pack (or pack expression) the arm ran: its first preset. */
  pack: string;
  /** A trial's change, in a few words. */
  change?: string;
  /**
   * A trial's baseline: the arm (a sweep of the same group) that ran the pack the trial changes.
   * Absent: the group's kept arm. Once a trial has added a rule, later trials are judged against it.
   */
  against?: string;
  results?: EvalResult[];
}

/** The ablation arms planned in evals/sweeps.json, each with its results when committed. */
export function ablationArms(): Arm[] {
  const plan = JSON.parse(readFileSync('evals/sweeps.json', 'utf8')) as {
    sweeps: {
      name: string;
      why: string;
      presets: string[];
      ablation?: { group: string; arm: string; change?: string; against?: string };
    }[];
  };
  return plan.sweeps.flatMap((sweep) => {
    if (!sweep.ablation) return [];
    const file = `evals/results/${sweep.name}.jsonl`;
    const results = existsSync(file) ? parseResults(readFileSync(file, 'utf8')).results : undefined;
    const arm = { name: sweep.name, ...sweep.ablation, why: sweep.why, pack: sweep.presets[0] ?? 'default' };
    return [{ ...arm, ...(results ? { results } : {}) }];
  });
}

const percent = (value: number) => `${Math.round(value * 100)}%`;
const rate = (cell: { passed: number; runs: number; interval: { low: number; high: number } } | undefined) =>
  cell ? `${cell.passed}/${cell.runs} (${percent(cell.interval.low)}–${percent(cell.interval.high)})` : '–';

function armTable(arms: Arm[]): string {
  const rows = [['group', 'arm', 'sweep', 'runs', 'passed (95% interval)', 'rung 1', 'rung 2']];
  for (const arm of arms) {
    const figures: ArmFigures | undefined = arm.results ? armFigures(arm.results) : undefined;
    rows.push([
      arm.group,
      arm.arm,
      arm.name,
      figures ? String(figures.runs) : 'not run yet',
      figures ? rate({ passed: figures.passed, runs: figures.runs, interval: figures.interval }) : '–',
      rate(figures?.byRung[1]),
      rate(figures?.byRung[2]),
    ]);
  }
  return textTable(rows);
}

/** Each pile rule's evidence in one ablation group; undefined while its bare and pile arms are not both committed. */
export function groupEvidence(arms: Arm[], group: string) {
  const bare = arms.find((arm) => arm.group === group && arm.arm === 'bare')?.results;
  const pile = arms.find((arm) => arm.group === group && arm.arm === 'pile')?.results;
  if (!bare || !pile) return undefined;
  const pack = allRules.filter((rule) => rule.layer === 'pack' && packs.pile?.includes(rule.id));
  return { pile, evidence: ruleEvidence(pack, pile, bare) };
}

/**
 * The trials of one group: each trial arm ran its baseline's pack plus some rules (the rules its pack
 * expression adds), and each added rule is judged against the baseline arm (the group's kept arm,
 * or the arm the trial names) by the ablation's criterion (more wins than losses over the tasks where
 * it acted). A trial whose baseline is not committed is not judged. A rule a trial keeps joins the
 * default pack when the group is the deciding one.
 */
export function groupTrials(arms: Arm[], group: string) {
  const inGroup = arms.filter((arm) => arm.group === group);
  const kept = inGroup.find((arm) => arm.arm === 'kept');
  return inGroup.flatMap((arm) => {
    if (arm.arm !== 'trial' || !arm.results) return [];
    const baseline = arm.against === undefined ? kept : inGroup.find((other) => other.name === arm.against);
    if (!baseline?.results) return [];
    const added = addedRules(arm.pack);
    const rules = allRules.filter((rule) => added.includes(rule.id));
    const against = baseline.results;
    return [
      {
        arm,
        baseline: baseline.name,
        against,
        whole: taskWins(arm.results, against),
        evidence: ruleEvidence(rules, arm.results, against),
      },
    ];
  });
}

/** The rules the deciding group's trials kept: they join the default pack. */
export function joinedByTrials(arms: Arm[]): string[] {
  return groupTrials(arms, decidingGroup).flatMap(({ evidence }) =>
    evidence.filter((entry) => entry.verdict === 'kept').map((entry) => entry.id),
  );
}

export function trialTable(arms: Arm[], group: string): string[] {
  const trials = groupTrials(arms, group);
  if (trials.length === 0) return [];
  const whole = [
    ['trial', 'change', 'passed', 'against', 'it passed', 'task wins', 'task losses', 'whole arm', 'pack @ harness'],
  ];
  for (const { arm, baseline, against, whole: tally } of trials)
    whole.push([
      arm.name,
      arm.change ?? '–',
      `${arm.results!.filter((result) => result.passed).length} of ${arm.results!.length}`,
      baseline,
      `${against.filter((result) => result.passed).length} of ${against.length}`,
      String(tally.wins),
      String(tally.losses),
      tally.wins > tally.losses ? 'helps' : 'no help shown',
      `${arm.pack} @ ${arm.results![0]?.harness ?? '?'}`,
    ]);
  const rows = [['trial', 'rule', 'acted in (runs)', 'passed when acted', 'wins', 'losses', 'verdict']];
  for (const { arm, evidence } of trials)
    for (const entry of evidence)
      rows.push([
        arm.name,
        entry.id,
        `${entry.actedIn} of ${arm.results!.length}`,
        `${entry.passedWhenActed} of ${entry.actedIn}`,
        String(entry.wins),
        String(entry.losses),
        // Only the deciding group's trials change the pack; another model's say whether the rule holds on it.
        group !== decidingGroup
          ? `${entry.verdict === 'kept' ? 'holds here' : 'no help shown here'}: ${entry.why}`
          : `${entry.verdict === 'kept' ? 'joins' : 'stays out'}: ${entry.why}`,
      ]);
  return [
    `### Trials, ${group}`,
    '',
    'A trial runs the default pack of its day with one change — a rule added (often one revised since the',
    'pile arm ran, so its row above measured an earlier version), or a tool or loop change on a later',
    'commit — on the same tasks, and judges it against the arm that ran that pack ("against": the kept',
    'arm, or a trial whose rule joined since) by the same criterion: a win is a task that passed in the',
    'trial and failed in that arm (a loss the reverse); a change stays only with more wins than losses.',
    'An added rule is judged over the tasks where it acted; a tool or loop change over all tasks (one',
    'that shows no help is taken out again: its results stay here, its code does not).',
    '',
    '```text',
    textTable(whole),
    '```',
    '',
    ...(rows.length > 1 ? ['```text', textTable(rows), '```', ''] : []),
  ];
}

function evidenceTable(arms: Arm[], group: string): string {
  const found = groupEvidence(arms, group);
  if (!found) return `The bare and pile arms of "${group}" are not both committed yet.`;
  const { pile, evidence } = found;
  const rows = [['rule', 'acted in (runs)', 'passed when acted', 'wins', 'losses', 'verdict', 'principle']];
  for (const entry of evidence)
    rows.push([
      entry.id,
      `${entry.actedIn} of ${pile.length}`,
      `${entry.passedWhenActed} of ${entry.actedIn}`,
      String(entry.wins),
      String(entry.losses),
      `${entry.verdict}: ${entry.why}`,
      entry.principle,
    ]);
  return textTable(rows);
}

/**
 * What a group's verdicts mean: only the deciding group's make the default pack; another model's
 * show whether the rules hold on it. A group where no arm passed a run cannot tell rules apart.
 */
export function groupNote(arms: Arm[], group: string): string[] {
  const lines =
    group === decidingGroup
      ? ['These verdicts, and those of the trials below, make the default pack.']
      : [
          `The default pack follows the verdicts of "${decidingGroup}"; here the same criterion is applied to this`,
          'model alone, to see whether the rules hold on a model they were not tuned on.',
        ];
  const done = arms.filter((arm) => arm.group === group && arm.results);
  if (done.length > 0 && done.every((arm) => arm.results!.every((result) => !result.passed)))
    lines.push(
      `No arm passed a run (${done.map((arm) => `${arm.arm} 0 of ${arm.results!.length}`).join(', ')}): at the floor,`,
      'this ablation cannot tell the rules apart, and a "moved" below says no more than that.',
    );
  return [...lines, ''];
}

export function rulesMarkdown(): string {
  const arms = ablationArms();
  const groups = [...new Set(arms.map((arm) => arm.group))];
  const core = allRules.filter((rule) => rule.layer === 'core');
  const packList = Object.entries(packs)
    .map(([name, ids]) => `- \`${name}\`: ${ids.length ? ids.map((id) => `\`${id}\``).join(', ') : '(no rule)'}`)
    .join('\n');
  return [
    "# The harness's rules, and whether each earns its place",
    '',
    '<!-- Generated by scripts/rules-table.ts from evals/sweeps.json and evals/results; do not edit. -->',
    '',
    'A rule is a value with a name, a one-sentence principle, the points where it acts and the facts it',
    'reads (src/lib/harness/rules/). Core rules are part of the loop. Pack rules are heuristics a pack',
    'lists; an ablation on the dev split (never the test split) decides which stay in the default pack:',
    'the same tasks run with no pack rule ("bare"), with every one ("pile"), and with the kept set ("kept").',
    '',
    '## The arms',
    '',
    '```text',
    armTable(arms),
    '```',
    '',
    ...groups.flatMap((group) => [
      `## Each rule, ${group}`,
      '',
      ...groupNote(arms, group),
      'Acted in: runs of the pile arm where the rule acted at least once. A win: a task that passed with',
      'the pile and failed bare, among the tasks where the rule acted (a loss: the reverse). The criterion,',
      'fixed before the results were read: a rule stays only with more wins than losses; a rule that never',
      'acted, or shows no more wins than losses, moves to an opt-in pack named for the model it was tuned on.',
      'A win belongs to the pile, not to one rule: the kept arm tests the set as a whole.',
      '',
      '```text',
      evidenceTable(arms, group),
      '```',
      '',
      ...trialTable(arms, group),
    ]),
    '## The core rules',
    '',
    ...core.map((rule) => `- \`${rule.id}\`: ${rule.principle}`),
    '',
    '## The packs',
    '',
    packList,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(rulesDoc, rulesMarkdown());
  console.log(`wrote ${rulesDoc}`);
}
