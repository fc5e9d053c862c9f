/** JavaScript modules for the code families, in CommonJS or ES module form, and their node:test files. */
export type ModuleKind = 'cjs' | 'esm';

export function packageJson(kind: ModuleKind, name = 'project', scripts?: Record<string, string>): string {
  const body = {
    name,
    version: '1.0.0',
    ...(kind === 'esm' ? { type: 'module' } : {}),
    ...(scripts ? { scripts } : {}),
  };
  return JSON.stringify(body, null, 2) + '\n';
}

/** `import { a, b } from '…'` or `const { a, b } = require('…')`. */
export function importLine(kind: ModuleKind, names: string[], from: string): string {
  return kind === 'esm'
    ? `import { ${names.join(', ')} } from '${from}';`
    : `const { ${names.join(', ')} } = require('${from}');`;
}

/** A function declaration, exported in place (ESM) or listed in module.exports (CJS) by `exportList`. */
export function declare(kind: ModuleKind, source: string, exported: boolean): string {
  return kind === 'esm' && exported ? `export ${source}` : source;
}

export function exportList(kind: ModuleKind, names: string[]): string {
  return kind === 'cjs' ? `\nmodule.exports = { ${names.join(', ')} };\n` : '';
}

/** A node:test file: one test a case, each `assert.deepEqual(call, expected)`. */
export function testFile(kind: ModuleKind, names: string[], from: string, cases: [string, string, unknown][]): string {
  const head =
    kind === 'esm'
      ? `import test from 'node:test';\nimport assert from 'node:assert/strict';\n${importLine(kind, names, from)}\n`
      : "const test = require('node:test');\nconst assert = require('node:assert/strict');\n" +
        `${importLine(kind, names, from)}\n`;
  const body = cases
    .map(
      ([title, expression, expected]) =>
        `\ntest(${JSON.stringify(title)}, () => {\n` +
        `  assert.deepEqual(${expression}, ${JSON.stringify(expected)});\n});\n`,
    )
    .join('');
  return head + body;
}

/** A probe (hidden, run by the check): prints the JSON of each expression, so the check can compare. */
export function probeFile(kind: ModuleKind, names: string[], from: string, expressions: string[]): string {
  return (
    `${importLine(kind, names, from)}\n// Hidden inputs; the expected output is only in the check command.\n` +
    `console.log(JSON.stringify([${expressions.join(', ')}]));\n`
  );
}

/** The probe's file name: the module system of the package decides what `.js` means. */
export const probeName = (kind: ModuleKind, name: string) => `check/${name}.probe.${kind === 'esm' ? 'mjs' : 'cjs'}`;
