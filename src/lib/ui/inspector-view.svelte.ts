/**
 * U1 P2: the inspector's view model — what it shows of the open session (or the replayed step):
 * the prompt's sections, the request of the chosen step as it was sent (or the one that was not),
 * the last reply, skills, hook decisions and the rules in effect, and the per-step rows with the figures their
 * server did not report. Components render it (InspectorPane and its parts); the reading of
 * events and steps is here, tested on its own.
 */
import type { EventOf, HarnessEvent } from '../harness/events';
import type { SentRequest } from '../harness/request-log';
import { sentRequests } from '../harness/request-log';
import { defaultCharsPerToken } from '../harness/context/token-estimator';
import { missingFigures } from '../model/openai-wire';
import type { Playground } from './playground.svelte';
import type { StepStats } from './transcript-model';
import type { TeachingStep } from './teaching/step-index';
import { serverReuseShare } from './step-figures';
import { skillUse } from './skill-use';
import { unsentRequest } from './unsent-request';
import { activeRules, ruleActs } from './harness-rules';
import type { ActiveRules, RuleAct } from './harness-rules';

/** The protocol whose default templates an edited section starts from. */
export function templateProtocol(protocol: string | undefined): 'native' | 'constrained' | 'text' {
  return protocol === 'native' || protocol === 'constrained' ? protocol : 'text';
}

/** M2: the figures no step's server sent (an OpenAI-compatible server may send no usage at all). */
export function figuresNotReported(steps: readonly StepStats[]): string[] {
  const replied = steps.filter((step) => step.stats);
  if (!replied.length) return [];
  return missingFigures(replied[0].stats!).filter((figure) =>
    replied.every((step) => missingFigures(step.stats!).includes(figure)),
  );
}

/** The request shown: the replayed step's, the chosen step's, or the newest. */
export function shownRequest(
  requests: readonly SentRequest[],
  chosenStep: number | undefined,
  replayed: TeachingStep | undefined,
): SentRequest | undefined {
  return (
    replayed?.request ??
    requests.findLast((entry) => chosenStep === undefined || entry.step === chosenStep) ??
    requests.at(-1)
  );
}

/** The reply as the model wrote it: the replayed step's text and calls, or the live one. */
export function rawReply(replayed: TeachingStep | undefined, live: string): string {
  if (!replayed) return live;
  if (!replayed.reply) return '';
  const calls = replayed.reply.toolCalls?.length ? `\n${JSON.stringify(replayed.reply.toolCalls)}` : '';
  return replayed.reply.content + calls;
}

/** C3: how much of the context window the native tool declarations take, for the fill meter's title. */
export function toolShare(chars: number | undefined): string {
  return chars ? `; the tool declarations are about ${Math.round(chars / defaultCharsPerToken)} tokens of it` : '';
}

/** P2: the server's share of reused prompt, as a percentage ("–" without a figure). */
export function serverShare(step: StepStats): string {
  const share = serverReuseShare(step);
  return share === undefined ? '–' : `${Math.round(share * 100)}%`;
}

/** P2: the harness's estimate beside the server's own figure, and why the prefix broke. */
export function reuseTitle(step: StepStats): string {
  const estimate =
    `estimate: ${step.reusedChars} of ${step.promptChars} characters ` + 'repeat the previous request and its reply';
  const server = step.serverReused
    ? `\nserver: ${step.serverReused.tokens} of ${step.stats?.promptTokens ?? '?'} prompt tokens from its cache` +
      (step.serverReused.source === 'reported'
        ? ' (as the server reports)'
        : ' (read from prompt_eval_duration: this server does not report cached tokens)')
    : '\nserver: no figure (no prompt count or duration in the reply)';
  return estimate + server + (step.prefixBreak ? `\nthe prefix broke here: ${step.prefixBreak}` : '');
}

const isHook = (event: HarnessEvent): event is EventOf<'hook'> => event.type === 'hook';

export class InspectorView {
  /** The step whose request is shown (undefined: the newest). */
  chosenStep = $state<number | undefined>(undefined);
  readonly overrides: Record<string, string>;
  readonly protocol: 'native' | 'constrained' | 'text';
  /** U3: while replaying, everything shows the replayed step instead of the newest one. */
  readonly replayed: TeachingStep | undefined;
  readonly steps: StepStats[];
  readonly notReported: string[];
  readonly last: StepStats | undefined;
  readonly requests: SentRequest[];
  readonly skills: ReturnType<typeof skillUse>;
  /** T8: every hook decision of this session, as the events recorded it. */
  readonly hookDecisions: EventOf<'hook'>[];
  /** C3: the newest step's request did not fit, so it was never sent: shown rather than "No request". */
  readonly unsent: ReturnType<typeof unsentRequest>;
  readonly request: SentRequest | undefined;
  readonly sections: { name: string; text: string; edited?: boolean }[];
  readonly rawOutput: string;
  /** DESIGN 14: the rules in effect for the last run, and what they did (the Harness view). */
  readonly rules: ActiveRules | undefined;
  readonly ruleActs: RuleAct[];

  constructor(page: Playground) {
    const sessionId = () => page.session?.id;
    this.overrides = $derived(page.view?.overrides ?? {});
    this.protocol = $derived(templateProtocol(page.session?.settings.protocol));
    this.replayed = $derived(page.teaching.replaying ? page.teaching.current() : undefined);
    this.steps = $derived(page.teaching.view?.steps ?? page.runs.steps);
    this.notReported = $derived(figuresNotReported(this.steps));
    this.last = $derived(this.steps.at(-1));
    this.requests = $derived(sentRequests(page.runs.events, sessionId()));
    this.skills = $derived(skillUse(page.runs.events, sessionId()));
    this.hookDecisions = $derived(page.runs.events.filter(isHook).filter((event) => event.sessionId === sessionId()));
    this.unsent = $derived(
      this.replayed || this.chosenStep !== undefined ? undefined : unsentRequest(page.runs.events, sessionId()),
    );
    this.request = $derived(shownRequest(this.requests, this.chosenStep, this.replayed));
    this.sections = $derived(this.replayed ? this.replayed.sections : page.runs.prefix);
    this.rawOutput = $derived(rawReply(this.replayed, page.runs.rawOutput));
    this.rules = $derived(activeRules(page.runs.events, sessionId()));
    this.ruleActs = $derived(ruleActs(page.runs.events, sessionId()));
  }
}
