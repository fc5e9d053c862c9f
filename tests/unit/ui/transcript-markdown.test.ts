/** S4 U3: the Markdown transcript tells words edited in step mode from what the model or tool said. */
import { describe, expect, it } from 'vitest';
import { transcriptMarkdown } from '../../../src/lib/ui/transcript-markdown';
import { createSession } from '../../../src/lib/harness/session';
import { defaultSettings } from '../../../src/lib/harness/settings';

describe('S4 U3 Markdown export of step-mode edits', () => {
  it("U3 an edited reply is marked and the model's own words are kept beside it", () => {
    const session = createSession({
      model: 'm',
      settings: defaultSettings(),
      workspace: { backend: 'memory', label: 'test' },
    });
    session.history = [
      { kind: 'user', content: 'go', seq: 0, at: 0 },
      { kind: 'assistant', content: '<final>edited words</final>', seq: 1, at: 0, edited: { original: 'MODEL SAID' } },
      { kind: 'assistant', content: '<final>plain</final>', seq: 2, at: 0 },
    ];
    const markdown = transcriptMarkdown(session);
    expect(markdown).toContain('## Model (reply edited in step mode)');
    expect(markdown.indexOf('edited words')).toBeLessThan(markdown.indexOf('What the model really said:'));
    expect(markdown).toContain('MODEL SAID');
    // An unedited reply is not marked.
    expect(markdown.match(/edited in step mode/g)).toHaveLength(1);
  });
});
