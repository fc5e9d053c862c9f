/** T4: policy, command rules and the Approver port, in that order. */
import type { Approver } from '../ports';
import type { ApprovalPolicy, ShellRules } from '../settings';
import { checkShellRules } from './shell-rules';
import type { ShellAnalyzer } from './shell-rules';

export interface GateDecision {
  approved: boolean;
  by: 'policy' | 'rule' | 'user' | 'remembered' | 'read-only';
  reason: string;
}

export interface GateRequest {
  tool: string;
  risky: boolean;
  args: Record<string, unknown>;
  /** Makes the diff shown to the approver; called only when someone is asked. */
  preview?: () => Promise<string | undefined>;
  sessionId: string;
  step: number;
  signal: AbortSignal;
  /** T9: a command the harness runs on its own, and why. */
  harness?: { purpose: string; runs?: string[] };
}

export class ApprovalGate {
  private readonly remembered = new Set<string>();

  constructor(
    private readonly options: {
      policy: ApprovalPolicy;
      readOnly: boolean;
      rules: ShellRules;
      approver?: Approver;
      analyzeShell?: ShellAnalyzer;
    },
  ) {}

  /** What `decide` will do, without asking anyone (step mode shows it before a tool call). */
  describe(request: Pick<GateRequest, 'tool' | 'risky' | 'args' | 'harness'>): string {
    const settled = this.settle(request);
    if (settled === 'ask') return this.options.approver ? 'asks you first' : 'refused: no one is there to approve';
    return settled.describe;
  }

  /**
   * The one chain of checks both `describe` and `decide` follow: safe tool, read-only, shell
   * rules, policy, a tool remembered for the session; 'ask' when none of them settles it.
   */
  private settle(
    request: Pick<GateRequest, 'tool' | 'risky' | 'args' | 'harness'>,
  ): (GateDecision & { describe: string }) | 'ask' {
    const settled = (decision: GateDecision, describe: string) => ({ ...decision, describe });
    if (!request.risky)
      return settled({ approved: true, by: 'policy', reason: 'safe tool' }, 'runs without approval (a safe tool)');
    if (this.options.readOnly)
      return settled(
        { approved: false, by: 'read-only', reason: 'the session is read-only' },
        'refused: the session is read-only',
      );
    // T9: the harness's own commands meet the shell rules too.
    if (request.tool === 'run_shell' || request.harness) {
      const rule = checkShellRules(String(request.args.command ?? ''), this.options.rules, this.options.analyzeShell);
      if (rule.verdict === 'deny')
        return settled(
          { approved: false, by: 'rule', reason: `the command matches the deny rule "${rule.pattern}"` },
          `refused by the deny rule "${rule.pattern}"`,
        );
      // T4: under "auto", a command whose program no rule can check is not run: nobody said yes.
      if (rule.verdict === 'ask' && rule.opaque && this.options.policy === 'auto')
        return settled(
          { approved: false, by: 'rule', reason: `not run under approval "auto": ${rule.reason ?? ''}` },
          `refused under "auto": ${rule.reason ?? ''}`,
        );
      if (rule.verdict === 'allow' && this.options.policy !== 'never')
        return settled(
          { approved: true, by: 'rule', reason: `allowed by the rule "${rule.pattern}"` },
          `runs: allowed by the rule "${rule.pattern}"`,
        );
    }
    if (this.options.policy === 'auto')
      return settled(
        { approved: true, by: 'policy', reason: 'approval policy "auto"' },
        'runs: approval policy "auto"',
      );
    if (this.options.policy === 'never')
      return settled(
        { approved: false, by: 'policy', reason: 'approval policy "never"' },
        'refused: approval policy "never"',
      );
    if (this.remembered.has(request.tool))
      return settled(
        { approved: true, by: 'remembered', reason: `${request.tool} was allowed for this session` },
        `runs: ${request.tool} was allowed for this session`,
      );
    return 'ask';
  }

  async decide(request: GateRequest): Promise<GateDecision> {
    const settled = this.settle(request);
    if (settled !== 'ask') return { approved: settled.approved, by: settled.by, reason: settled.reason };
    if (!this.options.approver) return { approved: false, by: 'policy', reason: 'no one is there to approve' };
    if (request.signal.aborted) return { approved: false, by: 'user', reason: 'the run was stopped' };
    try {
      const diff = await request.preview?.();
      const decision = await this.options.approver.approve(
        {
          tool: request.tool,
          args: request.args,
          diff,
          sessionId: request.sessionId,
          step: request.step,
          ...(request.harness ? { harness: request.harness } : {}),
        },
        request.signal,
      );
      if (decision.approved && decision.remember) this.remembered.add(request.tool);
      return {
        approved: decision.approved,
        by: 'user',
        reason: decision.reason ?? (decision.approved ? 'approved' : 'denied by the user'),
      };
    } catch (error) {
      return { approved: false, by: 'user', reason: `the approver failed: ${(error as Error).message}` };
    }
  }
}
