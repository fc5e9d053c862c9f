/**
 * R2, second half: a reply still cut by the output limit after the larger limit (the first half,
 * in request-with-recovery) is kept and continued with a "resume directly, no recap" notice, a
 * few times; the parts are parsed together once the reply is whole.
 */
import type { Rule } from './rules/rule';
import { replyCharLimit } from './bounds';

export const resumeNotice =
  'Runtime notice: your previous reply was cut off by the output limit. ' +
  'Resume directly where it stopped, with no recap.';

export const cutContinuation: Rule = {
  id: 'cut-continuation',
  principle: 'A reply cut by the output limit is continued a few times, then parsed whole.',
  layer: 'core',
  decides: true,
  reads: ['settings'],
  priority: 150,
  async afterReply({ reply, content, stoppedBy }, scope) {
    const { context, loop } = scope;
    const cut = !stoppedBy && reply.stats.stopReason === 'length' && reply.toolCalls.length === 0;
    if (!cut || loop.continuations >= context.retryPolicy.maxContinuations) return { kind: 'go' };
    if ((loop.pendingCut + content).length >= replyCharLimit(context.session.settings.options.outputLimit))
      return { kind: 'go' };
    scope.move({ type: 'cut', text: content });
    return { kind: 'again', reason: 'length', notice: resumeNotice };
  },
};
