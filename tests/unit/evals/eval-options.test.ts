/** O2: the eval runner's flags: defaults, and a clear message for each bad value (nothing runs). */
import { describe, expect, it } from 'vitest';
import { parseEvalOptions } from '../../../src/cli/eval-options';

const at = new Date('2026-12-07T10:20:30.456Z');

describe('O2 the eval runner reads its flags', () => {
  it('O2 defaults: text protocol, default preset, one repeat, the local Ollama, a timestamped folder', () => {
    expect(parseEvalOptions(['--models', 'qwen2.5-coder:1.5b'], at)).toMatchObject({
      suite: 'evals',
      models: ['qwen2.5-coder:1.5b'],
      protocols: ['text'],
      presets: ['default'],
      repeat: 1,
      parallel: 1,
      workspace: 'offline',
      maxSteps: 12,
      maxSeconds: 600,
      outputLimit: 512,
      warm: true,
      retryCrashed: false,
      out: 'eval-results/2026-12-07T10-20-30',
      hosts: [expect.objectContaining({ url: 'http://127.0.0.1:11434' })],
    });
  });

  it('O2 a sweep names its tasks, servers, sampling and limits', () => {
    const options = parseEvalOptions(
      [
        ...['--models', 'a,b', '--tasks', 'x,y', '--protocols', 'constrained,native', '--presets', 'bare,pile'],
        ...['--hosts', 'http://127.0.0.1:11434,http://127.0.0.1:8091/v1#kind=openai', '--repeat', '2'],
        ...['--temperature', '0', '--seed', '3', '--num-ctx', '8192', '--num-thread', '1', '--no-warm'],
      ],
      at,
    );
    expect(options).toMatchObject({
      models: ['a', 'b'],
      tasks: ['x', 'y'],
      protocols: ['constrained', 'native'],
      presets: ['bare', 'pile'],
      repeat: 2,
      temperature: 0,
      seed: 3,
      contextWindow: 8192,
      threads: 1,
      warm: false,
    });
    expect(options.hosts).toHaveLength(2);
  });

  it.each([
    [['--models', 'm', '--protocols', 'json'], /--protocols takes text, native and constrained, got "json"/],
    [['--models', 'm', '--workspace', 'docker'], /--workspace must be offline or directory/],
    [['--models', 'm', '--server-kind', 'vllm'], /--server-kind must be auto/],
    [['--models', 'm', '--host', 'http://a:1', '--hosts', 'http://b:2'], /give --host or --hosts, not both/],
    [['--models', 'm', '--repeat', '0'], /--repeat must be a whole number from 1 to 1000, got "0"/],
    [['--models', 'm', '--repeat', '2.5'], /--repeat must be a whole number/],
    [['--models', 'm', '--temperature', '3'], /--temperature must be a number from 0 to 2, got "3"/],
    [['--models', 'm', '--temperature', ''], /--temperature must be a number from 0 to 2/],
    [['--models', 'm', '--num-ctx', '100'], /--num-ctx must be a whole number from 256/],
    [['--models', 'm', '--frobnicate'], /Unknown option '--frobnicate'/],
    [['--protocols', 'text'], /give --models a,b and\/or --reference, --noop or --shortcuts/],
  ])('O2 %j is refused with a message', (argv, message) => {
    expect(() => parseEvalOptions(argv, at)).toThrow(message);
  });

  it('O2 --help needs no model', () => {
    expect(parseEvalOptions(['--help'], at).help).toBe(true);
  });
});
