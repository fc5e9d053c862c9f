/**
 * T8 P5 live: hooks at all three points and a skill, with a real Ollama and a real small model.
 * The small profile with constrained output makes the model's first reply a tool call; what is
 * asserted is what the harness does around it — every call passes the before_tool hook, every
 * result the after_tool hook, every final answer the on_final hook — never what the model says.
 */
import { describe, expect, it } from 'vitest';
import { liveSuite } from './live-suite';
import { Agent } from '../../src/lib/harness/agent';
import type { HarnessEvent } from '../../src/lib/harness/events';
import { defaultSettings } from '../../src/lib/harness/settings';
import { OllamaModelClient } from '../../src/lib/model/ollama-model-client';
import { MemorySessionStore } from '../../src/lib/store/memory-session-store';
import { MemoryWorkspace } from '../../src/lib/workspace/memory-workspace';
import { analyzeShellCommand } from '../../src/lib/workspace/shell-command-analyzer';

const live = await liveSuite();

const echoHook = (answer: string) => `cat > /dev/null; echo '${answer}'`;

if (live) {
  describe(`T8 P5 hooks and skills against Ollama ${live.version} and ${live.model}`, () => {
    it('T8 P5 every call of a real model passes before_tool and after_tool, every final answer on_final; a skill is listed', async () => {
      const events: HarnessEvent[] = [];
      const agent = new Agent({
        model: new OllamaModelClient({ host: live.host }),
        modelName: live.model,
        workspace: new MemoryWorkspace({
          files: {
            'notes.txt': 'The code word is amber.\n',
            '.harness/skills/words/SKILL.md': 'Code words used in this project\nThe backup code word is cobalt.\n',
          },
        }),
        store: new MemorySessionStore(),
        analyzeShell: analyzeShellCommand,
        onEvent: (event) => events.push(event),
        settings: defaultSettings({
          protocol: 'constrained',
          profile: 'small',
          approval: 'auto',
          options: { contextWindow: 4096, outputLimit: 128, temperature: 0 },
          limits: { maxSteps: 3, maxTokens: 0, maxSeconds: 240, maxFormatErrors: 3, maxFailedSteps: 0 },
          hooks: {
            before_tool: { command: echoHook('{"decision":"allow"}') },
            after_tool: { command: echoHook('{"annotate":"checked by the after_tool hook"}') },
            on_final: { command: echoHook('{"decision":"accept"}') },
          },
        }),
      });
      // Names no file: shown notes.txt with the task (the small profile's named-files), gemma3:270m
      // wrote a runaway over it at once, and no call ran — this test is about the hooks, not that.
      const result = await agent.run('Read the notes file and write the code word into the answer file.');
      expect(['final', 'limit', 'error']).toContain(result.outcome.kind);
      expect(events.find((event) => event.type === 'skills.listed')).toBeDefined();
      const hooks = events.filter((event) => event.type === 'hook');
      const started = events.filter((event) => event.type === 'tool.started');
      const rejected = events.filter((event) => event.type === 'validation' && !event.ok);
      process.stdout.write(
        `hooks live: ${started.length} calls run, ${rejected.length} invalid, ${hooks.length} hook decisions, ` +
          `outcome ${result.outcome.kind}\n`,
      );
      // The first reply is a tool call (the small grammar allows nothing else before a tool worked).
      expect(started.length + rejected.length).toBeGreaterThan(0);
      expect(hooks.filter((event) => event.point === 'before_tool')).toHaveLength(started.length);
      expect(hooks.filter((event) => event.point === 'after_tool')).toHaveLength(started.length);
      expect(hooks.every((event) => !event.failed)).toBe(true);
      const results = agent.session.history.filter((item) => item.kind === 'tool' && !item.content.includes('error:'));
      for (const item of results) expect(item.content).toContain('[hook] checked by the after_tool hook');
      if (result.outcome.kind === 'final')
        expect(hooks.filter((event) => event.point === 'on_final').map((event) => event.decision)).toContain('accept');
    });
  });
}
