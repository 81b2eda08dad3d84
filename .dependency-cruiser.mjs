/**
 * dependency-cruiser (`npm run lint:deps`, part of `npm run lint`): import cycles and the one-way
 * import rules of ARCHITECTURE.md, checked on resolved paths (so `@/features/x`, `../../x` and
 * `../features/x` are one and the same target), with no native resolver.
 *
 * Cycles: any cycle of runtime imports in apps/server/src, apps/web/src or packages/contracts/src
 * fails. Type-only imports (`import type …`, or imports whose every name is a type) are allowed to
 * close a cycle: TypeScript erases them, so they cannot cause the half-initialised-module bugs a
 * runtime cycle causes, and they let a contract's types file (payment-links.ts) infer its request
 * types from its schemas file (payment-links-schemas.ts) that imports its constants.
 *
 * Layers (ARCHITECTURE.md "One-way imports"):
 *   web:    lib ← components ← features/<domain> ← app; a feature never imports another feature.
 *   server: lib ← plugins ← modules.
 *   contracts import nothing of the apps.
 * Type-only imports count here: a layer must not know the types of a layer above it either.
 */
import { fileURLToPath } from 'node:url';

const WEB = '^apps/web/src';
const SERVER = '^apps/server/src';
const CONTRACTS = '^packages/contracts/src';
const ERASED = ['type-only', 'pre-compilation-only'];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: modules that import each other at run time (type-only imports may close a cycle; see the top of this file).',
      from: { path: [WEB, SERVER, CONTRACTS] },
      to: { circular: true, viaOnly: { dependencyTypesNot: ERASED } },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import the resolver cannot find: fix it, or teach the resolver (an unresolved import would hide a cycle).',
      from: { path: [WEB, SERVER, CONTRACTS] },
      to: { couldNotResolve: true },
    },
    {
      name: 'web-lib-is-the-bottom',
      severity: 'error',
      comment: 'web lib is the bottom layer: it imports nothing of components, features or the app.',
      from: { path: `${WEB}/lib/` },
      to: { path: [`${WEB}/components/`, `${WEB}/features/`, `${WEB}/app/`] },
    },
    {
      name: 'web-components-below-features',
      severity: 'error',
      comment: 'shared components never import features or the app shell.',
      from: { path: `${WEB}/components/` },
      to: { path: [`${WEB}/features/`, `${WEB}/app/`] },
    },
    {
      name: 'web-feature-not-app',
      severity: 'error',
      comment: 'a feature never imports the app shell; the app imports features.',
      from: { path: `${WEB}/features/` },
      to: { path: `${WEB}/app/` },
    },
    {
      name: 'web-feature-not-other-feature',
      severity: 'error',
      comment: 'a feature never imports another feature; move shared code to lib or components.',
      from: { path: `${WEB}/features/([^/]+)/` },
      to: { path: `${WEB}/features/`, pathNot: `${WEB}/features/$1/` },
    },
    {
      name: 'server-lib-is-the-bottom',
      severity: 'error',
      comment: 'server lib is the bottom layer: it imports nothing of plugins or modules.',
      from: { path: `${SERVER}/lib/` },
      to: { path: [`${SERVER}/plugins/`, `${SERVER}/modules/`] },
    },
    {
      name: 'server-plugins-below-modules',
      severity: 'error',
      comment: 'plugins never import modules.',
      from: { path: `${SERVER}/plugins/` },
      to: { path: `${SERVER}/modules/` },
    },
    {
      name: 'contracts-import-no-app',
      severity: 'error',
      comment: 'packages/contracts is shared by server and web and imports neither.',
      from: { path: CONTRACTS },
      to: { path: '^apps/' },
    },
  ],
  options: {
    // Our own sources only; packages are resolved (so unresolvable imports show) but not followed.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: ['(^|/)dist/', `${SERVER}/db/migrations/`] },
    // Type-only imports are part of the graph (marked type-only), so the layer rules see them.
    tsPreCompilationDeps: true,
    // The web app's `@/` path; the server and contracts have no paths, and `@mbo/contracts/*`
    // resolves through the workspace link and the package's exports.
    tsConfig: { fileName: fileURLToPath(new URL('./.dependency-cruiser.tsconfig.json', import.meta.url)) },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    cache: false,
    progress: { type: 'none' },
  },
};
