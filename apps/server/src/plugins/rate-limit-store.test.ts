import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { hitRateLimit, pruneRateLimits, readRateLimit } from './rate-limit-store';

describe('rate limit store (the rate_limits table)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts every one of 50 parallel hits of a key exactly once, with the time left in the window', async () => {
    // Every hit at the same instant of the app's clock: each is told the whole window is left.
    const now = Date.now();
    const hits = await Promise.all(
      Array.from({ length: 50 }, () => hitRateLimit(t.database.db, 'test:parallel', 60_000, now)),
    );
    expect(hits.map((h) => h.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const h of hits) expect(h.ttl).toBe(60_000);
    expect(await readRateLimit(t.database.db, 'test:parallel', now + 10_000)).toEqual({ current: 50, ttl: 50_000 });
    // Reading does not count; another key has its own count.
    expect(await readRateLimit(t.database.db, 'test:parallel', now + 10_000)).toMatchObject({ current: 50 });
    expect((await hitRateLimit(t.database.db, 'test:other', 60_000, now)).current).toBe(1);
  });

  it('starts a window again at 1 once it has run out, and prunes only windows that have run out', async () => {
    const now = Date.now();
    await hitRateLimit(t.database.db, 'test:window', 60_000, now);
    expect((await hitRateLimit(t.database.db, 'test:window', 60_000, now + 59_999)).current).toBe(2);
    // The window ends 60 s after its first hit, whenever the later hits came.
    const later = now + 60_000;
    expect(await readRateLimit(t.database.db, 'test:window', later)).toEqual({ current: 0, ttl: 0 });
    const again = await hitRateLimit(t.database.db, 'test:window', 60_000, later);
    expect(again).toEqual({ current: 1, ttl: 60_000 });

    // A window opened a minute ago has run out now; the others (the earlier test's, test:window) have not.
    await hitRateLimit(t.database.db, 'test:gone', 60_000, now - 60_000);
    expect(await pruneRateLimits(t.database.db, now)).toBe(1);
    const keys = (
      await t.database.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(like(rateLimits.key, 'test:%'))
        .orderBy(rateLimits.key)
    ).map((r) => r.key);
    expect(keys).not.toContain('test:gone');
    expect(keys).toContain('test:window');
  });
});
