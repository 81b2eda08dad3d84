import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DISPUTE_STATUSES } from '@mbo/contracts/acquiring';
import { ledgerAccounts, payments } from '../db/payments-schema';
import { disputes } from '../db/schema';
import { settlementBatches } from '../db/settlements-schema';
import { computed, computedOrNull, typedRows, type RowField } from '../db/typed-rows';
import { createTestApp, type TestApp } from '../test/harness';
import { brokenAccounts, settleAll, unbalancedTransactions } from '../modules/payments/test-payments';
import { openDispute } from '../modules/disputes';
import { pickOpenBatchPayment } from './demo-disputes';

/** The demo's disputes (demo-disputes.ts), as every fresh database has them. */
describe('demo disputes', () => {
  let t: TestApp;
  const read = <S extends Record<string, RowField>>(shape: S, query: SQL) => typedRows(t.database.db, shape, query);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives Demo Store a dispute in every status, both kinds, three currencies, and some due within 3 days', async () => {
    const rows = await read(
      {
        status: disputes.status,
        type: disputes.type,
        currency: disputes.currency,
        due_in_hours: computedOrNull(Number),
        batch_id: disputes.batchId,
      },
      sql`
      SELECT status, type, currency, CASE WHEN status = 'EVIDENCE_REQUIRED' THEN extract(epoch FROM due_at - now()) / 3600 END AS due_in_hours, batch_id
        FROM disputes WHERE merchant_id = 'M1000001'`,
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(DISPUTE_STATUSES));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['CUSTOMER_DISPUTE', 'CHARGEBACK']));
    expect(new Set(rows.map((r) => r.currency)).size).toBeGreaterThanOrEqual(3);
    const dues = rows.filter((r) => r.status === 'EVIDENCE_REQUIRED').map((r) => Number(r.due_in_hours));
    expect(dues.filter((h) => h > 0 && h <= 72).length).toBeGreaterThanOrEqual(2);
    expect(dues.every((h) => h > 0)).toBe(true);
    // One held from today's open batch: its settlement will show it as a dispute adjustment.
    expect(rows.some((r) => r.batch_id !== null)).toBe(true);
  });

  it('moved the money as real disputes do: reserved holds exactly the open disputes (and the withdrawal awaiting approval), and the ledger balances', async () => {
    const reserved = await read(
      {
        owner: ledgerAccounts.owner,
        currency: ledgerAccounts.currency,
        balance: computed(String),
        held: computed(String),
      },
      sql`
      SELECT a.owner, a.currency, a.balance::text,
             (coalesce((SELECT sum(held) FROM disputes d WHERE d.merchant_id = a.owner AND d.currency = a.currency AND d.status IN ('EVIDENCE_REQUIRED', 'UNDER_REVIEW')), 0)
              + coalesce((SELECT sum(amount) FROM withdrawals w WHERE w.merchant_id = a.owner AND w.currency = a.currency
                            AND w.status IN ('PENDING_APPROVAL', 'PENDING', 'PROCESSING')), 0))::text AS held
        FROM ledger_accounts a WHERE a.type = 'RESERVED'`,
    );
    expect(reserved.length).toBeGreaterThan(0);
    for (const r of reserved) expect(r.balance, `${r.owner} ${r.currency}`).toBe(r.held);
    const [timeline] = await read(
      { n: computed(Number) },
      sql`
      SELECT count(*)::int AS n FROM disputes d WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.entity_type = 'DISPUTE' AND e.entity_id = d.id AND e.type = 'OPENED')`,
    );
    expect(timeline.n).toBe(0);
    const [decided] = await read(
      { n: computed(Number) },
      sql`
      SELECT count(*)::int AS n FROM disputes WHERE status IN ('WON', 'LOST', 'ACCEPTED', 'EXPIRED') AND (decided_at IS NULL OR held = 0)`,
    );
    expect(decided.n).toBe(0);
    expect(await unbalancedTransactions(t.database.db)).toEqual([]);
    expect(await brokenAccounts(t.database.db)).toEqual([]);
  });

  // Last: it settles Demo Store's open batches.
  it("has a payment of today's open batch for its open-batch dispute at any time of day: just after a cut-off the day's first orders are captured now", async () => {
    await settleAll(t.database.db, 'M1000001');
    expect(
      await t.database.db
        .select({ id: settlementBatches.id })
        .from(settlementBatches)
        .where(and(eq(settlementBatches.merchantId, 'M1000001'), eq(settlementBatches.status, 'OPEN'))),
    ).toEqual([]);
    const now = new Date();
    const id = await pickOpenBatchPayment(t.database.db, 'M1000001', 'USD', now);
    const b = settlementBatches;
    const [payment] = await t.database.db
      .select({
        status: payments.status,
        currency: payments.currency,
        batch_id: payments.batchId,
        batch_status: b.status,
        payment_count: b.paymentCount,
      })
      .from(payments)
      .innerJoin(b, eq(b.id, payments.batchId))
      .where(eq(payments.id, id));
    expect(payment).toMatchObject({ status: 'SUCCESS', currency: 'USD', batch_status: 'OPEN', payment_count: 3 });
    // Found, not made again, on the next call; and the batch's net covers the dispute's hold.
    expect(await pickOpenBatchPayment(t.database.db, 'M1000001', 'USD', now)).toBe(id);
    const disputeId = await openDispute(t.database.db, {
      merchantId: 'M1000001',
      paymentId: id,
      type: 'CUSTOMER_DISPUTE',
      reason: 'DUPLICATE',
      at: now,
      dueAt: new Date(now.getTime() + 9 * 86_400_000),
      actor: 'Card network',
    });
    expect(
      await t.database.db.select({ batch_id: disputes.batchId }).from(disputes).where(eq(disputes.id, disputeId)),
    ).toEqual([{ batch_id: payment.batch_id }]);
    expect(await unbalancedTransactions(t.database.db)).toEqual([]);
    expect(await brokenAccounts(t.database.db)).toEqual([]);
  });
});
