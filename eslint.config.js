// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import erroCalado from './scripts/lint/erro-calado.js';

/**
 * Lint: typescript-eslint's recommended rules, React hooks, jsx-a11y. The layer rule and import circles
 * are dependency-cruiser's (.dependency-cruiser.cjs); formatting is Prettier's; unused files, exports and
 * dependencies are knip's (knip.json). `npm run lint` runs all.
 */

export default tseslint.config(
  { ignores: ['build/', 'public/build/', '.cache/', '.data/', 'node_modules/', 'db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, martelo: { rules: { 'erro-calado': erroCalado } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'martelo/erro-calado': 'error',
      'no-empty': ['error', { allowEmptyCatch: false }],
      // Scrollable regions (carousels, galleries) are focusable so keyboard users can scroll them (axe's
      // scrollable-region-focusable); they carry role="region" and a label.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region', 'tabpanel'], tags: [] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Only env.server.ts reads process.env (STYLE.md habit 1).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through app/utils/env.server.ts.' },
      ],
    },
  },
  {
    // docs/architecture.md, the layer rule: "Remix-aware code (anything that takes a `Request` to answer a page)
    // belongs to routes, not to `app/modules/`"; the naming rule: use cases "know nothing of HTTP".
    files: ['app/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@remix-run/*', 'express'],
              message: 'Use cases know nothing of Remix or HTTP: redirects, cookies and responses belong to app/paginas/ or app/utils/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    // Configuration and tooling may read the environment directly.
    files: ['app/utils/env.server.ts', 'tests/**', 'scripts/**', '*.config.{js,ts}', 'db/drizzle.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
