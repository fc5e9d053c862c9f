/**
 * Keeps real replies of real models as fixtures: every distinct assistant reply in the
 * sessions of the sweeps named, with the protocol it answered in, written to
 * tests/fixtures/model-replies/MODEL.json. Each fixture says what the parser makes of it
 * (`expect`); a new fixture's `expect` is the parser's answer of the day, marked `reviewed: false`
 * until a person has read the reply and agreed (or corrected it). The parser's tests run on them.
 *
 *   npx tsx scripts/record-model-replies.ts eval-results/qwen-screen-0.5b …
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolCall } from '../src/lib/harness/model-types';
import { describeParse, parseAs } from '../tests/fixtures/model-replies/parse-as';

interface Fixture {
  protocol: 'native' | 'text' | 'constrained';
  content: string;
  toolCalls?: ToolCall[];
  expect: ReturnType<typeof describeParse>;
  reviewed: boolean;
}

const byModel = new Map<string, Fixture[]>();
for (const folder of process.argv.slice(2)) {
  const sessions = join(folder, 'sessions');
  for (const file of readdirSync(sessions).filter((name) => name.endsWith('.session.json'))) {
    const { session } = JSON.parse(readFileSync(join(sessions, file), 'utf8')) as {
      session: {
        model: string;
        settings: { protocol: string };
        history: { kind: string; content: string; toolCalls?: ToolCall[] }[];
      };
    };
    const protocol = session.settings.protocol as Fixture['protocol'];
    const list = byModel.get(session.model) ?? [];
    for (const item of session.history) {
      if (
        item.kind !== 'assistant' ||
        list.some((known) => known.protocol === protocol && known.content === item.content)
      )
        continue;
      const fixture = {
        protocol,
        content: item.content,
        ...(item.toolCalls?.length ? { toolCalls: item.toolCalls } : {}),
      };
      list.push({ ...fixture, expect: describeParse(parseAs(fixture)), reviewed: false });
    }
    byModel.set(session.model, list);
  }
}
for (const [model, found] of byModel) {
  const path = join('tests/fixtures/model-replies', `${model.replace(/[^\w.-]+/g, '-')}.json`);
  const kept = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Fixture[]) : [];
  const added = found.filter(
    (entry) => !kept.some((old) => old.protocol === entry.protocol && old.content === entry.content),
  );
  writeFileSync(path, `${JSON.stringify([...kept, ...added], null, 1)}\n`);
  console.log(`${path}: ${kept.length} kept, ${added.length} added (to review)`);
}
