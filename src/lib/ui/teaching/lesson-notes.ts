/**
 * U3: a lesson's notes, written from its events (step-facts.ts) so they can never
 * contradict the step they sit on: what the model did and what the harness did about it, then,
 * in fixed words a test reads back, any compaction before the request, whether the request
 * extends the previous one, and any retry. A step like an earlier one says so briefly instead of
 * repeating the paragraph.
 */
import type { HarnessEvent } from '../../harness/events';
import type { SlotName } from './five-slots';
import type { StepFacts } from './step-facts';
import { factsByStep } from './step-facts';

export interface DerivedNote {
  step: number;
  slot: SlotName;
  text: string;
}

const short = (text: string, chars = 90) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > chars ? `${line.slice(0, chars - 1)}…` : line;
};

const has = (facts: StepFacts, reason: string) => facts.notices.some((notice) => notice.reason === reason);

function cutOrMalformed(facts: StepFacts): { slot: SlotName; text: string } | undefined {
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
      text:
        `${what} and hit the output limit; ` +
        'the harness kept what came and told the model to resume with no recap (R2)',
    };
  }
  if (facts.parse?.kind !== 'malformed') return undefined;
  const switched = has(facts, 'constrained-output')
    ? '. One miss too many: from the next request on, the harness asks for constrained output (a JSON Schema ' +
      'in the request), so every reply must be a valid JSON action'
    : '';
  return {
    slot: switched ? 'tools' : 'feedback',
    text:
      `the reply could not be parsed (${short(facts.parse.detail, 110)}). Nothing ran; the next request carries ` +
      `a notice saying what was wrong — the feedback slot${switched}`,
  };
}

function toolsOrFinal(facts: StepFacts, workedBefore: boolean): { slot: SlotName; text: string } {
  const repeated = facts.tools.find((entry) => /not run again|same arguments|same invalid/i.test(entry.result ?? ''));
  if (repeated)
    return {
      slot: 'feedback',
      text:
        `the model asked for ${repeated.tool} exactly as before. The harness did not run it again (T5); ` +
        'the refusal is the feedback it reads next',
    };
  const denied = facts.hooks.find((hook) => hook.decision === 'deny');
  if (facts.tools.length) {
    const said = facts.tools.map(
      (entry) =>
        `${entry.tool} ${short(JSON.stringify(entry.args), 60)} ${entry.ok ? 'worked' : 'failed'}` +
        (entry.result ? ` (“${short(entry.result, 70)}”)` : ''),
    );
    const recovered = facts.parse?.recovered
      ? ` The call was written as ${facts.parse.recovered}, and run as a call.`
      : '';
    const hook = denied ? ` A ${denied.point} hook denied it, with a reason the model reads.` : '';
    return {
      slot: facts.tools.some((entry) => entry.ok) ? 'state' : 'feedback',
      text: `${said.join('; ')}.${recovered}${hook} The result joins what the next step reads`,
    };
  }
  if (facts.parse?.kind === 'final') {
    const checked = facts.check
      ? ` The done-check \`${facts.check.command}\` ${facts.check.passed ? 'passed' : 'failed'}.`
      : '';
    return {
      slot: 'instructions',
      text:
        `a final answer — “${short(facts.parse.detail, 100)}”.${checked}` +
        (workedBefore ? '' : ' No tool call worked in this run, so nothing in it was checked (O4)'),
    };
  }
  return { slot: 'state', text: short(facts.parse?.detail ?? 'no reply was kept', 120) };
}

/** The request's relation to the one before, and what happened to the history first: fixed words. */
function context(facts: StepFacts): string {
  const parts: string[] = [];
  if (has(facts, 'named-files'))
    parts.push(
      'Before this request the harness put the files the task names after the task (the small profile), ' +
        'so the model did not have to read them first.',
    );
  for (const compaction of facts.compactions) {
    const sizes = `${compaction.beforeChars} → ${compaction.afterChars} characters`;
    parts.push(
      compaction.reason.includes('shortened')
        ? `Before this request older turns were shortened (${sizes}).`
        : `Before this request the history was compacted (${sizes}).`,
    );
  }
  const cache = facts.cache;
  if (facts.step > 1 && cache?.firstDifference !== undefined)
    parts.push(
      `The request stops sharing its start with the previous one at character ${cache.firstDifference} of ` +
        `${cache.total}${facts.prefixBreak ? ` (${facts.prefixBreak.split(':')[0]})` : ''}: the server reads ` +
        'it again from there.',
    );
  else if (facts.step > 1 && cache)
    parts.push(
      `The request extends the previous one: all ${cache.reused} characters before the new ones are reused ` +
        `from the server’s cache; ${cache.total - cache.reused} are read.`,
    );
  if (facts.retries.length) parts.push(`The harness asked again: ${short(facts.retries[0], 100)}.`);
  return parts.join(' ');
}

export function notesFromEvents(events: readonly HarnessEvent[], sessionId: string): DerivedNote[] {
  let worked = false;
  const said = new Map<string, number>();
  return factsByStep(events, sessionId).map((facts) => {
    const { slot, text } = cutOrMalformed(facts) ?? toolsOrFinal(facts, worked);
    worked ||= facts.tools.some((entry) => entry.ok);
    const first = said.get(text);
    if (first === undefined) said.set(text, facts.step);
    const main =
      first === undefined
        ? `Step ${facts.step}: ${text.endsWith('.') ? text : `${text}.`}`
        : `Step ${facts.step}: as at step ${first} — ${short(text, 80)}`;
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
