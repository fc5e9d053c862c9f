/** T4 in a terminal: asks on stderr, reads the answer from stdin; end of input means no. */
import { createInterface } from 'node:readline';
import type { Interface } from 'node:readline';
import type { ApprovalDecision, ApprovalRequest, Approver } from '../lib/harness/ports';
import { escapeForTerminal } from './terminal-text';

export class TerminalApprover implements Approver {
  /** Where the question goes (stderr; a test passes its own). */
  constructor(private readonly output: (text: string) => void = (text) => void process.stderr.write(text)) {}

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
    // Shown whole and escaped: what is approved must be what is seen (nothing clipped or hidden).
    const command =
      typeof request.args.command === 'string'
        ? `command (shown whole):\n  ${escapeForTerminal(request.args.command).replace(/\n/g, '\n  ')}\n`
        : '';
    const args = escapeForTerminal(JSON.stringify(request.args, null, 2));
    // T9: the harness's own command says why it runs, and which of the project's files it executes.
    const own = request.harness
      ? `The harness runs this on its own: ${escapeForTerminal(request.harness.purpose)}.\n` +
        (request.harness.runs?.length
          ? `It executes the project's own code as you: ${request.harness.runs.map(escapeForTerminal).join(', ')}\n`
          : '')
      : '';
    this.output(`\nApprove tool call: ${escapeForTerminal(request.tool)}\n${own}${command}${args}\n`);
    if (request.diff) this.output(`${escapeForTerminal(request.diff)}\n`);
    this.output('Approve? [y]es / [N]o / [a]lways for this tool: ');
    const answer = await this.nextLine(signal);
    if (answer === null) {
      this.output('\n(no input: denied; use --approval auto or never to run without asking)\n');
      return { approved: false, reason: 'no answer on the terminal (end of input)' };
    }
    const word = answer.trim().toLowerCase();
    if (word === 'a' || word === 'always')
      return { approved: true, remember: true, reason: 'approved on the terminal for the rest of the session' };
    if (word === 'y' || word === 'yes') return { approved: true, reason: 'approved on the terminal' };
    return { approved: false, reason: 'denied on the terminal' };
  }

  close(): void {
    this.reader?.close();
  }
}
