/**
 * T6 as a loop extension (issue 32): a final answer that describes a call to a declared tool —
 * Qwen2.5-Coder-1.5B, asked to create a file, answered "you can use the write_file function:
 * ```json {…}``` This will create the file." — is sent back once: make the call, or send the answer
 * again if it really is the answer (a reply explaining an API is one). The same answer twice stands.
 */
import type { LoopExtension } from '../loop-extension';
import { stableJson } from '../stable-json';
import { describedCalls } from './recover-call';

export function describedCall(): LoopExtension {
  let askedAbout: string | undefined;
  return {
    name: 'described-call',
    async beforeFinal(answer, { context, setup }) {
      if (context.session.settings.recoverCalls === false || answer === askedAbout) return { kind: 'accept' };
      const [call] = describedCalls(answer, { argumentNames: setup.argumentNames });
      if (!call) return { kind: 'accept' };
      askedAbout = answer;
      const example = stableJson({ name: call.name, arguments: call.arguments });
      return {
        kind: 'reject',
        reason: 'described-call',
        notice:
          `Runtime notice: your reply describes a ${call.name} call but does not make it, so nothing was run. ` +
          `To run it, reply with only the call, nothing around it: ${shortExample(call.name, example)}. ` +
          'If that text is your final answer, send it again unchanged.',
      };
    },
  };
}

/** A long example (a whole file's content) is cut to its shape, so the notice stays short. */
function shortExample(name: string, example: string): string {
  return example.length > 600 ? `{"name": "${name}", "arguments": {…}}` : example;
}
