/**
 * A SessionStore as files (Node): `<dir>/<id>/meta.json`, `items.jsonl`, `events.jsonl`.
 * Items are appended one line each (never the whole session again); the metadata file is
 * replaced atomically through a rename. A torn last line (a crash mid-write) is skipped on load.
 */
import { upgradeEvent, upgradeSession } from '../harness/model-options';
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import type { HarnessEvent } from '../harness/events';
import type { SessionStore } from '../harness/ports';
import type { HistoryItem, Session, SessionMeta, SessionSummary } from '../harness/session';
import { sessionMeta, summarize } from '../harness/session';

const safeId = /^[\w.-]{1,128}$/;

export interface LoadReport {
  /** Lines that could not be read (a torn write), by file. */
  skipped: { file: string; line: number }[];
}

export class FileSessionStore implements SessionStore {
  readonly lastLoad: LoadReport = { skipped: [] };

  constructor(readonly directory: string) {}

  private folder(sessionId: string): string {
    if (!safeId.test(sessionId)) throw new Error(`invalid session id "${sessionId}"`);
    return nodePath.join(this.directory, sessionId);
  }

  private async writeAtomic(file: string, text: string): Promise<void> {
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, text, 'utf8');
    await fs.rename(temporary, file);
  }

  async saveSession(session: Session): Promise<void> {
    const folder = this.folder(session.id);
    await fs.mkdir(folder, { recursive: true });
    await this.writeAtomic(
      nodePath.join(folder, 'items.jsonl'),
      session.history.map((item) => `${JSON.stringify(item)}\n`).join(''),
    );
    // The events of the history being replaced go with it (ports.ts).
    await fs.rm(nodePath.join(folder, 'events.jsonl'), { force: true });
    await this.saveMeta(sessionMeta(session));
  }

  async saveMeta(meta: SessionMeta): Promise<void> {
    const folder = this.folder(meta.id);
    await fs.mkdir(folder, { recursive: true });
    await this.writeAtomic(nodePath.join(folder, 'meta.json'), JSON.stringify(meta, null, 2));
  }

  async appendItem(sessionId: string, item: HistoryItem): Promise<void> {
    const handle = await fs.open(nodePath.join(this.folder(sessionId), 'items.jsonl'), 'a');
    try {
      await handle.write(`${JSON.stringify(item)}\n`);
      // Durable before the loop goes on (S2): the line is on disk, not in a cache.
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  /** An edited copy is appended; on load, a copy marked `edited` replaces the one before it. */
  async replaceItem(sessionId: string, item: HistoryItem): Promise<void> {
    if (!item.edited) throw new Error(`item ${item.seq}: only edited items replace stored ones`);
    await this.appendItem(sessionId, item);
  }

  async appendEvents(sessionId: string, events: HarnessEvent[]): Promise<void> {
    await fs.appendFile(
      nodePath.join(this.folder(sessionId), 'events.jsonl'),
      events.map((event) => `${JSON.stringify(event)}\n`).join(''),
      'utf8',
    );
  }

  private async readLines<T>(file: string): Promise<T[]> {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const values: T[] = [];
    text.split('\n').forEach((line, index) => {
      if (!line.trim()) return;
      try {
        values.push(JSON.parse(line) as T);
      } catch {
        this.lastLoad.skipped.push({ file, line: index + 1 });
      }
    });
    return values;
  }

  async load(sessionId: string): Promise<Session | null> {
    const folder = this.folder(sessionId);
    let meta: SessionMeta;
    try {
      meta = JSON.parse(await fs.readFile(nodePath.join(folder, 'meta.json'), 'utf8')) as SessionMeta;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new Error(`session ${sessionId} is damaged: ${(error as Error).message}`, { cause: error });
    }
    const items = await this.readLines<HistoryItem>(nodePath.join(folder, 'items.jsonl'));
    // Keep the first copy of each position (a repeated append after a crash is not history),
    // unless a later copy is a step-mode edit of it.
    const bySeq = new Map<number, HistoryItem>();
    for (const item of items) if (!bySeq.has(item.seq) || item.edited) bySeq.set(item.seq, item);
    const history = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
    return upgradeSession({ ...meta, history });
  }

  async loadEvents(sessionId: string): Promise<HarnessEvent[]> {
    return (await this.readLines<HarnessEvent>(nodePath.join(this.folder(sessionId), 'events.jsonl'))).map(
      upgradeEvent,
    );
  }

  async list(): Promise<SessionSummary[]> {
    const names = await fs.readdir(this.directory).catch(() => [] as string[]);
    const summaries: SessionSummary[] = [];
    for (const name of names) {
      if (!safeId.test(name)) continue;
      const session = await this.load(name).catch(() => null);
      // The shared summary, so every store lists the same fields (forkOf included).
      if (session) summaries.push(summarize(session));
    }
    return summaries.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async delete(sessionId: string): Promise<void> {
    await fs.rm(this.folder(sessionId), { recursive: true, force: true });
  }

  /** The id of the most recently updated top-level session, for `--resume latest`. */
  async latest(): Promise<string | undefined> {
    return (await this.list()).find((summary) => !summary.parentId)?.id;
  }
}
