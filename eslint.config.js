// ESLint flat config: TypeScript rules, React hooks, and the one-way import boundaries of
// ARCHITECTURE.md (web: lib ← components ← features ← app, a feature never imports another
// feature; server: lib ← plugins ← modules), enforced with core no-restricted-imports.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const features = fs.readdirSync(`${WEB}/features`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** A rule forbidding imports that match the patterns, with the reason in the message. */
const forbid = (files, groups, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }] },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', `${SERVER}/db/migrations/**`, 'e2e/.tmp/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // web boundaries
  forbid([`${WEB}/lib/**`], ['@/features/**', '@/app/**', '@/components/**', '**/features/**', '../app/**', '../components/**'], 'lib is the bottom layer: it imports nothing of components, features or the app.'),
  forbid([`${WEB}/components/**`], ['@/features/**', '@/app/**', '**/features/**', '../app/**'], 'shared components never import features or the app shell.'),
  ...features.map((f) =>
    forbid(
      [`${WEB}/features/${f}/**`],
      ['@/app/**', ...features.filter((o) => o !== f).flatMap((o) => [`@/features/${o}/**`, `../../${o}/**`, `../${o}/**`])],
      'a feature never imports the app shell or another feature; move shared code to lib or components.',
    ),
  ),
  // server boundaries
  forbid([`${SERVER}/lib/**`], ['**/plugins/**', '**/modules/**'], 'server lib is the bottom layer.'),
  forbid([`${SERVER}/plugins/**`], ['**/modules/**'], 'plugins never import modules.'),
);
