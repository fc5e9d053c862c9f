/**
 * U3: a note for every step of a lesson recorded from a real model, read from its events — what
 * the model did and what the harness did about it — so a re-recording (whose steps differ) comes
 * with notes that match it. Scripted lessons keep hand-written notes.
 */
import type { HarnessEvent } from '../src/lib/harness/events';
import type { SlotName } from '../src/lib/ui/teaching/five-slots';

export interface DerivedNote {
  step: number;
  slot: SlotName;
  text: string;
}

const short = (text: string, chars = 90) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > chars ? `${line.slice(0, chars - 1)}…` : line;
};

interface StepFacts {
  step: number;
  parse?: { kind: string; detail: string };
  tools: { tool: string; args: Record<string, unknown>; ok?: boolean; result?: string }[];
  notices: { reason: string; content: string }[];
  compaction?: { beforeChars: number; afterChars: number; reason: string };
  numCtx?: number;
  outputTokens?: number;
  retries: string[];
  reply?: string;
  echo?: boolean;
}

function factsByStep(events: readonly HarnessEvent[]): StepFacts[] {
  const steps: StepFacts[] = [];
  let pendingCompaction: StepFacts['compaction'];
  let system = '';
  for (const event of events) {
    if (event.type === 'request.messages' && event.keep === 0 && event.added[0]?.role === 'system')
      system = event.added[0].content;
    if (event.type === 'compaction') pendingCompaction = event;
    if (event.type === 'request.sent') {
      steps.push({ step: steps.length + 1, tools: [], notices: [], retries: [], numCtx: event.options.numCtx });
      if (pendingCompaction) steps.at(-1)!.compaction = pendingCompaction;
      pendingCompaction = undefined;
    }
    const current = steps.at(-1);
    if (!current) continue;
    if (event.type === 'response.done') current.outputTokens = event.stats.evalCount;
    if (event.type === 'retry') current.retries.push(event.reason);
    if (event.type === 'history.appended' && event.item.kind === 'assistant') {
      current.reply = event.item.content;
      // A small model that recites its system prompt instead of acting: worth naming.
      const lines = system.split('\n').filter((line) => line.trim().length >= 30);
      if (lines.filter((line) => event.item.content.includes(line.trim())).length >= 2) current.echo = true;
    }
    if (event.type === 'parse.result') current.parse = { kind: event.kind, detail: event.detail };
    if (event.type === 'tool.started') current.tools.push({ tool: event.tool, args: event.args });
    if (event.type === 'history.appended' && event.item.kind === 'tool') {
      const { name, args, ok, content } = event.item;
      const card = current.tools.find((entry) => entry.tool === name && entry.result === undefined);
      if (card) Object.assign(card, { ok, result: content });
      else current.tools.push({ tool: name, args, ok, result: content });
    }
    if (event.type === 'history.appended' && event.item.kind === 'notice')
      current.notices.push({ reason: event.item.reason, content: event.item.content });
  }
  return steps;
}

function main(facts: StepFacts, workedBefore: boolean): { slot: SlotName; text: string } {
  const { step } = facts;
  const has = (reason: string) => facts.notices.some((notice) => notice.reason === reason);
  if (has('runaway'))
    return {
      slot: 'feedback',
      text:
        `Step ${step}: the reply kept repeating itself while it streamed. The harness stopped it there ` +
        `instead of waiting for num_predict (U5), kept none of it as an action, and told the model; ` +
        `it counts as a format error.`,
    };
  if (has('length')) {
    const what = facts.echo
      ? 'the model recited its own system prompt back (“' + short(facts.reply ?? '', 50) + '”) instead of acting'
      : 'the reply ran on';
    const retried = facts.retries.length ? ` The harness asked again with more room (${facts.retries[0]});` : '';
    return {
      slot: 'instructions',
      text:
        `Step ${step}: ${what} and hit the output limit.${retried} cut again, it kept what came and ` +
        `told the model it was cut off and to resume with no recap (R2).`,
    };
  }
  if (facts.parse?.kind === 'malformed') {
    const switched = has('constrained-output')
      ? ' That was one miss too many: from the next request on, the harness asks for constrained output ' +
        '(a JSON Schema in the request), so every reply must be a valid JSON action.'
      : '';
    return {
      slot: switched ? 'tools' : 'feedback',
      text:
        `Step ${step}: the reply could not be parsed (${short(facts.parse.detail, 120)}). Nothing ran; the ` +
        `next request carries a notice saying what was wrong — the feedback slot.${switched}`,
    };
  }
  const repeated = facts.tools.find((entry) => /not run again|same arguments/i.test(entry.result ?? ''));
  if (repeated || has('repeated-call'))
    return {
      slot: 'feedback',
      text:
        `Step ${step}: the model asked for ${repeated?.tool ?? 'a call'} with the same arguments again — a small ` +
        `model looping. The harness did not run it again (T5); the refusal is the feedback it reads next.`,
    };
  if (facts.tools.length) {
    const described = facts.tools.map(
      (entry) =>
        `${entry.tool} ${short(JSON.stringify(entry.args), 60)} ${entry.ok ? 'worked' : 'failed'}` +
        (entry.result ? ` (“${short(entry.result, 70)}”)` : ''),
    );
    return {
      slot: facts.tools.some((entry) => entry.ok) ? 'state' : 'feedback',
      text: `Step ${step}: ${described.join('; ')}. The result joins the conversation the next step reads.`,
    };
  }
  if (facts.parse?.kind === 'final')
    return {
      slot: 'instructions',
      text:
        `Step ${step}: a final answer — “${short(facts.parse.detail, 100)}”.` +
        (workedBefore ? '' : ' No tool call worked in this run, so nothing in it was checked (O4).'),
    };
  return { slot: 'state', text: `Step ${step}: ${short(facts.parse?.detail ?? 'no reply was kept', 120)}.` };
}

export function notesFromEvents(events: readonly HarnessEvent[]): DerivedNote[] {
  let worked = false;
  return factsByStep(events).map((facts) => {
    const { slot, text } = main(facts, worked);
    worked ||= facts.tools.some((entry) => entry.ok);
    const compacted = facts.compaction
      ? ` Before this request the history no longer fit num_ctx ${facts.numCtx ?? '?'}: older turns were ` +
        `compacted (${facts.compaction.beforeChars} → ${facts.compaction.afterChars} characters).`
      : '';
    return { step: facts.step, slot: compacted && slot === 'state' ? 'state' : slot, text: text + compacted };
  });
}
