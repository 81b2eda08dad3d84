import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/tokens';
import type { Db } from '../db/client';
import { hitRateLimit, PgRateLimitStore, pruneRateLimits } from './rate-limit-store';

const MINUTE = 60_000;

/** What a limit counts by. */
type KeyOf = 'ip' | 'email' | 'linkId' | 'session';

interface LimitDefinition {
  /** Calls allowed per window; the next one is answered 429 until the window ends. */
  max: number;
  windowMs: number;
  by: KeyOf;
  /** How a refused call is answered: the JSON envelope, or a small page (the hosted checkout). */
  answer: 'json' | 'html';
}

/**
 * The request limits (fixed windows, counted in PostgreSQL, so shared by every instance). The
 * lockout (10 wrong passwords, 30 minutes, see modules/auth/lockout.ts) is the account's main
 * defence; these slow down password spraying from one address, mail bombing and card testing,
 * and cap what one session can ask for.
 */
export const RATE_LIMITS = {
  /** Login attempts from one client address (IPv6: per /64). */
  'login-ip': { max: 30, windowMs: 10 * MINUTE, by: 'ip', answer: 'json' },
  /** Login attempts on one email, from anywhere (the lockout counts only wrong passwords of existing users). */
  'login-account': { max: 20, windowMs: 10 * MINUTE, by: 'email', answer: 'json' },
  /** Forgot-password requests from one client address. */
  'forgot-ip': { max: 10, windowMs: 30 * MINUTE, by: 'ip', answer: 'json' },
  /** Forgot-password requests for one email from anywhere: at most 3 reset mails per account per 30 minutes. */
  'forgot-account': { max: 3, windowMs: 30 * MINUTE, by: 'email', answer: 'json' },
  /** Payment attempts on the hosted checkout from one client address. */
  'pay-ip': { max: 10, windowMs: 10 * MINUTE, by: 'ip', answer: 'html' },
  /** Payment attempts on one payment link, from anywhere (card testing writes a payment per attempt). */
  'pay-link': { max: 60, windowMs: 10 * MINUTE, by: 'linkId', answer: 'html' },
  /** Every signed-in call of one session (applied to all non-public routes). */
  'api-session': { max: 600, windowMs: MINUTE, by: 'session', answer: 'json' },
} as const satisfies Record<string, LimitDefinition>;

export type RateLimitName = keyof typeof RATE_LIMITS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Named limits of RATE_LIMITS this route takes, checked in order once the body is parsed and
     * validated (preHandler), e.g. `config: { access: 'public', rateLimits: ['login-ip', 'login-account'] }`.
     */
    rateLimits?: readonly RateLimitName[];
  }
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The headers of a refused call: when to come back (whole seconds, at least 1) and the limit. */
function setRefusedHeaders(reply: Pick<FastifyReply, 'header'>, max: number, seconds: number): void {
  reply.header('retry-after', String(seconds));
  reply.header('x-ratelimit-limit', String(max));
  reply.header('x-ratelimit-remaining', '0');
  reply.header('x-ratelimit-reset', String(seconds));
}

/**
 * A limit given by its numbers rather than a name of RATE_LIMITS (e.g. the merchant API's per-key limit, from the
 * config).
 */
export interface CountedLimit {
  max: number;
  windowMs: number;
}

/**
 * Counts one call of `key` at `now` (ms, the app's clock: config.clock) against `limit` in the same
 * PostgreSQL table as the named limits (one atomic upsert, so every instance on the database shares
 * the count) and sets the x-ratelimit-* headers; a call over the limit also gets Retry-After and
 * `allowed: false`. For callers whose key is known only inside their own scope (the merchant API
 * counts per API key once the key is authenticated); the caller decides how to refuse. `key` must
 * not clash with a RATE_LIMITS name: prefix it with a name of its own (e.g. `api-key:<keyId>`).
 */
export async function countCall(
  db: Db,
  reply: Pick<FastifyReply, 'header'>,
  key: string,
  limit: CountedLimit,
  now: number,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const hit = await hitRateLimit(db, key, limit.windowMs, now);
  const seconds = Math.max(1, Math.ceil(hit.ttl / 1000));
  if (hit.current > limit.max) {
    setRefusedHeaders(reply, limit.max, seconds);
    return { allowed: false, retryAfterSeconds: seconds };
  }
  reply.header('x-ratelimit-limit', String(limit.max));
  reply.header('x-ratelimit-remaining', String(limit.max - hit.current));
  reply.header('x-ratelimit-reset', String(seconds));
  return { allowed: true, retryAfterSeconds: 0 };
}

function keyValue(by: KeyOf, request: FastifyRequest): string | undefined {
  switch (by) {
    case 'ip':
      return normalizeIP(request.ip);
    case 'email': {
      // The body has passed the route's schema here, which trims and lowercases the email as the login does.
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' && email ? hashToken(email) : undefined;
    }
    case 'linkId': {
      const linkId = (request.params as { linkId?: unknown } | undefined)?.linkId;
      return typeof linkId === 'string' && linkId ? linkId.slice(0, 64) : undefined;
    }
    case 'session':
      return request.auth?.sessionId;
  }
}

function tooManyPage(minutes: number): string {
  const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Too many attempts</title><style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1f36;background:#f4f6fb}
main{max-width:480px;margin:16px;padding:40px 32px;text-align:center;background:#fff;border-radius:12px;box-shadow:0 12px 40px rgba(16,24,64,.12)}h1{margin:0 0 8px;font-size:22px}p{margin:0;color:#3c4257}
</style></head><body><main role="alert"><h1>Too many payment attempts</h1><p>No money was taken. Please wait ${wait}, then open the payment link again.</p></main></body></html>`;
}

/**
 * Rate limits on @fastify/rate-limit with a PostgreSQL store (global: false: only what is named).
 * Routes name their limits in `config.rateLimits`; every call with a session also counts towards
 * its session's 'api-session' limit (public routes, the web app's files and the checkout pages do
 * not). A refused call answers HTTP 429 with Retry-After and the envelope 001000S003, or a small
 * HTML page on the hosted checkout. Register after the auth plugin and before the routes.
 */
async function rateLimitPlugin(app: FastifyInstance) {
  if (!app.config.rateLimits) return;
  await app.register(rateLimit, {
    global: false,
    store: class extends PgRateLimitStore {
      constructor() {
        super(app.db, app.config.clock);
      }
    },
  });

  const limiters = {} as Record<RateLimitName, Limiter>;
  for (const [name, limit] of Object.entries(RATE_LIMITS) as [RateLimitName, LimitDefinition][]) {
    limiters[name] = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      // The limit's name in the key: one table holds every limit. Requests without a key are not counted.
      keyGenerator: (request) => `${name}:${keyValue(limit.by, request)}`,
      allowList: (request) => keyValue(limit.by, request) === undefined,
    });
  }

  /** Counts the call against each named limit in turn; answers 429 at the first one exceeded. */
  async function enforce(
    names: readonly RateLimitName[],
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<boolean> {
    for (const name of names) {
      const result = await limiters[name](request);
      if (result.isAllowed || !result.isExceeded) continue;
      const seconds = Math.max(1, result.ttlInSeconds);
      request.log.warn({ rateLimit: name }, 'rate limit exceeded');
      setRefusedHeaders(reply, result.max, seconds);
      if (RATE_LIMITS[name].answer === 'html') {
        reply
          .code(429)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(tooManyPage(Math.ceil(seconds / 60)));
        return false;
      }
      throw new AppError(ERROR_CODES.TOO_MANY_OPERATIONS, { status: 429 });
    }
    return true;
  }

  app.addHook('onRoute', (route) => {
    const names = route.config?.rateLimits;
    if (!names?.length) return;
    for (const name of names) {
      if (!(name in RATE_LIMITS)) throw new Error(`Route ${route.url} names an unknown rate limit: ${String(name)}`);
    }
    const hook = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await enforce(names, request, reply))) return reply;
    };
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [...existing, hook];
  });

  // After the auth plugin's onRequest: request.auth is set exactly for calls with a valid session.
  const API_SESSION = ['api-session'] as const;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.auth) return;
    await enforce(API_SESSION, request, reply);
  });

  // Windows that have run out are dropped now and then (any instance may do it).
  const timer = setInterval(() => {
    pruneRateLimits(app.db, app.config.clock()).catch((err: unknown) =>
      app.log.warn({ err }, 'pruning rate limits failed'),
    );
  }, 10 * MINUTE);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['auth'] });
