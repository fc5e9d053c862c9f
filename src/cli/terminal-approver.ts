/** T4 in a terminal: asks on stderr, reads the answer from stdin; end of input means no. */
import { createInterface } from 'node:readline';
import type { Interface } from 'node:readline';
import type { ApprovalDecision, ApprovalRequest, Approver } from '../lib/harness/ports';

export class TerminalApprover implements Approver {
  private lines: string[] = [];
  private waiting: ((line: string | null) => void)[] = [];
  private ended = false;
  private reader: Interface | undefined;

  private start(): void {
    if (this.reader) return;
    this.reader = createInterface({ input: process.stdin, terminal: false });
    this.reader.on('line', (line) => {
      const next = this.waiting.shift();
      if (next) next(line);
      else this.lines.push(line);
    });
    this.reader.on('close', () => {
      this.ended = true;
      for (const next of this.waiting.splice(0)) next(null);
    });
  }

  private nextLine(signal: AbortSignal): Promise<string | null> {
    if (this.lines.length) return Promise.resolve(this.lines.shift()!);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      signal.addEventListener('abort', () => resolve(null), { once: true });
    });
  }

  async approve(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    this.start();
    const args = JSON.stringify(request.args, null, 2);
    process.stderr.write(`\nApprove tool call: ${request.tool}\n${args.length > 4000 ? `${args.slice(0, 4000)}\n…` : args}\n`);
    if (request.diff) process.stderr.write(`${request.diff}\n`);
    process.stderr.write('Approve? [y]es / [N]o / [a]lways for this tool: ');
    const answer = await this.nextLine(signal);
    if (answer === null) {
      process.stderr.write('\n(no input: denied; use --approval auto or never to run without asking)\n');
      return { approved: false, reason: 'no answer on the terminal (end of input)' };
    }
    const word = answer.trim().toLowerCase();
    if (word === 'a' || word === 'always') return { approved: true, remember: true, reason: 'approved on the terminal for the rest of the session' };
    if (word === 'y' || word === 'yes') return { approved: true, reason: 'approved on the terminal' };
    return { approved: false, reason: 'denied on the terminal' };
  }

  close(): void {
    this.reader?.close();
  }
}
