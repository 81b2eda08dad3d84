/**
 * dependency-cruiser (`npm run lint:deps`, part of `npm run lint`): import cycles and the one-way
 * import rules of ARCHITECTURE.md, checked on resolved paths (so `@/features/x`, `../../x` and
 * `../features/x` are one and the same target), with no native resolver.
 *
 * Cycles: any cycle of runtime imports in apps/web/src or packages/contracts/src fails. There,
 * type-only imports (`import type …`, or imports whose every name is a type) are allowed to close a
 * cycle: TypeScript erases them, so they cannot cause the half-initialised-module bugs a runtime
 * cycle causes, and they let a contract's types file (payment-links.ts) infer its request types from
 * its schemas file (payment-links-schemas.ts) that imports its constants. In apps/server/src every
 * import counts, type-only ones included: a type that runs back up is a dependency all the same, and
 * the server's modules must stay a one-way graph (ARCHITECTURE.md), file by file and module by module.
 *
 * Layers (ARCHITECTURE.md "One-way imports"):
 *   web:    lib ← components ← features/<domain> ← app; a feature never imports another feature.
 *   server: lib ← plugins ← modules; a module is used through its entry file, modules/<name>/index.ts,
 *           only, and the modules import each other one way.
 *   contracts import nothing of the apps.
 * Type-only imports count here: a layer must not know the types of a layer above it either.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const WEB = '^apps/web/src';
const SERVER = '^apps/server/src';
const CONTRACTS = '^packages/contracts/src';
const ERASED = ['type-only', 'pre-compilation-only'];
const MODULES = `${SERVER}/modules`;
/**
 * The folder a server file belongs to, as a group for the rules below: `modules/<name>/` for a module's
 * file, the top folder (`seed/`, `lib/`, …) otherwise, or the file itself at the top (`app.ts`).
 */
const SERVER_FOLDER = `${SERVER}/(modules/[^/]+/|[^/]+/|[^/]+$)`;
/** Test code: test files, the shared test setup (src/test/) and the modules' test helpers. */
const SERVER_TEST_CODE = `(?:\\.test\\.ts|^apps/server/src/test/.*|/test-[^/]+\\.ts|-test-helpers\\.ts)$`;
/** A module's files made for other modules' tests (test-payments.ts, test-services.ts, team-test-helpers.ts). */
const TEST_HELPERS = `${MODULES}/[^/]+/(test-[^/]+|[^/]+-test-helpers)\\.ts$`;
/** A module's entry file: what the other folders may import of it. */
const MODULE_ENTRY = `${MODULES}/[^/]+/index\\.ts$`;
/**
 * Modules import each other one way: no file of a module may reach its own entry file through other
 * modules, type-only imports included (coordination such as approvals takes handlers that the other
 * modules register). Since other folders import a module only through its entry file, and a module's
 * own files never do, that is every cycle between modules. One rule per module: a `reachable` rule
 * cannot refer to its `from` module's folder as a group ($1) when it is checked.
 */
function serverModuleCycleRules() {
  const modulesDir = new URL('./apps/server/src/modules/', import.meta.url);
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      name: `server-no-module-cycle-${name}`,
      severity: 'error',
      comment: `A cycle between server modules: a file of modules/${name} reaches modules/${name}/index.ts back through other modules.`,
      from: { path: `${MODULES}/${name}/`, pathNot: SERVER_TEST_CODE },
      to: { path: `${MODULES}/${name}/index\\.ts$`, reachable: true },
    }));
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: files that import each other at run time (type-only imports may close a cycle here; see the top of this file).',
      from: { path: [WEB, CONTRACTS] },
      to: { circular: true, viaOnly: { dependencyTypesNot: ERASED } },
    },
    {
      name: 'server-no-circular',
      severity: 'error',
      comment:
        'An import cycle in the server: files that import each other, type-only imports included (see the top of this file).',
      from: { path: SERVER },
      to: { circular: true },
    },
    {
      name: 'server-module-entry-only',
      severity: 'error',
      comment:
        'A module is used from outside its folder only through its entry file, modules/<name>/index.ts (re-exports only).',
      from: { path: SERVER_FOLDER, pathNot: SERVER_TEST_CODE },
      to: { path: `${MODULES}/[^/]+/`, pathNot: [`${SERVER}/$1`, MODULE_ENTRY] },
    },
    {
      name: 'server-module-entry-only-in-tests',
      severity: 'error',
      comment:
        'Test code follows the same rule, with one exception: it may import the test helpers of another module ' +
        '(test-payments.ts, *-test-helpers.ts, …) directly.',
      from: { path: `^(?=.*${SERVER_TEST_CODE})${SERVER_FOLDER}` },
      to: { path: `${MODULES}/[^/]+/`, pathNot: [`${SERVER}/$1`, MODULE_ENTRY, TEST_HELPERS] },
    },
    {
      name: 'server-module-entry-only-not-self',
      severity: 'error',
      comment:
        "A module's own files import each other, never its entry file: the entry is for the other folders (and would hide a module cycle).",
      from: { path: `${MODULES}/([^/]+)/` },
      to: { path: `${MODULES}/$1/index\\.ts$` },
    },
    ...serverModuleCycleRules(),
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import the resolver cannot find: fix it, or teach the resolver (an unresolved import would hide a cycle).',
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
      comment:
        'server lib is the bottom layer: it imports nothing of the data layer (db/), the config, plugins or modules ' +
        '(its tests aside).',
      from: { path: `${SERVER}/lib/`, pathNot: '\\.test\\.ts$' },
      to: { path: [`${SERVER}/db/`, `${SERVER}/config\\.ts$`, `${SERVER}/plugins/`, `${SERVER}/modules/`] },
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
