import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { payments } from '../db/payments-schema';
import { settlementBatches, settlements } from '../db/settlements-schema';
import { computed, computedOrNull, typedRows, type RowField } from '../db/typed-rows';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The demo seed's settlements (generate-payments.ts with replay-settlements.ts): 90 days of closed
 * batches and paid settlements that reconcile with the payments, open batches for today, and
 * balances that are exactly what the batches and refunds say.
 */
describe('demo settlements', () => {
  let t: TestApp;
  const read = <S extends Record<string, RowField>>(shape: S, query: SQL) => typedRows(t.database.db, shape, query);
  /** The ids a check finds (none, when the data adds up). */
  const idsOf = <C extends RowField>(table: { id: C }, query: SQL) => read({ id: table.id }, query);

  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('has months of paid settlements for every payment merchant and open batches for today', async () => {
    const spans = await read(
      {
        merchant_id: settlements.merchantId,
        first: computed(String),
        last: computed(String),
        n: computed(Number),
        paid: computed(Number),
      },
      sql`
      SELECT merchant_id, min(settlement_day)::text AS first, max(settlement_day)::text AS last, count(*)::int AS n,
             count(*) FILTER (WHERE status = 'PAID')::int AS paid
        FROM settlements GROUP BY merchant_id ORDER BY merchant_id`,
    );
    expect(spans.map((s) => s.merchant_id)).toEqual(['M1000001', 'M1000002', 'M1000003']);
    const today = new Date().toISOString().slice(0, 10);
    for (const s of spans) {
      expect(s.paid).toBe(s.n);
      expect(Date.parse(today) - Date.parse(s.first)).toBeGreaterThan(80 * 86_400_000);
      expect(Date.parse(today) - Date.parse(s.last)).toBeLessThan(5 * 86_400_000);
    }
    // Each merchant's latest batch holding a capture is open until its cut-off. Not "an open batch
    // now": after a cut-off (18:00 in Amsterdam for Demo Store) with no capture since the seed ran,
    // the day's batch is rightly closed, and the template may have been seeded before the cut-off.
    const newest = await read(
      { merchant_id: payments.merchantId, status: settlementBatches.status, future: computed(Boolean) },
      sql`
      SELECT DISTINCT ON (p.merchant_id) p.merchant_id, b.status, b.closes_at > now() AS future
        FROM payments p JOIN settlement_batches b ON b.id = p.batch_id
       WHERE p.status = 'SUCCESS' ORDER BY p.merchant_id, b.closes_at DESC`,
    );
    expect(newest.map((r) => r.merchant_id)).toEqual(['M1000001', 'M1000002', 'M1000003']);
    for (const r of newest)
      expect(
        r.future ? r.status === 'OPEN' : ['OPEN', 'CLOSED', 'SETTLED'].includes(r.status),
        `${r.merchant_id} ${r.status}`,
      ).toBe(true);
    // Nothing past its due day is left unsettled (the cycle ran up to now).
    expect(
      await idsOf(
        settlementBatches,
        sql`
      SELECT id FROM settlement_batches WHERE status <> 'SETTLED' AND due_day < ((now() AT TIME ZONE time_zone)::date - 1)`,
      ),
    ).toEqual([]);
  });

  it('puts every captured payment in a batch, and every batch and settlement adds up', async () => {
    expect(await idsOf(payments, sql`SELECT id FROM payments WHERE status = 'SUCCESS' AND batch_id IS NULL`)).toEqual(
      [],
    );
    expect(
      await idsOf(payments, sql`SELECT id FROM payments WHERE status <> 'SUCCESS' AND batch_id IS NOT NULL`),
    ).toEqual([]);
    expect(
      await idsOf(
        settlementBatches,
        sql`
      SELECT b.id FROM settlement_batches b
        LEFT JOIN (SELECT batch_id, count(*) AS n, sum(amount) AS gross, sum(fee) AS fees FROM payments GROUP BY 1) p ON p.batch_id = b.id
        LEFT JOIN (SELECT batch_id, count(*) AS n, sum(amount) AS refunds FROM refunds WHERE batch_id IS NOT NULL GROUP BY 1) r ON r.batch_id = b.id
       WHERE b.payment_count <> coalesce(p.n, 0) OR b.gross <> coalesce(p.gross, 0) OR b.fees <> coalesce(p.fees, 0)
          OR b.refunds <> coalesce(r.refunds, 0) OR b.refund_count <> coalesce(r.n, 0)`,
      ),
    ).toEqual([]);
    expect(
      await idsOf(
        settlements,
        sql`
      SELECT s.id FROM settlements s JOIN settlement_batches b ON b.settlement_id = s.id
       GROUP BY s.id HAVING s.gross <> sum(b.gross) OR s.fees <> sum(b.fees) OR s.refunds <> sum(b.refunds) OR s.batch_count <> count(*)
           OR s.net <> sum(b.gross - b.fees - b.refunds)`,
      ),
    ).toEqual([]);
    const [{ deducted }] = await read(
      { deducted: computed(Number) },
      sql`SELECT count(*)::int AS deducted FROM settlements WHERE refunds > 0`,
    );
    expect(deducted).toBeGreaterThan(0);
    // Each settlement with money moved it in one ledger transaction of its net.
    expect(
      await idsOf(
        settlements,
        sql`
      SELECT s.id FROM settlements s LEFT JOIN ledger_transactions t ON t.id = s.ledger_transaction_id AND t.kind = 'SETTLEMENT' AND t.reference_id = s.id
        LEFT JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount > 0
       WHERE s.net > 0 AND (t.id IS NULL OR e.amount <> s.net)`,
      ),
    ).toEqual([]);
  });

  it('holds in pending exactly what unsettled batches hold, and in available + pending + reserved what captures less refunds, lost disputes and paid withdrawals left', async () => {
    const wrong = await read(
      {
        merchant_id: payments.merchantId,
        currency: payments.currency,
        pending: computedOrNull(String),
        unsettled: computedOrNull(String),
        held: computedOrNull(String),
        captured: computed(String),
        refunded: computedOrNull(String),
        lost: computedOrNull(String),
        withdrawn: computedOrNull(String),
      },
      sql`
      WITH batches AS (
        SELECT merchant_id, currency, sum(gross - fees - refunds - disputes) AS unsettled FROM settlement_batches WHERE status <> 'SETTLED' GROUP BY 1, 2
      ), kept AS (
        SELECT merchant_id, currency, sum(amount - fee) AS captured FROM payments WHERE status = 'SUCCESS' GROUP BY 1, 2
      ), refunded AS (
        SELECT merchant_id, currency, sum(amount) AS refunded FROM refunds WHERE status <> 'FAILED' GROUP BY 1, 2
      ), lost AS (
        SELECT merchant_id, currency, sum(held) AS lost FROM disputes WHERE status IN ('LOST', 'ACCEPTED', 'EXPIRED') GROUP BY 1, 2
      ), withdrawn AS (
        SELECT merchant_id, currency, sum(amount) AS withdrawn FROM withdrawals WHERE status = 'SUCCESS' GROUP BY 1, 2
      ), balances AS (
        SELECT owner AS merchant_id, currency, sum(balance) FILTER (WHERE type = 'PENDING') AS pending,
               sum(balance) FILTER (WHERE type IN ('PENDING', 'AVAILABLE', 'RESERVED')) AS held
          FROM ledger_accounts WHERE owner <> 'SYSTEM' GROUP BY 1, 2
      )
      SELECT k.merchant_id, k.currency, bl.pending, b.unsettled, bl.held, k.captured, r.refunded, l.lost, w.withdrawn
        FROM kept k LEFT JOIN batches b USING (merchant_id, currency) LEFT JOIN refunded r USING (merchant_id, currency)
        LEFT JOIN lost l USING (merchant_id, currency) LEFT JOIN withdrawn w USING (merchant_id, currency) LEFT JOIN balances bl USING (merchant_id, currency)
       WHERE coalesce(bl.pending, 0) <> coalesce(b.unsettled, 0)
          OR coalesce(bl.held, 0) <> k.captured - coalesce(r.refunded, 0) - coalesce(l.lost, 0) - coalesce(w.withdrawn, 0)`,
    );
    expect(wrong).toEqual([]);
  });
});
