/**
 * W2 on a real machine: a command runs in `/bin/sh -c` in its own process group, killed as a
 * group on timeout or abort. Processes that left the group (setsid, double fork) are found
 * afterwards by a marker in their environment and killed too — and reported, never hidden. A
 * process-count limit applies where the OS enforces one (not for root).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { ExecOptions, ExecResult } from '../../harness/workspace-types';
import { BoundedOutput } from '../bounded-output';

const isLinux = process.platform === 'linux';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
/** Processes a command may add to the user's count (RLIMIT_NPROC is per user, not per command). */
const processHeadroom = 256;

async function processes(): Promise<string[]> {
  if (!isLinux) return [];
  return (await fs.readdir('/proc').catch(() => [] as string[])).filter((name) => /^\d+$/.test(name));
}

/**
 * PIDs whose environment carries the marker and that are not in process group `group` (those
 * were killed with it). A process that cleared its environment cannot be found.
 */
async function marked(marker: string, group: number | undefined): Promise<number[]> {
  const found: number[] = [];
  for (const pid of await processes()) {
    const environ = await fs.readFile(`/proc/${pid}/environ`, 'latin1').catch(() => '');
    if (!environ.includes(marker)) continue;
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'latin1').catch(() => '');
    const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    if (pgrp !== group) found.push(Number(pid));
  }
  return found;
}

export async function processLimit(): Promise<{ limit?: number; note: string }> {
  if (!isLinux) return { note: 'no process-count limit on this OS' };
  if (isRoot) return { note: 'the process-count limit is not enforced when running as root' };
  const count = (await processes()).length;
  return { limit: count + processHeadroom, note: `commands may start at most about ${processHeadroom} processes` };
}

export function runInProcessGroup(
  command: string,
  cwd: string,
  options: ExecOptions,
  limit?: number,
): Promise<ExecResult> {
  const started = Date.now();
  const marker = `HARNESS_EXEC_ID=${randomUUID()}`;
  const [markerName, markerValue] = marker.split('=');
  const script = limit ? 'ulimit -u "$0" 2>/dev/null; exec /bin/sh -c "$1"' : undefined;
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', script ? ['-c', script, String(limit), command] : ['-c', command], {
      cwd,
      env: { ...process.env, ...(options.env ?? {}), [markerName]: markerValue },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { stdout: new BoundedOutput(), stderr: new BoundedOutput() };
    let timedOut = false;
    let aborted = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch (error) {
        // ESRCH: the group is already gone, which is what we wanted.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') child.kill('SIGKILL');
      }
    };
    const collect = (stream: 'stdout' | 'stderr') => (data: Buffer) => {
      const text = data.toString('utf8');
      options.onOutput?.(text, stream);
      output[stream].append(text);
    };
    child.stdout.on('data', collect('stdout'));
    child.stderr.on('data', collect('stderr'));
    // Escaped processes may hold the output pipes open: they are found and killed at once, and
    // if the pipes still do not close, the command is finished without them.
    const escaped = new Set<number>();
    const reap = async () => {
      killGroup();
      for (const pid of await marked(marker, child.pid)) {
        escaped.add(pid);
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone between the scan and the kill.
        }
      }
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        void finish(child.exitCode ?? 137);
      }, 2000).unref();
    };
    const timer = options.timeoutMs ? setTimeout(() => ((timedOut = true), void reap()), options.timeoutMs) : undefined;
    const onAbort = () => ((aborted = true), void reap());
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let finished = false;
    const finish = async (exitCode: number, extra = '') => {
      if (finished) return;
      finished = true;
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      let report = '';
      if (timedOut || aborted) {
        killGroup();
        for (const pid of await marked(marker, child.pid)) {
          escaped.add(pid);
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Gone between the scan and the kill.
          }
        }
        const outsideGroup = [...escaped];
        if (outsideGroup.length > 0)
          report =
            `\n[harness] ${outsideGroup.length} process(es) were still running ` +
            `after the command's process group was killed (they had left it: ` +
            `setsid or a double fork): ${outsideGroup.join(', ')}; they were found ` +
            `by their environment and killed. A process that clears its ` +
            `environment cannot be found this way.`;
        else if (!isLinux)
          report =
            '\n[harness] processes that left the process group (setsid) cannot be found on this OS and may still run.';
      }
      const dropped = output.stdout.dropped + output.stderr.dropped;
      resolve({
        exitCode,
        stdout: output.stdout.text,
        stderr: output.stderr.text + extra + report,
        timedOut,
        aborted,
        durationMs: Date.now() - started,
        ...(dropped ? { droppedChars: dropped } : {}),
      });
    };
    child.on('error', (error) => void finish(127, `failed to start: ${error.message}`));
    child.on('close', (code, signal) => void finish(code ?? (signal ? 128 + 9 : 1)));
  });
}
