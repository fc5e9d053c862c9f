/**
 * U3: a lesson's notes, written from its events (step-facts.ts) so they can never
 * contradict the step they sit on: what the model did and what the harness did about it, in
 * words (a call by its tool and target, a result by its first line), then, in fixed words a test
 * reads back, any compaction before the request, what the request shares with the previous one
 * and what the server's own figures say it read (reuse-story.ts, the Slots view's words too), and
 * any retry. Each note is tagged with a slot its request has. A step like an earlier one says so
 * briefly instead of repeating the paragraph.
 */
import type { HarnessEvent } from '../../harness/events';
import type { SlotName } from './five-slots';
import type { StepFacts } from './step-facts';
import { factsByStep } from './step-facts';
import { grouped, reuseStory } from './reuse-story';
import { actionWords } from '../harness-rules';

export interface DerivedNote {
  step: number;
  slot: SlotName;
  text: string;
}

/** One line of `text`, cut at a word (never mid-word) with an ellipsis when longer than `chars`. */
export function short(text: string, chars = 90): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= chars) return line;
  const cut = line.slice(0, chars - 1);
  const space = line[chars - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  const kept = space > chars * 0.6 ? cut.slice(0, space) : cut;
  return `${kept.replace(/[\s,;:(“"'-]+$/, '')}…`;
}

const has = (facts: StepFacts, reason: string) => facts.notices.some((notice) => notice.reason === reason);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A call in words: the tool's name (the class learns them) and what it was aimed at. */
export function describeCall(tool: string, args: Record<string, unknown>): string {
  const path = text(args.path);
  switch (tool) {
    case 'read_file':
    case 'patch_file':
      return path ? `${tool} on ${path}` : tool;
    case 'write_file':
      return path ? `write_file to ${path}` : tool;
    case 'list_files':
      return `list_files in ${path && path !== '.' ? path : 'the workspace'}`;
    case 'search':
      return `search for “${short(text(args.pattern) ?? '', 40)}”${path && path !== '.' ? ` in ${path}` : ''}`;
    case 'run_shell':
      return `run_shell with “${short(text(args.command) ?? '', 60)}”`;
    case 'delegate':
      return `delegate with the task “${short(text(args.task) ?? '', 60)}”`;
    default: {
      const [first] = Object.entries(args);
      return first
        ? `${tool} with ${first[0]} “${short(String(text(first[1]) ?? JSON.stringify(first[1])), 40)}”`
        : tool;
    }
  }
}

/** What a result said: the first line, whole or cut at a word, and how long it was. */
function resultWords(result: string | undefined): string {
  if (!result?.trim()) return '';
  const lines = result.trim().split('\n');
  const more = lines.length > 1 ? ` (${lines.length} lines)` : '';
  return `: “${short(lines[0] ?? '', 70)}”${more}`;
}

type Said = { slot?: SlotName; text: string };

function cutOrMalformed(facts: StepFacts): Said | undefined {
  if (has(facts, 'runaway'))
    return {
      slot: 'feedback',
      text:
        'the reply kept repeating itself while it streamed. The harness stopped it there instead of waiting ' +
        'for the output limit, ran none of it, and told the model; it counts as a format error',
    };
  if (has(facts, 'length')) {
    const what = facts.echo
      ? `the model recited its own system prompt (“${short(facts.reply ?? '', 50)}”) instead of acting`
      : 'the reply ran on';
    return {
      slot: 'instructions',
      text: `${what} and hit the output limit; the harness kept what came and told the model to resume with no recap`,
    };
  }
  if (facts.parse?.kind !== 'malformed') return undefined;
  const switched = has(facts, 'constrained-output')
    ? '. One miss too many: from the next request on, the harness asks for constrained output (a JSON Schema ' +
      'in the request), so every reply must be a valid JSON action'
    : '';
  return {
    text:
      `the reply could not be read as an action (${short(facts.parse.detail, 110)}). Nothing ran; the next ` +
      `request carries a notice saying what was wrong${switched}`,
  };
}

function toolsOrFinal(facts: StepFacts, workedBefore: boolean): Said {
  const repeated = facts.tools.find((entry) => /not run again|same arguments|same invalid/i.test(entry.result ?? ''));
  if (repeated)
    return {
      text:
        `the model asked for ${describeCall(repeated.tool, repeated.args)} exactly as before. The harness did ` +
        'not run it again; the refusal is what the model reads next',
    };
  const denied = facts.hooks.find((hook) => hook.decision === 'deny');
  if (facts.tools.length) {
    const said = facts.tools.map(
      (entry) =>
        `${describeCall(entry.tool, entry.args)}, which ${entry.ok ? 'worked' : 'failed'}${resultWords(entry.result)}`,
    );
    const recovered = facts.parse?.recovered
      ? ` The call was written as ${facts.parse.recovered}, and run as a call.`
      : '';
    const hook = denied ? ` A ${denied.point} hook denied it, with a reason the model reads.` : '';
    return {
      text: `the model called ${said.join('; then ')}.${recovered}${hook} The result is part of the next request`,
    };
  }
  if (facts.parse?.kind === 'final') {
    const checked = facts.check
      ? ` The done-check “${facts.check.command}” ${facts.check.passed ? 'passed' : 'failed'}.`
      : '';
    return {
      text:
        `a final answer — “${short(facts.parse.detail, 100)}”.${checked}` +
        (workedBefore ? '' : ' No tool call worked in this run, so nothing in it was checked'),
    };
  }
  return { text: short(facts.parse?.detail ?? 'no reply was kept', 120) };
}

/**
 * The slot of this step's request that the note is about: the task and rules on a session's
 * first request, what came back from the last actions on the others, the history when it was
 * compacted or files were added to it. Only a slot the request has (more than 0 characters).
 */
function noteSlot(facts: StepFacts, preferred: SlotName | undefined): SlotName {
  const sizes = facts.slots;
  const present = (slot: SlotName) => !sizes || sizes[slot] > 0;
  const order: SlotName[] = [
    ...(preferred ? [preferred] : []),
    ...(facts.compactions.length || has(facts, 'named-files') ? (['state'] as const) : []),
    ...(facts.step === 1 ? (['instructions'] as const) : (['feedback', 'state'] as const)),
    'instructions',
  ];
  return order.find(present) ?? 'instructions';
}

/** DESIGN 14: the rules that acted at this step, by id (the Harness view lists their principles): fixed words. */
function rulesActed(facts: StepFacts): string | undefined {
  if (facts.rules.length === 0) return undefined;
  const said = [...new Set(facts.rules.map((act) => `${act.rule} ${actionWords[act.action]}`))];
  return `Rules that acted (the Harness view): ${said.join('; ')}.`;
}

/** What happened to the history before the request, and what the request shares: fixed words. */
function context(facts: StepFacts): string {
  const parts: string[] = [];
  if (has(facts, 'named-files'))
    parts.push(
      'Before this request the harness put the files the task names after the task (the named-files rule), ' +
        'so the model did not have to read them first.',
    );
  for (const compaction of facts.compactions) {
    const fewer = `${grouped(Math.max(0, compaction.beforeChars - compaction.afterChars))} characters fewer`;
    parts.push(
      compaction.reason.includes('shortened')
        ? `Before this request older turns were shortened (${fewer}).`
        : `Before this request the history was compacted (${fewer}).`,
    );
  }
  const story = reuseStory(facts.step, facts.cache, facts.server);
  if (story) parts.push(story);
  if (facts.retries.length) parts.push(`The harness asked again: ${short(facts.retries[0], 100)}.`);
  const rules = rulesActed(facts);
  if (rules) parts.push(rules);
  return parts.join(' ');
}

export function notesFromEvents(events: readonly HarnessEvent[], sessionId: string): DerivedNote[] {
  let worked = false;
  const seen = new Map<string, number>();
  return factsByStep(events, sessionId).map((facts) => {
    const said = cutOrMalformed(facts) ?? toolsOrFinal(facts, worked);
    const slot = noteSlot(facts, said.slot);
    const text = said.text;
    worked ||= facts.tools.some((entry) => entry.ok);
    const first = seen.get(text);
    if (first === undefined) seen.set(text, facts.step);
    const main =
      first === undefined
        ? `Step ${facts.step}: ${text.endsWith('.') ? text : `${text}.`}`
        : `Step ${facts.step}: the same as at step ${first}.`;
    const extra = context(facts);
    return { step: facts.step, slot, text: extra ? `${main} ${extra}` : main };
  });
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The counts a lesson's summary would otherwise state by hand (and let drift): steps, tool calls,
 * compactions and how the run ended, all read from the events.
 */
export function lessonFigures(events: readonly HarnessEvent[], sessionId: string): string {
  const steps = factsByStep(events, sessionId);
  const calls = steps.flatMap((facts) => facts.tools);
  const compactions = steps.reduce((sum, facts) => sum + facts.compactions.length, 0);
  const finished = events.findLast((event) => event.type === 'run.finished' && event.sessionId === sessionId);
  const outcome = finished?.type === 'run.finished' ? finished.outcome : undefined;
  const ended =
    outcome?.kind === 'final'
      ? 'a final answer'
      : outcome?.kind === 'limit'
        ? `the ${outcome.limit} limit`
        : (outcome?.kind ?? 'no end recorded');
  return [
    plural(steps.length, 'step'),
    `${plural(calls.length, 'tool call')} (${calls.filter((call) => call.ok).length} worked)`,
    plural(compactions, 'compaction'),
    `ended by ${ended}`,
  ].join(' · ');
}

/** A lesson's notes file: the hand-written title and summary, and everything else from the events. */
export function lessonNotesFile(
  events: readonly HarnessEvent[],
  sessionId: string,
  words: { title: string; summary: string },
): { title: string; summary: string; figures: string; notes: DerivedNote[] } {
  return {
    title: words.title,
    summary: words.summary,
    figures: lessonFigures(events, sessionId),
    notes: notesFromEvents(events, sessionId),
  };
}
