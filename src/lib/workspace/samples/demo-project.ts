/** The Demo model's project and task: a tiny library whose `sum()` skips the first item. */
export const demoFiles: Record<string, string> = {
  'README.md': '# sum\nA tiny library with one bug: `sum()` skips the first item.\n',
  'src/sum.js':
    'export function sum(items) {\n  let total = 0;\n  for (let i = 1; i < ' +
    'items.length; i++) total += items[i];\n  return total;\n}\n',
};

export const demoTask = 'sum() in src/sum.js returns the wrong total. Find the bug and fix it.';
