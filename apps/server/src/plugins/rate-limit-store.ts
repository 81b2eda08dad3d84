import { lte, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { computed, typedRows } from '../db/typed-rows';
import type { Clock } from '../lib/clock';

/** A key's state after a hit: the hits in its window (this one included) and the ms until the window ends. */
export interface RateLimitHit {
  current: number;
  ttl: number;
}

/** An instant of the app's clock (ms) as a timestamptz parameter. */
const instant = (now: number) => sql`${new Date(now).toISOString()}::timestamptz`;

/**
 * Counts one hit of a key in a fixed window, in the database: one atomic upsert, so every server
 * instance on the database shares the count and parallel hits are all counted. The same SQL runs on
 * PGlite. The hit is at `now` (ms, the app's clock, config.clock: the real time in production), not
 * the database's now(), so a test moves the time instead of waiting for it.
 * A window that has run out starts again at 1. The time left is capped at the window: a hit whose
 * time was read before the hit that opened the window (and that waited on its row lock) would
 * otherwise get a few ms more than the window.
 */
export async function hitRateLimit(db: Db, key: string, windowMs: number, now: number): Promise<RateLimitHit> {
  const at = instant(now);
  const [row] = await typedRows(
    db,
    { count: rateLimits.count, ttl: computed(Number) },
    sql`
      INSERT INTO rate_limits AS r (key, count, expires_at)
      VALUES (${key}, 1, ${at} + make_interval(secs => ${windowMs / 1000}))
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.expires_at <= ${at} THEN 1 ELSE least(r.count + 1, 2147483647) END,
        expires_at = CASE WHEN r.expires_at <= ${at} THEN excluded.expires_at ELSE r.expires_at END
      RETURNING count, least(${windowMs}, greatest(0, ceil(extract(epoch FROM expires_at - ${at}) * 1000)))::bigint AS ttl`,
  );
  return { current: row.count, ttl: row.ttl };
}

/** A key's state at `now` (ms, the app's clock) without counting a hit (0 when it has no live window). */
export async function readRateLimit(db: Db, key: string, now: number): Promise<RateLimitHit> {
  const at = instant(now);
  const [row] = await typedRows(
    db,
    { count: rateLimits.count, ttl: computed(Number) },
    sql`
      SELECT count, greatest(0, ceil(extract(epoch FROM expires_at - ${at}) * 1000))::bigint AS ttl
        FROM rate_limits WHERE key = ${key} AND expires_at > ${at}`,
  );
  return row ? { current: row.count, ttl: row.ttl } : { current: 0, ttl: 0 };
}

/** Drops the windows that have run out by `now` (ms, the app's clock; the plugin calls it now and then). */
export async function pruneRateLimits(db: Db, now: number): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lte(rateLimits.expiresAt, instant(now)))
    .returning({ key: rateLimits.key });
  return rows.length;
}

/**
 * @fastify/rate-limit's store interface over the table, on the app's clock; limits name their keys themselves, so
 * children share it.
 */
export class PgRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: RateLimitHit) => void, timeWindow: number): void {
    hitRateLimit(this.db, key, timeWindow, this.clock()).then(
      (hit) => callback(null, hit),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  read(key: string, callback: (error: Error | null, result?: RateLimitHit) => void): void {
    readRateLimit(this.db, key, this.clock()).then(
      (hit) => callback(null, hit),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}
