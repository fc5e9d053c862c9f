/**
 * T6: a final answer that describes a call to a declared tool ("you can use write_file: ```json
 * {…}``` …") is sent back once: make the call, or send the answer again if it really is the answer
 * (a reply explaining an API is one). The same answer twice stands.
 */
import type { Rule } from '../rules/rule';
import { stableJson } from '../stable-json';
import { describedCalls } from '../protocol/recover-call';

const id = 'described-call';

export const describedCall: Rule = {
  id,
  principle: 'An answer that describes a call to a declared tool instead of making it goes back once.',
  layer: 'pack',
  decides: true,
  reads: ['answers', 'settings', 'tools'],
  priority: 220,
  async beforeFinal(answer, { context, setup, facts }) {
    if (context.session.settings.recoverCalls === false) return { kind: 'accept' };
    // The answer this rule asked about, given again unchanged, is the answer.
    if (facts.answers.findLast((each) => each.sentBackBy === id)?.answer === answer) return { kind: 'accept' };
    const [call] = describedCalls(answer, { argumentNames: setup.argumentNames });
    if (!call) return { kind: 'accept' };
    const example = stableJson({ name: call.name, arguments: call.arguments });
    return {
      kind: 'reject',
      reason: id,
      notice:
        `Runtime notice: your reply describes a ${call.name} call but does not make it, so nothing was run. ` +
        `To run it, reply with only the call, nothing around it: ${shortExample(call.name, example)}. ` +
        'If that text is your final answer, send it again unchanged.',
    };
  },
};

/** A long example (a whole file's content) is cut to its shape, so the notice stays short. */
function shortExample(name: string, example: string): string {
  return example.length > 600 ? `{"name": "${name}", "arguments": {…}}` : example;
}
