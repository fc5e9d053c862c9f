/**
 * C4 P2 (issue 21): over a long scripted session at num_ctx 8192 (writes, reads, commands), the
 * prompt cache breaks only at compaction steps: request k+1 starts with request k and the reply
 * the model gave to it, byte for byte, everywhere else.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/lib/harness/model-types';
import { messageText, requestText } from '../../../src/lib/harness/prompt/prefix-reuse';
import type { Protocol } from '../../../src/lib/harness/settings';
import type { ScriptedReply } from '../../../src/lib/model/scripted-model-client';
import { defaultLimits } from '../../../src/lib/harness/settings';
import { harness } from '../helpers';

const source = (n: number) =>
  Array.from({ length: 40 }, (_, line) => `export const v${n}_${line} = ${line}; // line ${line}`).join('\n');

type Call = { name: string; arguments: Record<string, unknown> };

function calls(steps: number): Call[] {
  const list: Call[] = [];
  for (let step = 0; step < steps - 1; step++) {
    const file = `src/m${step % 5}.js`;
    const choices: Call[] = [
      { name: 'read_file', arguments: { path: file } },
      // Longer than an old call's arguments are clipped to when rendered back.
      {
        name: 'write_file',
        arguments: {
          path: `notes/n${step}.md`,
          content: Array.from({ length: 40 }, (_, line) => `note ${step}.${line}: ${'x'.repeat(60)}\n`).join(''),
        },
      },
      { name: 'run_shell', arguments: { command: `grep -c const ${file}` } },
      { name: 'search', arguments: { pattern: `v${step % 5}_1`, path: 'src' } },
      { name: 'list_files', arguments: { path: 'src' } },
      {
        name: 'patch_file',
        arguments: { path: file, old_text: `// line ${step % 40}\n`, new_text: `// line ${step % 40} (${step})\n` },
      },
    ];
    list.push(choices[step % choices.length]);
  }
  return list;
}

function reply(protocol: Protocol, call: Call | undefined): ScriptedReply {
  if (!call) return protocol === 'native' ? { text: 'done' } : { text: '<final>done</final>' };
  if (protocol === 'native') return { text: '', toolCalls: [call] };
  return { text: `<tool>${JSON.stringify({ name: call.name, args: call.arguments })}</tool>` };
}

function replyMessage(protocol: Protocol, call: Call): ChatMessage {
  if (protocol === 'native') return { role: 'assistant', content: '', toolCalls: [call] };
  return { role: 'assistant', content: (reply(protocol, call) as { text: string }).text };
}

describe('C4 cache breaks in a 60-step session', () => {
  for (const protocol of ['text', 'native'] as const) {
    it(`C4 P2 a 60-step session at num_ctx 8192 (${protocol}) breaks the prefix only at compaction steps`, async () => {
      const files: Record<string, string> = { 'README.md': '# project\n' };
      for (let n = 0; n < 5; n++) files[`src/m${n}.js`] = source(n);
      const script = calls(60);
      const h = harness(
        [...script, undefined].map((call) => reply(protocol, call)),
        {
          files,
          settings: {
            protocol,
            options: { contextWindow: 8192, outputLimit: 1024 },
            limits: { ...defaultLimits, maxSteps: 0 },
          },
        },
      );
      expect((await h.agent.run('tidy the project')).outcome.kind).toBe('final');
      expect(h.model.requests).toHaveLength(60);
      const compacted = new Set(h.of('compaction').map((event) => event.step));
      const breaks: string[] = [];
      for (let k = 0; k + 1 < h.model.requests.length; k++) {
        const before = requestText(h.model.requests[k].messages) + messageText(replyMessage(protocol, script[k]));
        const after = requestText(h.model.requests[k + 1].messages);
        if (after.startsWith(before) || compacted.has(k + 2)) continue;
        let at = 0;
        while (before[at] === after[at]) at++;
        breaks.push(`step ${k + 2} at ${at}: ${JSON.stringify(before.slice(at - 30, at + 50))}`);
      }
      expect(breaks).toEqual([]);
      // The inspector's reason for each break: only shortening and compaction steps have one.
      const reasons = h.of('prompt.assembled').flatMap((event) => (event.prefixBreak ? [event.prefixBreak] : []));
      expect(reasons.length).toBeGreaterThan(0);
      for (const reason of reasons) expect(reason).toMatch(/^(compaction|shortening): /);
      // C4 (issue 36): compactions are rare and each frees real room — the prompt lands at well
      // under half of where it was; shortenings and compactions together at most 4.
      const steps = h.of('compaction');
      expect(steps.length).toBeLessThanOrEqual(4);
      for (const step of steps)
        expect(step.afterChars / step.beforeChars, step.reason).toBeLessThan(
          step.reason.includes('shortened') ? 0.6 : 0.5,
        );
      // The window is never exceeded: every request the server got fitted its budget.
      for (const event of h.of('response.done'))
        expect(event.stats.promptEvalCount! + 1024, `step ${event.step}`).toBeLessThanOrEqual(8192);
      expect(h.of('context.truncated')).toEqual([]);
      // The newest turn is always kept: the request after a compaction ends with the result just asked for.
      for (const step of steps) {
        const sent = h.model.requests[step.step - 1].messages;
        expect(sent.at(-1)?.role, `step ${step.step}`).toMatch(/tool|user/);
        expect(sent.length, `step ${step.step}`).toBeGreaterThan(2);
      }
    });
  }
});
