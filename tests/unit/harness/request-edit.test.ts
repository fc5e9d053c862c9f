/**
 * U3: an edit of the whole request at a pause (sections, options, declared tools) is sent, lasts for
 * the rest of the run, is recorded as events, and the request log rebuilds what was really sent.
 */
import { describe, expect, it } from 'vitest';
import { final, harness, tool } from '../helpers';
import type { StepDecision, StepGate, StepPause } from '../../../src/lib/harness/step-gate';
import { sentRequests } from '../../../src/lib/harness/request-log';

/** Edits the first request, then lets everything through. */
class EditOnce implements StepGate {
  done = false;
  async pause(pause: StepPause): Promise<StepDecision> {
    if (this.done || pause.at !== 'request') return { action: 'continue' };
    this.done = true;
    return {
      action: 'edit-request',
      request: {
        sections: pause.sections.map((section) =>
          section.name === 'identity' ? { ...section, text: 'EDITED IDENTITY' } : section,
        ),
        options: { temperature: 0.5, outputLimit: 200 },
        tools: ['read_file', 'list_files'],
      },
    };
  }
}

describe('U3 editing the whole request at a pause', () => {
  it('U3 the edit is sent at every step of the run, recorded, and the request log matches what was sent', async () => {
    const h = harness([tool('read_file', { path: 'a.txt' }), final('ok')], {
      files: { 'a.txt': 'a' },
      agent: { stepGate: new EditOnce() },
    });
    await h.agent.run('read a');
    expect(h.model.requests).toHaveLength(2);
    for (const request of h.model.requests) {
      expect(request.messages[0].content.startsWith('EDITED IDENTITY\n\n')).toBe(true);
      expect(request.options).toMatchObject({ temperature: 0.5, outputLimit: 200 });
    }
    expect(h.of('step.edited').map((event) => event.target)).toEqual(['system', 'options']);
    // each pause is recorded with the point it paused at (the event's own time stays a number)
    expect(h.of('step.paused').map((event) => event.point)).toContain('request');
    expect(h.of('step.paused').every((event) => typeof event.at === 'number')).toBe(true);
    const logged = sentRequests(h.events);
    logged.forEach((request, index) => expect(request.messages).toEqual(h.model.requests[index].messages));
    // The prompt's sections as logged are the edited ones, for the slot view.
    const assembled = h.of('prompt.assembled').find((event) => event.prefix);
    expect(assembled?.prefix?.find((section) => section.name === 'identity')).toMatchObject({
      text: 'EDITED IDENTITY',
      edited: true,
    });
  });

  it('U3 native declarations left out at the pause are not sent, now or later in the run', async () => {
    const h = harness([{ text: 'done' }], { settings: { protocol: 'native' }, agent: { stepGate: new EditOnce() } });
    await h.agent.run('look');
    expect(h.model.requests[0].tools?.map((declared) => declared.name).sort()).toEqual(['list_files', 'read_file']);
    expect(sentRequests(h.events)[0].tools).toEqual(h.model.requests[0].tools);
    expect(h.of('step.edited').map((event) => event.target)).toContain('tools');
  });
});
