// ESLint flat config: TypeScript rules and React hooks. The one-way import boundaries of
// ARCHITECTURE.md and import cycles are checked by dependency-cruiser on resolved paths
// (.dependency-cruiser.mjs, `npm run lint:deps`, part of `npm run lint`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/server/.build-test-*/**',
      `${SERVER}/db/migrations/**`,
      'e2e/.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      // Prettier (npm run format) lays code out in 120 columns; this keeps comments there too. Strings,
      // template literals and regular expressions may run longer: breaking them would change them.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every screen speaks two languages: text written straight into JSX fails the lint; it goes through t()
    // (apps/web/src/i18n/README.md).
    files: [`${WEB}/**/*.tsx`],
    ignores: [`${WEB}/**/*.test.tsx`, `${WEB}/testing/**`],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
);
