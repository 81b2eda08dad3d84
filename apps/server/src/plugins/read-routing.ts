import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { changesState } from './route-access';

/**
 * The read-your-writes mark: until this time (epoch milliseconds) the browser's replica-routed reads go
 * to the primary. Not a secret and not signed: a forged value only sends that caller's own reads to the
 * primary (or, in the past, to the replica as any caller who has not written), never another's.
 */
export const WROTE_UNTIL_COOKIE = 'mbo_wrote_until';

/** The caller wrote within the window (the mark set on its last write's answer has not run out). */
function wroteRecently(request: FastifyRequest): boolean {
  const until = Number(request.cookies[WROTE_UNTIL_COOKIE]);
  return Number.isFinite(until) && until > Date.now();
}

/**
 * Where reads go. Decided on the server, per route and per call:
 *
 * - Only a route declared `reads: 'replica'` (a read-only route: lib/route-options.ts `reads(…, 'replica')`,
 *   `query(…, 'replica')`) may read the replica, and only the reads its module makes through `request.reader`
 *   (the heavy ones: list counts, report figures; docs/architecture.md lists them). Everything else reads
 *   `app.db`, the primary. The export job reads the replica on its own terms (modules/reports/export-reader.ts).
 * - Read-your-writes: a 2xx answer to a session's state-changing call carries the cookie WROTE_UNTIL_COOKIE
 *   (READ_YOUR_WRITES_MS ahead), and while it runs the caller's replica-routed reads go to the primary. The
 *   mark travels with the browser, so it holds whichever instance behind the load balancer serves the next
 *   call; it is set only when there is a replica.
 * - The merchant API (API keys) never declares replica reads (refused at start): its clients are scripts that
 *   read right after they write and keep no cookies, and its lists are keyset pages without heavy counts, so
 *   the primary serves them all rather than a header each client would have to send back.
 * - A replica that fails serves nothing: db/read-replica.ts runs the read on the primary. Each change
 *   (down, up again) is logged here once, not once per request.
 */
async function readRouting(app: FastifyInstance) {
  const { database } = app;
  const replica = database.readPool;

  app.addHook('onRoute', (route) => {
    if (route.config?.reads === 'replica' && route.config.access === 'api-key') {
      throw new Error(
        `Route ${String(route.method)} ${route.url} is a merchant API route: it reads the primary, never the replica.`,
      );
    }
  });

  app.decorateRequest('reader', {
    getter(this: FastifyRequest): Db {
      if (!replica || this.routeOptions.config?.reads !== 'replica' || wroteRecently(this)) return database.db;
      return database.reader();
    },
  });

  if (!replica) return;
  const windowMs = app.config.readYourWritesMs;

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const config = request.routeOptions.config;
    const reads = config?.reads === true || config?.reads === 'replica';
    if (
      windowMs > 0 &&
      request.auth &&
      changesState(request.method, reads) &&
      reply.statusCode >= 200 &&
      reply.statusCode < 300
    ) {
      reply.setCookie(WROTE_UNTIL_COOKIE, String(Date.now() + windowMs), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.secureCookies,
        maxAge: Math.ceil(windowMs / 1000),
      });
    }
    return payload;
  });

  const unsubscribe = replica.onTransition((transition) => {
    if (transition.state === 'down') {
      app.log.warn(
        { err: transition.error },
        'read replica: failed, its reads go to the primary until it answers again (retried after a short back-off)',
      );
    } else {
      app.log.info('read replica: answers again, its reads go to it again');
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
  });
}

export default fp(readRouting, { name: 'read-routing', dependencies: ['@fastify/cookie', 'auth'] });
