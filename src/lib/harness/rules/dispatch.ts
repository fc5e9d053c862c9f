/**
 * DESIGN 14: the one dispatcher of the rules in effect. Each point has one combination rule, the
 * same shape everywhere: the rules that have a handler there are called in `priority` order; a
 * rule that decides ends the point for the rules after it, and a rule that observes adds its
 * line. So: `beforeRequest` and `afterReply` pass their changes on to the next rule and end at the
 * first stop (or "again"); `beforeFinal`, `beforeTool`, `rewriteTool` and `afterTools` end at the
 * first rule that does not let the thing pass; `onStart` and `afterToolResult` gather every
 * rule's notice or line; `watchReply` and `onStop` reach every rule. Every decision is an event
 * (`rule.acted`), so the page can show per step which rule acted and what it changed.
 */
import type { ToolCall } from '../model-types';
import type { Outcome } from '../outcome';
import type { StepScope } from '../step-scope';
import type {
  ArrivedReply,
  FinalVerdict,
  PendingRequest,
  ReplyVerdict,
  ReplyWatcher,
  RoundView,
  Rule,
  ToolResultView,
  ToolsVerdict,
} from './rule';
import { pointsOf } from './rule';
import { clip } from '../context/clip';

export type RuleAction =
  'showed' | 'schema' | 'edited' | 'stopped' | 'again' | 'sent-back' | 'refused' | 'rewrote' | 'noted';

export class RuleDispatcher {
  /** The rules in effect, in the order they are called. */
  readonly rules: readonly Rule[];

  constructor(rules: readonly Rule[]) {
    this.rules = [...rules].sort((a, b) => a.priority - b.priority || a.id.localeCompare(b.id));
  }

  private acted(scope: Pick<StepScope, 'context' | 'step'>, rule: Rule, action: RuleAction, detail: string): void {
    scope.context.recorder.emit({
      type: 'rule.acted',
      step: scope.step,
      rule: rule.id,
      action,
      detail: clip(detail, 300),
    });
  }

  private with<K extends keyof Rule>(point: K): (Rule & Required<Pick<Rule, K>>)[] {
    return this.rules.filter((rule) => typeof rule[point] === 'function') as (Rule & Required<Pick<Rule, K>>)[];
  }

  /** Every rule's notice before the first step (the model reads it with the task); the files shown are facts. */
  async onStart(scope: StepScope, notice: (reason: string, text: string) => Promise<void>): Promise<void> {
    for (const rule of this.with('onStart')) {
      const verdict = await rule.onStart(scope);
      if (!verdict) continue;
      for (const path of verdict.shown ?? []) scope.facts.shown.add(path);
      await notice(rule.id, verdict.notice);
      this.acted(scope, rule, 'showed', verdict.shown?.join(', ') || 'a notice with the task');
    }
  }

  async beforeRequest(request: PendingRequest, scope: StepScope): Promise<PendingRequest | { stop: Outcome }> {
    let current = request;
    for (const rule of this.with('beforeRequest')) {
      const verdict = await rule.beforeRequest(current, scope);
      if (verdict.kind === 'stop') {
        this.acted(scope, rule, 'stopped', verdict.outcome.kind);
        return { stop: verdict.outcome };
      }
      if (verdict.format && verdict.format !== current.format)
        this.acted(scope, rule, 'schema', 'chose the reply schema');
      if (verdict.messages && verdict.messages !== current.messages) this.acted(scope, rule, 'edited', 'the request');
      current = { messages: verdict.messages ?? current.messages, format: verdict.format ?? current.format };
    }
    return current;
  }

  watchers(scope: StepScope): { name: string; watcher: ReplyWatcher }[] {
    return this.with('watchReply').flatMap((rule) => {
      const watcher = rule.watchReply(scope);
      return watcher ? [{ name: rule.id, watcher }] : [];
    });
  }

  /** The reply as the rules leave it: its text (maybe edited), or the verdict that ends the step. */
  async afterReply(
    arrived: ArrivedReply,
    scope: StepScope,
  ): Promise<{ view: ArrivedReply; verdict?: Exclude<ReplyVerdict, { kind: 'go' }> }> {
    let view = arrived;
    for (const rule of this.with('afterReply')) {
      const verdict = await rule.afterReply(view, scope);
      if (verdict.kind === 'go') {
        if (verdict.content !== undefined && verdict.content !== view.content) {
          this.acted(scope, rule, 'edited', 'the reply');
          view = { ...view, content: verdict.content };
        }
        continue;
      }
      this.acted(
        scope,
        rule,
        verdict.kind === 'stop' ? 'stopped' : 'again',
        verdict.kind === 'stop' ? verdict.outcome.kind : verdict.reason,
      );
      return { view, verdict };
    }
    return { view };
  }

  /** The first verdict that does not accept the answer, with its rule; accept when every rule does. */
  async beforeFinal(answer: string, scope: StepScope): Promise<{ verdict: FinalVerdict; rule?: Rule }> {
    for (const rule of this.with('beforeFinal')) {
      const verdict = await rule.beforeFinal(answer, scope);
      if (verdict.kind === 'accept') continue;
      this.acted(
        scope,
        rule,
        verdict.kind === 'stop' ? 'stopped' : 'sent-back',
        verdict.kind === 'stop' ? verdict.outcome.kind : (verdict.target ?? verdict.reason),
      );
      return { verdict, rule };
    }
    return { verdict: { kind: 'accept' } };
  }

  /** The first refusal of a call, with the rule that made it. */
  async beforeTool(call: ToolCall, scope: StepScope): Promise<{ text: string; rule: string } | undefined> {
    for (const rule of this.with('beforeTool')) {
      const text = await rule.beforeTool(call, scope);
      if (!text) continue;
      this.acted(scope, rule, 'refused', call.name);
      return { text, rule: rule.id };
    }
    return undefined;
  }

  async rewriteTool(call: ToolCall, scope: StepScope): Promise<{ call: ToolCall; note: string } | undefined> {
    for (const rule of this.with('rewriteTool')) {
      const instead = await rule.rewriteTool(call, scope);
      if (!instead) continue;
      this.acted(scope, rule, 'rewrote', `${call.name} → ${instead.call.name}`);
      return instead;
    }
    return undefined;
  }

  /** Every rule's line about a result, in order. */
  afterToolResult(result: ToolResultView, scope: StepScope): string | undefined {
    const lines: string[] = [];
    for (const rule of this.with('afterToolResult')) {
      const line = rule.afterToolResult(result, scope);
      if (!line) continue;
      lines.push(line);
      this.acted(scope, rule, 'noted', result.call.name);
    }
    return lines.join('\n') || undefined;
  }

  async afterTools(round: RoundView, scope: StepScope): Promise<ToolsVerdict> {
    for (const rule of this.with('afterTools')) {
      const verdict = await rule.afterTools(round, scope);
      if (!verdict) continue;
      this.acted(scope, rule, 'stopped', verdict.outcome.kind);
      return verdict;
    }
    return undefined;
  }

  async onStop(outcome: Outcome, scope: Omit<StepScope, 'move'>): Promise<void> {
    for (const rule of this.with('onStop')) await rule.onStop(outcome, scope);
  }

  /** The rules in effect, as the page's Harness view and a run's first event show them. */
  describe(): {
    id: string;
    principle: string;
    layer: Rule['layer'];
    decides: boolean;
    points: string[];
    reads: string[];
  }[] {
    return this.rules.map((rule) => ({
      id: rule.id,
      principle: rule.principle,
      layer: rule.layer,
      decides: rule.decides,
      points: pointsOf(rule),
      reads: [...rule.reads],
    }));
  }
}
