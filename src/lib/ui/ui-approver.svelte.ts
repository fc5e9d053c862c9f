/** T4 in the page: the loop awaits the dialog; Approve, Deny or Stop resolve it. */
import type { ApprovalDecision, ApprovalRequest, Approver } from '../harness/ports';

export class UiApprover implements Approver {
  pending = $state<(ApprovalRequest & { resolve: (decision: ApprovalDecision) => void }) | undefined>(undefined);

  approve(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    return new Promise((resolve) => {
      const finish = (decision: ApprovalDecision) => {
        signal.removeEventListener('abort', onAbort);
        this.pending = undefined;
        resolve(decision);
      };
      const onAbort = () => finish({ approved: false, reason: 'the run was stopped' });
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending = { ...request, resolve: finish };
    });
  }

  answer(approved: boolean, remember = false): void {
    this.pending?.resolve({
      approved,
      remember: approved && remember,
      reason: approved
        ? remember
          ? 'approved for the rest of the session'
          : 'approved in the dialog'
        : 'denied in the dialog',
    });
  }
}
