/**
 * U3: a lesson as a printable handout — a title page that says once what each of the five slots
 * holds, then one page per step: the request's slots in figures (what the model was given), the
 * reply it gave, what its tool calls returned, and the step's note. A whole HTML document with
 * print rules, made from the recorded events, so it never says anything the replay does not show.
 */
import type { Trajectory } from '../../store/session-export';
import type { Lesson } from './lessons';
import { fiveSlots, slotInfo } from './five-slots';
import type { Slot, SlotName } from './five-slots';
import { teachingSteps } from './step-index';
import { factsByStep } from './step-facts';
import type { StepFacts } from './step-facts';
import { describeCall } from './lesson-notes';

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character]!);

/** Long replies and results are cut on paper; the replay has them whole. */
const maxReplyChars = 3000;
const maxResultChars = 1200;

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters in the replay)` : text;

function change(slot: Slot): string {
  if (slot.delta === undefined) return '';
  return slot.changed ? ` · changed (${slot.delta >= 0 ? '+' : ''}${slot.delta})` : ' · unchanged';
}

function slotRows(slots: Slot[]): string {
  return slots
    .map(
      (slot) =>
        `<tr><th>${escape(slot.name)}</th><td>${slot.chars} chars · ~${slot.tokens} tokens${change(slot)}</td></tr>`,
    )
    .join('');
}

/** What the step's tool calls returned, as the model read it next (cut on paper). */
function resultsBlock(facts: StepFacts | undefined): string {
  const calls = facts?.tools ?? [];
  if (!calls.length) return '';
  const blocks = calls.map(
    (call) =>
      `<p><b>${escape(describeCall(call.tool, call.args))}</b> — ${call.ok === false ? 'failed' : 'worked'}</p>` +
      (call.result ? `<pre>${escape(cut(call.result, maxResultChars))}</pre>` : ''),
  );
  return `<h3>What the tools returned</h3>${blocks.join('')}`;
}

/** The five slots, said once for the whole handout (each step's table gives only figures). */
function slotKey(): string {
  const rows = (Object.keys(slotInfo) as SlotName[]).map(
    (name) => `<tr><th>${escape(name)}</th><td>${escape(slotInfo[name].purpose)}</td></tr>`,
  );
  return `<h2>The five slots of a request</h2><table>${rows.join('')}</table>`;
}

function noteBlock(notes: readonly { slot: string; text: string }[]): string {
  if (!notes.length) return '<p class="muted">No note on this step.</p>';
  return notes.map((note) => `<p><b>${escape(note.slot)}</b> — ${escape(note.text)}</p>`).join('');
}

export function lessonHandout(
  lesson: Pick<Lesson, 'title' | 'summary' | 'figures' | 'notes'>,
  trajectory: Trajectory,
): string {
  const steps = teachingSteps(trajectory.events, trajectory.session.id);
  const facts = factsByStep(trajectory.events, trajectory.session.id);
  let previous: Slot[] | undefined;
  const pages = steps.map((step) => {
    const slots = step.request
      ? fiveSlots(step.request, step.sections, {
          promptTokens: step.stats?.promptTokens,
          ...(previous ? { previous } : {}),
        })
      : [];
    previous = slots.length ? slots : previous;
    const reply = step.reply
      ? step.reply.content + (step.reply.toolCalls?.length ? `\n${JSON.stringify(step.reply.toolCalls)}` : '')
      : '(no reply was kept)';
    const notes = lesson.notes.filter((note) => note.step === step.number);
    return (
      `<section class="step" aria-label="Step ${step.number}"><h2>Step ${step.number} of ${steps.length}</h2>` +
      `<h3>The request, by slot</h3><table>${slotRows(slots)}</table>` +
      `<h3>The reply</h3><pre>${escape(cut(reply, maxReplyChars))}</pre>` +
      resultsBlock(facts[step.number - 1]) +
      `<h3>Note</h3>${noteBlock(notes)}` +
      `</section>`
    );
  });
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(lesson.title)} — handout</title>` +
    `<style>body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#111}h1{font-size:22px}h2{font-size:18px;` +
    `margin:0 0 8px}h3{font-size:14px;margin:14px 0 4px}table{border-collapse:collapse;width:100%}th,td{border:1px ` +
    `solid #bbb;padding:3px 6px;text-align:left;vertical-align:top;font-size:12px}pre{white-space:pre-wrap;` +
    `overflow-wrap:anywhere;font-size:12px;background:#f4f4f4;padding:8px}.muted{color:#666}section{break-after:page;` +
    `page-break-after:always;padding-top:8px}@media screen{section{border-top:2px solid #ccc;margin-top:24px}}` +
    `@page{margin:16mm}</style></head><body>` +
    `<section class="cover" aria-label="Lesson"><h1>${escape(lesson.title)}</h1><p>${escape(lesson.summary)}</p>` +
    `<p class="muted">${escape(lesson.figures)}</p><p class="muted">One page per step: the request split into the ` +
    `five slots, the model's reply, what its tool calls returned, and the note.</p>${slotKey()}</section>` +
    pages.join('') +
    `</body></html>`
  );
}
