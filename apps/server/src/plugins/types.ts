import type { MerchantProduct } from '@mbo/contracts/usercenter';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import type { Mailer } from '../mail/mailer';
import type { AuthContext } from './session-store';

/**
 * What a route needs, declared on every route (a route that declares nothing does not start):
 * - 'public': no session (login, reset links, the hosted checkout, the web app's files);
 * - 'signed-in': any signed-in user, whatever the role (their own profile, menus, reference data);
 * - { menu }: the role sees this menu item for the active merchant's product type;
 * - { permission }: the role holds this code (PAGE_* or API_*), under a menu it sees for that product;
 * - { products }: any signed-in user, whatever the role, while the active merchant has one of these
 *   product types (a merchant's own settings its client reads outside any page, e.g. its fee configuration).
 * - 'api-key': the merchant REST API (/api/v1): an `Authorization: Bearer` API key, never the session
 *   cookie (modules/merchant-api authenticates it); the back-office routes never accept a key.
 * Menus, codes and product types come from the one menu catalogue the client's menu is built from.
 */
export type RouteAccess =
  | 'public'
  | 'api-key'
  | 'signed-in'
  | { menu: string }
  | { permission: string }
  | { products: readonly MerchantProduct[] };

/** The key a merchant REST API call authenticated with. */
export interface ApiKeyContext {
  keyId: string;
  merchantId: string;
  mode: 'SANDBOX';
  name: string;
}

/** A registered route as the app knows it: what the access test and the bad-input test walk. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** A call may change state: not GET or HEAD, and not declared `reads` (route-access.ts changesState). */
  changesState: boolean;
  allowDuringForcedReset: boolean;
  allowDuringTwoFactorSetup: boolean;
  /** Declared `reads: 'replica'`: its heavy reads may be served by the read replica (plugins/read-routing.ts). */
  readsReplica: boolean;
  /** The contract schemas attached to the route (zod), by request part, and its answers by HTTP status. */
  schema: { body?: unknown; querystring?: unknown; response?: Record<string, unknown> };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far, with its declared access (filled by the auth plugin). */
    registeredRoutes: RegisteredRoute[];
    db: Db;
    database: Database;
    config: Config;
    mailer: Mailer;
    /**
     * Background jobs on pg-boss (jobs/job-queue.ts): send inside the caller's transaction; `jobs.started` for
     * readiness.
     */
    jobs: JobQueue;
    /**
     * What modules tell the operations metrics where their work finishes (lib/metrics-recorder.ts; plugins/metrics.ts):
     * records nothing when no metrics endpoint is configured.
     */
    metrics: MetricsRecorder;
  }
  interface FastifyRequest {
    /** The signed-in user and the merchant the call is scoped to; set on every session route. */
    auth: AuthContext;
    /** The API key of a merchant REST API call and its merchant; set on every 'api-key' route. */
    apiKey: ApiKeyContext;
    /**
     * The database a route's heavy reads use (plugins/read-routing.ts): on a route declared `reads: 'replica'`,
     * the read replica while it is healthy and the caller has not written within READ_YOUR_WRITES_MS; the
     * primary (app.db) otherwise, and on every other route.
     */
    reader: Db;
  }
  interface FastifyContextConfig {
    /** Who may call the route (required: see RouteAccess). */
    access?: RouteAccess;
    /**
     * The route only reads although its method is not GET (a list or query whose filters travel in a
     * POST body). Without it a non-GET route changes state, and must then name an action's permission
     * code (route-access.ts checkWriteAccess): a page or menu grant never opens a write.
     * `'replica'`: it only reads, and the reads it makes through `request.reader` may be served by the read
     * replica (plugins/read-routing.ts; the table in docs/architecture.md). Never on the merchant API.
     */
    reads?: boolean | 'replica';
    /** Reachable while the user must still reset the password. */
    allowDuringForcedReset?: boolean;
    /** Reachable while the merchant requires two-factor sign-in and the user has not set it up. */
    allowDuringTwoFactorSetup?: boolean;
  }
}

export {};
