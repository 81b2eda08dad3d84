import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { timerDeadline, type Deadline } from '../lib/clock';

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

/** How long /readyz waits for `SELECT 1` before it calls the database unreachable. */
export const DATABASE_TIMEOUT_MS = 2000;

export interface HealthOptions {
  /** Arms the database check's deadline (a timer; a test fires it itself). */
  deadline?: Deadline;
}

type CheckResult = 'ok' | 'failed' | 'not applicable';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's place in a load balancer's rotation, as /readyz reports it. */
    readiness: { draining: boolean };
  }
}

/**
 * Takes the instance out of a load balancer's rotation before it stops (server.ts, on SIGTERM, for DRAIN_DELAY_MS):
 * from now on /readyz answers 503 {status: 'draining'}, while every other request is still served, with
 * `Connection: close` so that clients holding a keep-alive connection open their next one elsewhere.
 */
export function startDraining(app: FastifyInstance): void {
  app.readiness.draining = true;
}

/** The job queue, when the app has one (app.jobs): ready once its workers have started. */
export function jobsCheck(app: object): CheckResult {
  const jobs = (app as { jobs?: { started?: boolean } }).jobs;
  if (jobs === undefined) return 'not applicable';
  return jobs.started === true ? 'ok' : 'failed';
}

async function databaseCheck(app: FastifyInstance, deadline: Deadline): Promise<CheckResult> {
  let cancel = () => {};
  try {
    await Promise.race([
      app.db.execute(sql`SELECT 1`),
      new Promise((_resolve, reject) => {
        cancel = deadline(() => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (err) {
    // The reason goes to the log only: the answer names the check, nothing more.
    app.log.warn({ err }, 'readiness: database check failed');
    return 'failed';
  } finally {
    cancel();
  }
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/**
 * Probes for an orchestrator or load balancer, public (no session, so no rate limit) and saying
 * nothing but check names: no versions, no error text.
 * - GET /healthz: the process is alive and serving: 200 {status: 'ok'}.
 * - GET /readyz: the database answers `SELECT 1`, its migrations were applied at start, and the job
 *   queue (app.jobs, when the app has one) has started: 200 {status: 'ready', checks}, else 503
 *   {status: 'not ready', checks} naming the failed check. Once startDraining was called (SIGTERM with
 *   DRAIN_DELAY_MS) it answers 503 {status: 'draining'} at once, without checking anything, while the
 *   other routes keep serving. While the server shuts down Fastify answers 503 to new requests.
 * Both are GETs, which the same-origin check of plugins/security.ts never refuses. Their request
 * lines are not logged at info level (a probe every few seconds would drown the log).
 */
async function healthPlugin(app: FastifyInstance, options: HealthOptions = {}) {
  const deadline = options.deadline ?? timerDeadline;
  app.decorate('readiness', { draining: false });
  app.addHook('onRequest', async (_request, reply) => {
    if (app.readiness.draining) reply.header('connection', 'close');
  });
  app.get(HEALTH_PATHS.live, { config: { access: 'public' }, logLevel: 'warn' }, async (_request, reply) =>
    noStore(reply).send({ status: 'ok' }),
  );

  app.get(HEALTH_PATHS.ready, { config: { access: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
    if (app.readiness.draining) return noStore(reply).status(503).send({ status: 'draining' });
    const checks = {
      database: await databaseCheck(app, deadline),
      migrations: (app.database.migrated ? 'ok' : 'failed') as CheckResult,
      jobs: jobsCheck(app),
    };
    const ready = Object.values(checks).every((result) => result !== 'failed');
    return noStore(reply)
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });
}

/** Registered on the app itself (not encapsulated): app.readiness and the draining hook apply to every route. */
export default fp(healthPlugin, { name: 'health' });
