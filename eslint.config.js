// ESLint: typescript-eslint with the type-aware rules that catch real bugs here (promises left
// floating or passed where a void callback is expected, `any` leaking out of JSON and messages,
// switches over the event and outcome unions that miss a case), and eslint-plugin-svelte.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'evals/', 'public/', 'test-results/', 'playwright-report/', '**/*.d.mts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, svelteConfig },
    },
  },
  {
    files: ['**/*.ts', '**/*.svelte'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The loop reads as one step (DESIGN rules 11-12): its driver, the parts of a step and the
    // extension seam keep every function short enough to read whole.
    files: [
      'src/lib/harness/run-loop.ts',
      'src/lib/harness/step-*.ts',
      'src/lib/harness/loop-*.ts',
      'src/lib/harness/model-step.ts',
      'src/lib/harness/extensions.ts',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests read JSON replies and recorded files and then assert on their shape with expect():
    // an `any` read there is checked by the assertion itself. The call, argument and return
    // rules stay on.
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // These import source modules by URL inside the page (page.evaluate): such a module has no
    // static type there, and the result is typed where evaluate returns it.
    files: ['tests/e2e/**/*.spec.ts', 'bench/*.bench.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain Node scripts are not part of the TypeScript project: no type-aware rules there.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
