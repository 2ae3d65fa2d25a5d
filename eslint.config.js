import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-results/', 'playwright-report/', 'data/', '.data-*/', 'src/generated/', 'src/routeTree.gen.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      // Type information for the promise rules below; projectService reads tsconfig.json like the editor does.
      parserOptions: { projectService: { allowDefaultProject: ['*.js', 'public/*.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: globals.node,
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits loses its rejection; `void` marks the deliberate fire-and-forget ones.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      // React calls onClick={async () => ...} and ignores the promise by design; elsewhere a promise where void is expected is a bug.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      // `_`-prefixed names are deliberately unused (destructuring out a field, positional parameters).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/client/**', 'src/components/**', 'src/routes/**', 'public/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    // All of v7's recommended rules, the React Compiler ones (set-state-in-effect, refs, purity, ...) included.
    rules: reactHooks.configs.flat.recommended.rules,
  },
  { files: ['src/components/**', 'src/routes/**'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/components/**', 'src/routes/**'],
    rules: {
      // Labels that carry a title and a hint nest their text one level deeper than the default looks.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  // Dialogs open with showModal(), which moves focus to the autofocus field: the native dialog's intended pattern.
  { files: ['src/components/**/*-dialogs.tsx'], rules: { 'jsx-a11y/no-autofocus': 'off' } },
);
