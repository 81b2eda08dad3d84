import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
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
    const hits = await Promise.all(Array.from({ length: 50 }, () => hitRateLimit(t.database.db, 'test:parallel', 60_000)));
    expect(hits.map((h) => h.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const h of hits) {
      expect(h.ttl).toBeGreaterThan(50_000);
      expect(h.ttl).toBeLessThanOrEqual(60_000);
    }
    expect(await readRateLimit(t.database.db, 'test:parallel')).toMatchObject({ current: 50 });
    // Reading does not count; another key has its own count.
    expect(await readRateLimit(t.database.db, 'test:parallel')).toMatchObject({ current: 50 });
    expect((await hitRateLimit(t.database.db, 'test:other', 60_000)).current).toBe(1);
  });

  it('starts a window again at 1 once it has run out, and prunes only windows that have run out', async () => {
    await hitRateLimit(t.database.db, 'test:window', 60_000);
    expect((await hitRateLimit(t.database.db, 'test:window', 60_000)).current).toBe(2);
    await t.database.db.execute(sql`UPDATE rate_limits SET expires_at = now() - interval '1 second' WHERE key = 'test:window'`);
    expect(await readRateLimit(t.database.db, 'test:window')).toEqual({ current: 0, ttl: 0 });
    const again = await hitRateLimit(t.database.db, 'test:window', 60_000);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeGreaterThan(50_000);

    await hitRateLimit(t.database.db, 'test:gone', 60_000);
    await t.database.db.execute(sql`UPDATE rate_limits SET expires_at = now() - interval '1 second' WHERE key = 'test:gone'`);
    expect(await pruneRateLimits(t.database.db)).toBe(1);
    const keys = rowsOf<{ key: string }>(await t.database.db.execute(sql`SELECT key FROM rate_limits WHERE key LIKE 'test:%' ORDER BY key`)).map((r) => r.key);
    expect(keys).not.toContain('test:gone');
    expect(keys).toContain('test:window');
  });
});
