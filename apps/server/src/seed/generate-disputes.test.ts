import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { DISPUTE_STATUSES } from '@mbo/contracts/acquiring';
import { ledgerEntries } from '../db/payments-schema';
import { disputes } from '../db/schema';
import { computed, typedRows } from '../db/typed-rows';
import { createTestApp, type TestApp } from '../test/harness';
import { generateDisputes } from './generate-disputes';

describe('generateDisputes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes disputes over distinct successful payments, in every status, moving no money', async () => {
    const db = t.database.db;
    const [{ n: before }] = await db.select({ n: count() }).from(disputes).where(eq(disputes.merchantId, 'M1000002'));
    const entryCount = async () => (await db.select({ n: count() }).from(ledgerEntries))[0].n;
    const entries = await entryCount();
    expect(await generateDisputes(db, 'M1000002', 300)).toBe(300);
    const rows = await typedRows(
      db,
      {
        status: disputes.status,
        n: computed(Number),
        payments: computed(Number),
        held: computed(String),
        wrong: computed(Number),
      },
      sql`
      SELECT d.status, count(*)::int AS n, count(DISTINCT d.payment_id)::int AS payments, sum(d.held)::text AS held,
             count(*) FILTER (WHERE p.dispute_status IS DISTINCT FROM d.status OR p.status <> 'SUCCESS' OR d.due_at IS NULL OR d.created_at > now())::int AS wrong
        FROM disputes d JOIN payments p ON p.id = d.payment_id
       WHERE d.merchant_id = 'M1000002' AND d.held = 0 GROUP BY d.status`,
    );
    expect(rows.reduce((n, r) => n + r.n, 0)).toBe(300);
    expect(rows.reduce((n, r) => n + r.payments, 0)).toBe(300);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(DISPUTE_STATUSES));
    expect(rows.every((r) => r.wrong === 0 && r.held === '0')).toBe(true);
    expect(await entryCount()).toBe(entries);
    expect(before).toBeGreaterThan(0);
  });
});
