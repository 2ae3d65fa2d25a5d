import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layers (issue 29). One rule, `@typescript-eslint/no-restricted-imports` (it knows `import type`),
// whose restrictions are put together per folder: flat config gives a file the options of the last
// object that matches it, so each object below lists every restriction its files are under.
// src/layers.test.ts shows each one firing.
const layer = {
  /** Production code never reaches into the tests (fakes, factories, harness). */
  noTestCode: {
    patterns: [
      { regex: String.raw`(^|/)test/`, message: 'Production code imports no test code (src/server/test/): move what it needs out of there.' },
      { regex: '^(vitest|fast-check)$', message: 'Test libraries belong to tests.' },
    ],
  },
  /** src/shared is imported by the browser and the server: itself and zod, nothing else. */
  shared: {
    patterns: [
      { regex: '^~/(?!shared/)', message: 'src/shared imports nothing outside itself (it is bundled into the browser and the server).' },
      { regex: String.raw`^\.\./.*(server|client|components|routes|generated)/`, message: 'src/shared imports nothing outside itself.' },
    ],
  },
  sharedPackages: {
    patterns: [
      { regex: String.raw`^(?!zod$|\.\.?/|~/shared/)`, message: 'src/shared imports only itself and zod: a package here lands in the browser and the server.' },
    ],
  },
  /** One folder deep: `../x` leaves src/shared; two deep: `../../x`. */
  sharedTop: { patterns: [{ regex: String.raw`^\.\./`, message: 'src/shared imports nothing outside itself.' }] },
  sharedNested: { patterns: [{ regex: String.raw`^\.\./\.\./`, message: 'src/shared imports nothing outside itself.' }] },
  /** Business rules know nothing of transports: no router, REST adapter, HTTP or tRPC code. */
  domain: {
    patterns: [
      {
        regex: String.raw`^(@trpc/|hono(/|$)|@hono/)`,
        message: 'domain/ knows no transport: throw a domain error (domain/errors.ts); the routers map it to tRPC and HTTP.',
      },
      {
        regex: String.raw`^((\.\./)+|~/server/)(routers|rest|http)/`,
        message: 'domain/ imports no router, REST or HTTP code: those call the domain, not the other way round.',
      },
      { regex: String.raw`^((\.\./)+|~/server/)(trpc|app)(\.ts)?$`, message: 'domain/ imports no tRPC or HTTP app code.' },
      {
        regex: String.raw`^((\.\./)+|~/server/)context(\.ts)?$`,
        allowTypeImports: true,
        message: 'domain/ may take types from the tRPC context (RequestMeta, AppConfig), never its code.',
      },
    ],
  },
  /** The browser's code gets the server's types through the router only. */
  client: {
    patterns: [
      {
        regex: String.raw`^(~/|(\.\./)+)server/routers/_app(\.ts)?$`,
        allowTypeImports: true,
        message: 'Client code takes only `import type { AppRouter }` from the server (better: RouterOutputs from ~/client/trpc.ts).',
      },
      {
        regex: String.raw`^(~/|(\.\./)+)server/(?!routers/_app(\.ts)?$)`,
        message: 'Client code imports nothing from the server but the router’s type: use RouterOutputs from ~/client/trpc.ts.',
      },
    ],
  },
  /** The router's output (and input) types are declared once, in src/client/trpc.ts. */
  routerTypesOnce: {
    paths: [
      {
        name: '@trpc/server',
        importNames: ['inferRouterOutputs', 'inferRouterInputs'],
        message: 'Use RouterOutputs from ~/client/trpc.ts: the router’s types are declared once, there (put RouterInputs beside it if needed).',
      },
    ],
  },
  /**
   * The tRPC client is made in src/client/trpc.ts alone, which loads only with the pages that call the
   * server (ADR 0007, "the data layer on demand"): a runtime import elsewhere can pull it into every page.
   */
  trpcClientOnce: {
    paths: [
      {
        name: '@trpc/client',
        allowTypeImports: true,
        message: 'Only src/client/trpc.ts imports @trpc/client at runtime (it loads with the pages that call the server, ADR 0007): elsewhere `import type`.',
      },
    ],
  },
};
const restrict = (...parts) => ['error', { paths: parts.flatMap((part) => part.paths ?? []), patterns: parts.flatMap((part) => part.patterns ?? []) }];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'src/server/test/**'];
const CLIENT = ['src/client/**', 'src/components/**', 'src/routes/**'];
const RULE = '@typescript-eslint/no-restricted-imports';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'data/',
      '.data-*/',
      'src/generated/',
      'src/routeTree.gen.ts',
      'src/server/test/typed-client/api.gen.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      // Type information for the promise rules below; projectService reads tsconfig.json like the editor does.
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'public/*.js', 'src/server/documents/*.mjs', 'src/server/db/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
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
  // Layers: see `layer` above. Later objects win, so the narrower folders come after the wider ones.
  { files: ['src/**/*.{ts,tsx}', 'server.ts', 'prisma/**/*.ts'], ignores: TESTS, rules: { [RULE]: restrict(layer.noTestCode) } },
  { files: ['src/server/domain/**'], ignores: TESTS, rules: { [RULE]: restrict(layer.noTestCode, layer.domain) } },
  { files: ['src/shared/*.ts'], ignores: TESTS, rules: { [RULE]: restrict(layer.noTestCode, layer.shared, layer.sharedPackages, layer.sharedTop) } },
  { files: ['src/shared/*/**'], ignores: TESTS, rules: { [RULE]: restrict(layer.noTestCode, layer.shared, layer.sharedPackages, layer.sharedNested) } },
  { files: ['src/shared/*.test.ts'], rules: { [RULE]: restrict(layer.shared, layer.sharedTop) } },
  { files: ['src/shared/*/**/*.test.ts'], rules: { [RULE]: restrict(layer.shared, layer.sharedNested) } },
  { files: CLIENT, ignores: TESTS, rules: { [RULE]: restrict(layer.noTestCode, layer.client, layer.routerTypesOnce, layer.trpcClientOnce) } },
  { files: CLIENT.map((dir) => `${dir}/*.test.ts`), rules: { [RULE]: restrict(layer.client, layer.routerTypesOnce) } },
  { files: ['src/client/trpc.ts'], rules: { [RULE]: restrict(layer.noTestCode, layer.client) } },
);
