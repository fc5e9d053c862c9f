// One process at a time per cache entry. `npm run ollama:serve` and `npm run llama-cpp:serve`
// started together on a fresh machine both assembled the same GGUF into one `.partial` file: one
// found a corrupted hash (and removed the packages the other was reading), the other could not
// rename a file already moved, and neither served qwen2.5-coder:1.5b.
//
// The lock is a directory (mkdir is atomic) holding the owner's pid. It is stale when that
// process is gone; an mtime-based lock (proper-lockfile) would go stale while the owner sits in
// a synchronous `pip install` that blocks its refresh timer.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function ownerOf(lockDir) {
  try {
    return Number(readFileSync(`${lockDir}/pid`, 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `work` holding `${path}.lock`; waits (logging once) while another live process holds it.
 * A lock whose owner is gone, or that has no owner after `graceMs` (its owner died between
 * mkdir and writing the pid), is taken over.
 */
export async function withCacheLock(path, work, { log = () => {}, pollMs = 1000, graceMs = 10_000 } = {}) {
  const lockDir = `${path}.lock`;
  let waitedMs = 0;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(`${lockDir}/pid`, String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const owner = ownerOf(lockDir);
      if ((owner !== undefined && !alive(owner)) || (owner === undefined && waitedMs >= graceMs)) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (waitedMs === 0) log(`waiting for process ${owner ?? '(starting)'} to finish ${path}`);
      await sleep(pollMs);
      waitedMs += pollMs;
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
