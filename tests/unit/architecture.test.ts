import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileIndex, hasIndex, sourceFiles, sourceFolders, withIndex } from '../../scripts/file-index';

function files(directory: string, pattern = /\.(ts|svelte)$/): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? files(full, pattern) : pattern.test(full) ? [full] : [];
  });
}

const outsideModules = [
  'svelte',
  String.raw`svelte\/.*`,
  'idb',
  String.raw`@webcontainer\/api`,
  'monaco-editor',
  'ollama',
  String.raw`ollama\/.*`,
  'just-bash',
  'node:.*',
  'fs',
  'path',
  'child_process',
  String.raw`@xterm\/.*`,
  'isomorphic-git',
];
const forbidden = new RegExp(
  `from ['"](${outsideModules.join('|')})['"]|` + String.raw`\b(document|window|indexedDB|localStorage|fetch)\s*[.(]`,
);

describe('architecture', () => {
  it("every file a src/lib README's table names is there (the model README named a file renamed long before)", () => {
    const missing: string[] = [];
    for (const readme of files('src/lib', /README\.md$/)) {
      const folder = path.dirname(readme);
      for (const line of readFileSync(readme, 'utf8').split('\n')) {
        if (!line.startsWith('|')) continue;
        for (const [, name] of line.split('|')[1].matchAll(/`([^`]+\.(?:ts|svelte|json|mjs|md))`/g))
          if (!statSync(path.join(folder, name), { throwIfNoEntry: false })) missing.push(`${readme}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
  it('every folder of src/lib with source files has a README that names each of them', () => {
    const unnamed: string[] = [];
    for (const folder of sourceFolders()) {
      const readme = path.join(folder, 'README.md');
      if (!statSync(readme, { throwIfNoEntry: false })) {
        unnamed.push(`${folder}: no README.md`);
        continue;
      }
      // A name in backticks: `agent.ts`, `TopBar`, `prompt/pinned-prefix.ts`, `eval-bundle.ts`, `eval-bundle-files.ts`.
      // Line by line, and in a table only the first cell: a sentence may hold a code sample's backticks.
      const named = new Set(
        readFileSync(readme, 'utf8')
          .split('\n')
          .map((line) => (line.startsWith('|') ? line.split('|')[1]! : line))
          .flatMap((line) => [...line.matchAll(/`([^`]+)`/g)].flatMap(([, span]) => span!.split(/[\s,+()]+/))),
      );
      for (const name of sourceFiles(folder)) {
        const stem = name.replace(/\.(?:svelte\.ts|ts|svelte)$/, '');
        const found = [...named].some((token) => token === name || token === stem || token.endsWith(`/${name}`));
        if (!found) unnamed.push(`${readme}: ${name}`);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it("every generated file index is what the files' header comments say now (npx tsx scripts/file-index.ts)", () => {
    const indexed = sourceFolders().filter((folder) => {
      const readme = path.join(folder, 'README.md');
      return statSync(readme, { throwIfNoEntry: false }) && hasIndex(readFileSync(readme, 'utf8'));
    });
    expect(indexed.length).toBeGreaterThan(10);
    for (const folder of indexed) {
      const text = readFileSync(path.join(folder, 'README.md'), 'utf8');
      expect(text, folder).toContain(fileIndex(folder));
      expect(withIndex(folder, text)).toBe(text);
      expect(fileIndex(folder)).not.toContain('(no header comment)');
    }
  });

  it('the harness imports no UI, storage, transport or Node code (DESIGN.md: it stays headless)', () => {
    const offenders = files('src/lib/harness').filter((file) => forbidden.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the harness imports nothing from the folders that depend on it', () => {
    const outward = /from ['"]\.\.\/(\.\.\/)*(model|workspace|store|ui)\//;
    const offenders = files('src/lib/harness').filter((file) => outward.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('each folder imports only the folders its layer allows (store and evals included)', () => {
    // Dependencies point inward: harness ← model, workspace ← store ← evals ← ui; the CLI wires all but the UI.
    const allowed: Record<string, string[]> = {
      'src/lib/harness': [],
      'src/lib/model': ['harness'],
      'src/lib/workspace': ['harness'],
      // A session's files are snapshots of its workspace.
      'src/lib/store': ['harness', 'workspace'],
      // An eval run is a run: a model, a fresh workspace, a store for its session.
      'src/lib/evals': ['harness', 'model', 'store', 'workspace'],
      'src/lib/ui': ['harness', 'model', 'store', 'workspace', 'evals'],
      'src/cli': ['harness', 'model', 'store', 'workspace', 'evals'],
    };
    const offenders = Object.entries(allowed).flatMap(([folder, may]) =>
      files(folder).flatMap((file) =>
        [
          ...readFileSync(file, 'utf8').matchAll(
            /from ['"](?:\.\.\/)+(?:lib\/)?(harness|model|workspace|store|evals|ui)\//g,
          ),
        ]
          .map((match) => match[1])
          .filter((target) => `src/lib/${target}` !== folder && !may.includes(target))
          .map((target) => `${file} imports ${target}/`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('harness files import one another without cycles (dependencies point one way)', () => {
    const graph = new Map<string, string[]>();
    for (const file of files('src/lib/harness')) {
      const imports = [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'"]*from ['"](\.[^'"]+)['"]/gm)].map(
        (match) => `${path.resolve(path.dirname(file), match[1])}.ts`,
      );
      graph.set(
        path.resolve(file),
        imports.filter((target) => target.includes(`${path.sep}harness${path.sep}`)),
      );
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, trail: string[]) => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'open') {
        cycles.push(
          trail
            .slice(trail.indexOf(node))
            .concat(node)
            .map((entry) => path.relative('src/lib/harness', entry))
            .join(' → '),
        );
        return;
      }
      state.set(node, 'open');
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
      state.set(node, 'done');
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it('no source line runs past 120 columns (Prettier wraps code; long strings and comments are wrapped by hand)', () => {
    // The task pool's families are data: a request or a file's text a string, read as it is sent.
    const data = /^scripts\/task-pool\/families\//;
    const wide = ['src', 'scripts', 'bench'].flatMap((root) =>
      files(root, /\.(ts|svelte|mjs)$/)
        .filter((file) => !data.test(file))
        .flatMap((file) =>
          readFileSync(file, 'utf8')
            .split('\n')
            .flatMap((line, index) => ([...line].length > 120 ? [`${file}:${index + 1}`] : [])),
        ),
    );
    expect(wide).toEqual([]);
  });

  it('source files stay under 400 lines (and one over 300 is named: does it still hold one concern?)', () => {
    const lines = files('src').map((file) => [file, readFileSync(file, 'utf8').split('\n').length] as const);
    const large = lines.filter(([, count]) => count > 300).map(([file, count]) => `${file} (${count})`);
    if (large.length)
      console.warn(`files over 300 lines, split by concern before they reach 400:\n${large.join('\n')}`);
    expect(lines.filter(([, count]) => count > 400).map(([file]) => file)).toEqual([]);
  });

  it('the loop is a short driver that imports no rule: the rules come from the packs, through one dispatcher', () => {
    const source = readFileSync('src/lib/harness/run-loop.ts', 'utf8');
    expect(source.split('\n').length).toBeLessThan(150);
    const imported = [...source.matchAll(/^import[^'"]*from '\.\/([^']+)'/gm)].map((match) => match[1]).sort();
    // The parts of one step, the turn, the state machine and the rules' seam: nothing a rule owns.
    expect(imported).toEqual([
      'loop-context',
      'loop-state',
      'model-step',
      'outcome',
      'rules/dispatch',
      'rules/run-rules',
      'rules/run-rules',
      'run-setup',
      'step-act',
      'step-reply',
      'step-request',
      'step-request',
      'step-scope',
      'step-scope',
      'step-scope',
      'turn-start',
    ]);
    for (const part of ['step-request', 'step-reply', 'step-act', 'model-step', 'step-scope', 'tool-round']) {
      const imports = readFileSync(`src/lib/harness/${part}.ts`, 'utf8').match(/^import .*$/gm) ?? [];
      expect(imports.join('\n'), part).not.toMatch(
        /small-model|guards\/|step-mode|done-check|cut-continuation|runaway|rule-packs/,
      );
    }
  });

  it('the units of the harness (each folder, each file beside them) import one another one way: no cycle', () => {
    const root = 'src/lib/harness';
    const unitOf = (file: string) => path.relative(root, file).split(path.sep)[0]!.replace(/\.ts$/, '');
    const edges = new Map<string, Set<string>>();
    for (const file of files(root)) {
      const from = unitOf(file);
      const targets = edges.get(from) ?? new Set<string>();
      edges.set(from, targets);
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'"]*from ['"](\.[^'"]+)['"]/gm)) {
        const target = path.relative(root, path.resolve(path.dirname(file), spec!));
        if (!target.startsWith('..')) targets.add(unitOf(path.join(root, `${target}.ts`)));
      }
      targets.delete(from);
    }
    const mutual = [...edges].flatMap(([a, targets]) =>
      [...targets].filter((b) => a < b && edges.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
    );
    expect(mutual).toEqual([]);
    // No longer cycles either: every unit sits on a layer above everything it imports.
    const layer = new Map<string, number>();
    const open = new Set<string>();
    const cycles: string[] = [];
    const depth = (unit: string): number => {
      if (layer.has(unit)) return layer.get(unit)!;
      if (open.has(unit)) {
        cycles.push(unit);
        return 0;
      }
      open.add(unit);
      const below = [...(edges.get(unit) ?? [])].map((target) => depth(target) + 1);
      open.delete(unit);
      layer.set(unit, Math.max(0, ...below));
      return layer.get(unit)!;
    };
    for (const unit of edges.keys()) depth(unit);
    expect(cycles).toEqual([]);
  });
});
