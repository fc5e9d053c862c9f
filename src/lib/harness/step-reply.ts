/**
 * The middle of a step: a reply has arrived. The rules look at it first (`afterReply`: step
 * mode may edit it or stop, R2 may ask to continue a cut reply, a runaway is answered), then it
 * is kept in the history and parsed (T6) into a final answer, tool calls, or a malformed reply.
 */
import type { ChatMessage, ModelReply } from './model-types';
import type { ArrivedReply, ReplyVerdict } from './rules/rule';
import type { RuleDispatcher } from './rules/dispatch';
import type { ParsedReply } from './protocol/parsed-reply';
import type { StepResult, StepScope } from './step-scope';
import { done, formatError, next, notice } from './step-scope';
import { parseNativeReply } from './protocol/native-protocol';
import { parseTextReply } from './protocol/text-protocol';
import { parseEnvelope } from './protocol/constrained-output';
import { clip } from './context/clip';
import { bounds, boundedToolCalls, replyCharLimit } from './bounds';

type AgainVerdict = Extract<ReplyVerdict, { kind: 'again' }>;

/** The reply as the server generated it, in the form it comes back in the next request. */
function generated(reply: ModelReply, protocol: string): ChatMessage {
  return protocol === 'native' && reply.toolCalls.length
    ? { role: 'assistant', content: reply.content, toolCalls: reply.toolCalls }
    : { role: 'assistant', content: reply.content };
}

function parse(scope: StepScope, text: string, reply: ModelReply): ParsedReply {
  const { context, setup, loop } = scope;
  const limit = replyCharLimit(context.session.settings.options.outputLimit);
  if (text.length >= limit)
    return {
      kind: 'malformed',
      problem:
        `the reply was ${text.length} characters long, over the limit of ${limit}; ` +
        'it was not executed. Write less per reply',
    };
  const options = { argumentNames: setup.argumentNames, recover: context.session.settings.recoverCalls !== false };
  if (loop.constrained) return parseEnvelope(text, options);
  return context.protocol === 'native'
    ? parseNativeReply({ ...reply, content: text }, options)
    : parseTextReply(text, options);
}

function describe(parsed: ParsedReply): string {
  if (parsed.kind === 'tool') {
    const names = parsed.calls.map((call) => clip(call.name, 80)).join(', ');
    if (!parsed.recovered) return `${parsed.form}: ${names}`;
    return `${parsed.form}: ${names} (recovered${parsed.recovered.besideName ? ', arguments beside the name' : ''})`;
  }
  return parsed.kind === 'final' ? clip(parsed.answer, 120) : parsed.problem;
}

/** The reply as an item of the history; `content` differs from the reply's own text after an edit (U3). */
/** T6: in words, the form a recovered call was written in. */
function recoveredFrom(parsed: Extract<ParsedReply, { kind: 'tool' }>): string {
  const forms: Record<string, string> = {
    'fenced-json': 'a fenced JSON block in the text',
    'bare-json': 'a JSON object in the text',
    tool_call: 'a <tool_call> block in the text',
    'call-syntax': 'name({…}) in the text',
    'tool-tag': 'the tool\'s name as a tag (<read_file path="…"/>)',
  };
  const form = forms[parsed.form] ?? `the ${parsed.form} form`;
  return parsed.recovered?.besideName ? `${form}, arguments beside the name` : form;
}

async function keep(scope: StepScope, reply: ModelReply, content: string): Promise<void> {
  await scope.context.recorder.append({
    kind: 'assistant',
    content,
    ...(reply.toolCalls.length ? { toolCalls: reply.toolCalls.slice(0, bounds.callsPerReply * 4) } : {}),
    ...(content !== reply.content ? { edited: { original: reply.content } } : {}),
  });
}

/** A reply that ends the step unparsed: kept as the rule says (a runaway only in part), then its notice. */
async function answer(
  scope: StepScope,
  reply: ModelReply,
  content: string,
  verdict: AgainVerdict,
): Promise<StepResult> {
  if (verdict.recorded === undefined) await keep(scope, reply, content);
  else await scope.context.recorder.append({ kind: 'assistant', content: verdict.recorded });
  await notice(scope, verdict.reason, verdict.notice);
  return verdict.formatError ? formatError(scope) : next;
}

/** A reply the model produced in full, or one a watcher stopped while it streamed. */
export async function interpretReply(
  scope: StepScope,
  rules: RuleDispatcher,
  arrived: { reply: ModelReply } | { stoppedBy: { name: string; text: string } },
): Promise<{ kind: 'parsed'; parsed: ParsedReply } | StepResult> {
  const stopped = 'stoppedBy' in arrived ? arrived.stoppedBy : undefined;
  // Bounded once, as it arrives: a huge name or a 3,000-deep argument never reaches a later step.
  const reply: ModelReply =
    'reply' in arrived
      ? { ...arrived.reply, toolCalls: boundedToolCalls(arrived.reply.toolCalls) }
      : { content: stopped!.text, toolCalls: [], model: scope.context.session.model, stats: {} };
  if (!stopped) scope.move({ type: 'replied', message: generated(reply, scope.context.protocol) });
  const arrivedView: ArrivedReply = { reply, content: reply.content, ...(stopped ? { stoppedBy: stopped } : {}) };
  const { view, verdict } = await rules.afterReply(arrivedView, scope);
  if (verdict?.kind === 'stop') return done(verdict.outcome);
  if (verdict) return answer(scope, reply, view.content, verdict);
  if (stopped)
    return answer(scope, reply, view.content, {
      kind: 'again',
      reason: stopped.name,
      notice: 'Runtime notice: your reply was stopped while it streamed; nothing in it was run.',
      formatError: true,
      recorded: clip(stopped.text, 600),
    });
  await keep(scope, reply, view.content);
  const text = scope.loop.pendingCut + view.content;
  scope.move({ type: 'parsed' });
  const parsed = parse(scope, text, reply);
  scope.context.recorder.emit({
    type: 'parse.result',
    step: scope.step,
    kind: parsed.kind,
    detail: describe(parsed),
    ...(parsed.kind === 'tool' && parsed.recovered ? { recovered: recoveredFrom(parsed) } : {}),
    ...(parsed.kind === 'tool' ? { tools: parsed.calls.slice(0, 16).map((call) => clip(call.name, 80)) } : {}),
  });
  return { kind: 'parsed', parsed };
}
