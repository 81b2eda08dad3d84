// ESLint flat config: TypeScript rules, React hooks, no import cycles, and the one-way import
// boundaries of ARCHITECTURE.md (web: lib/components ← features ← app; a feature never imports
// another feature; server: lib ← plugins ← modules).
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const WEB = 'apps/web/src';
const features = fs.readdirSync(`${WEB}/features`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

const webZones = [
  { target: `./${WEB}/lib`, from: [`./${WEB}/features`, `./${WEB}/app`, `./${WEB}/components`], message: 'lib is the bottom layer.' },
  { target: `./${WEB}/components`, from: [`./${WEB}/features`, `./${WEB}/app`], message: 'shared components never import features or the app.' },
  { target: `./${WEB}/features`, from: `./${WEB}/app`, message: 'a feature never imports the app shell.' },
  ...features.map((f) => ({
    target: `./${WEB}/features/${f}`,
    from: `./${WEB}/features`,
    except: [`./${f}`],
    message: 'a feature never imports another feature; move shared code to lib or components.',
  })),
];
const serverZones = [
  { target: './apps/server/src/lib', from: ['./apps/server/src/plugins', './apps/server/src/modules'], message: 'lib is the bottom layer.' },
  { target: './apps/server/src/plugins', from: './apps/server/src/modules', message: 'plugins never import modules.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/src/db/migrations/**', 'e2e/.tmp/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'] })] },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
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
);
