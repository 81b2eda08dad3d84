import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { disputeFeeOf } from '@mbo/contracts/disputes';
import { disputes } from '../../db/schema';
import { payments, refunds } from '../../db/payments-schema';
import { settlementBatches, settlements } from '../../db/settlements-schema';
import { computed, typedRows } from '../../db/typed-rows';
import { createTestApp, loginAs, type TestApp } from '../../test/harness';
import { openDispute } from '../disputes';
import {
  balanceOf,
  brokenAccounts,
  createPayment,
  postRefund,
  settleAll,
  unbalancedTransactions,
} from '../payments/test-payments';
import { createRefund } from '../refunds';

/**
 * A batch's net is gross − fees − refunds − dispute holds, and every deduction from it (a refund, a
 * dispute's hold) checks that one net (batch-membership.ts), the one the CHECK settlement_batches_net
 * bounds. A refund the batch cannot cover after a dispute's hold comes from the available balance,
 * or is refused with 003001B034 when that is short: never a constraint violation, never a 500.
 */
const M = 'M1000001';
/** A merchant of its own with an empty available balance. */
const MS = 'M9100002';
const DAY = 24 * 60 * 60 * 1000;

type BatchTotals = Pick<typeof settlementBatches.$inferSelect, 'gross' | 'fees' | 'refunds' | 'disputes'>;

describe('batch membership: a refund against a batch holding a dispute', () => {
  let t: TestApp;
  let owner: string;
  const db = () => t.database.db;
  const batchOf = async (paymentId: string) =>
    (
      await db()
        .select({
          id: settlementBatches.id,
          status: settlementBatches.status,
          payment_count: settlementBatches.paymentCount,
          gross: settlementBatches.gross,
          fees: settlementBatches.fees,
          refunds: settlementBatches.refunds,
          disputes: settlementBatches.disputes,
        })
        .from(payments)
        .innerJoin(settlementBatches, eq(settlementBatches.id, payments.batchId))
        .where(eq(payments.id, paymentId))
    )[0];
  const netOf = (b: BatchTotals) => b.gross - b.fees - b.refunds - b.disputes;
  const refundBatch = (refundId: string) =>
    db().select({ batch_id: refunds.batchId }).from(refunds).where(eq(refunds.id, refundId));
  const written = async () =>
    (
      await typedRows(
        db(),
        { n: computed(String) },
        sql`
      SELECT (SELECT count(*) FROM refunds) || '/' || (SELECT count(*) FROM ledger_entries) || '/' || (SELECT coalesce(sum(refunded_amount), 0) FROM payments)
             || '/' || (SELECT coalesce(sum(refunds), 0) FROM settlement_batches) AS n`,
      )
    )[0].n;

  /**
   * Two captures in a batch of their own (captured `daysAhead` from now, after everything settled
   * so far), and a chargeback of the first one's whole amount held from the batch.
   */
  const batchWithDispute = async (merchantId: string, currency: string, daysAhead: number) => {
    const at = new Date(Date.now() + daysAhead * DAY);
    const disputed = await createPayment(db(), {
      merchantId,
      amount: 50_000,
      currency,
      payMethodName: 'VISA',
      createdAt: at,
      settle: false,
    });
    const other = await createPayment(db(), {
      merchantId,
      amount: 20_000,
      currency,
      payMethodName: 'VISA',
      createdAt: at,
      settle: false,
    });
    const disputeId = await openDispute(db(), {
      merchantId,
      paymentId: disputed.id,
      type: 'CHARGEBACK',
      reason: 'PRODUCT_NOT_RECEIVED',
    });
    const batch = await batchOf(other.id);
    expect(batch).toMatchObject({
      id: (await batchOf(disputed.id)).id,
      status: 'OPEN',
      payment_count: 2,
      disputes: 50_000 + disputeFeeOf(currency),
    });
    expect(await db().select({ batch_id: disputes.batchId }).from(disputes).where(eq(disputes.id, disputeId))).toEqual([
      { batch_id: batch.id },
    ]);
    return { disputed, other, batch };
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxRefundDelayMs: 600_000 } });
    owner = await loginAs(t.app, 'owner@demo.test');
    // Money in the demo merchant's available balance, whatever the demo data holds (settled before the batches below
    // exist).
    await createPayment(db(), { merchantId: M, amount: 5_000_000, currency: 'USD' });
    await db().execute(
      sql`INSERT INTO merchants (id, name, parent_id, sign_product, time_zone) VALUES (${MS}, 'Batch Test GmbH', NULL, 'DIRECT_PAYMENT', 'Europe/Berlin')`,
    );
    await db().execute(sql`
      INSERT INTO payin_services (id, merchant_id, country, pay_method_type, pay_method_name, currency, fee_percent_bps, fee_fixed_minor,
                                  settlement_cycle_days, cutoff_time, time_zone, settlement_country)
      VALUES ('PISBATCHTEST1', ${MS}, 'DE', 'CARD', 'VISA', 'EUR', 290, 25, 1, '18:00', 'Europe/Berlin', 'DE')`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes the refund from the available balance when the batch cannot cover it after the hold (POST, not a 500)', async () => {
    const { other, batch } = await batchWithDispute(M, 'USD', 20);
    // More than the batch's net after the hold, less than its net without the hold: the case the CHECK used to refuse.
    const amount = netOf(batch) + 1_000;
    expect(amount).toBeLessThanOrEqual(
      Math.min(20_000, Number(batch.gross) - Number(batch.fees) - Number(batch.refunds)),
    );
    const available = await balanceOf(db(), M, 'USD', 'AVAILABLE');
    const pending = await balanceOf(db(), M, 'USD', 'PENDING');

    const res = await postRefund(t.app, owner, {
      paymentId: other.id,
      amount: (amount / 100).toFixed(2),
      reason: 'REQUESTED_BY_CUSTOMER',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '000000', data: { paymentId: other.id, amount, status: 'PROCESSING' } });
    expect(await refundBatch(res.body.data.refundId as string)).toEqual([{ batch_id: null }]);
    expect(await batchOf(other.id)).toEqual(batch);
    expect(await balanceOf(db(), M, 'USD', 'AVAILABLE')).toBe(available - amount);
    expect(await balanceOf(db(), M, 'USD', 'PENDING')).toBe(pending);
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect(await brokenAccounts(db())).toEqual([]);

    // The batch settles its net after the hold: gross − fees − disputes, never below zero.
    await settleAll(db(), M);
    const [settlement] = await db()
      .select({
        gross: settlements.gross,
        fees: settlements.fees,
        refunds: settlements.refunds,
        disputes: settlements.disputes,
        net: settlements.net,
      })
      .from(settlements)
      .innerJoin(settlementBatches, eq(settlementBatches.settlementId, settlements.id))
      .where(eq(settlementBatches.id, batch.id));
    expect(settlement.net).toBe(settlement.gross - settlement.fees - settlement.refunds - settlement.disputes);
    expect(settlement.net).toBeGreaterThanOrEqual(0);
  });

  it('still deducts a refund the batch covers after the hold from the batch', async () => {
    const { other, batch } = await batchWithDispute(M, 'USD', 30);
    const amount = Math.min(netOf(batch), 1_000);
    const res = await postRefund(t.app, owner, {
      paymentId: other.id,
      amount: (amount / 100).toFixed(2),
      reason: 'REQUESTED_BY_CUSTOMER',
    });
    expect(res.body.code).toBe('000000');
    expect(await refundBatch(res.body.data.refundId as string)).toEqual([{ batch_id: batch.id }]);
    expect(netOf(await batchOf(other.id))).toBe(netOf(batch) - amount);
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('refuses with 003001B034 when the available balance cannot cover it either, writing nothing', async () => {
    const { other, batch } = await batchWithDispute(MS, 'EUR', 20);
    expect(await balanceOf(db(), MS, 'EUR', 'AVAILABLE')).toBe(0);
    const before = await written();
    await expect(
      createRefund(
        db(),
        { merchantId: MS, userId: null, email: null, ip: null },
        { paymentId: other.id, amount: ((netOf(batch) + 1) / 100).toFixed(2), reason: 'REQUESTED_BY_CUSTOMER' },
        randomUUID(),
        { jobs: t.app.jobs, delayMs: 600_000 },
      ),
    ).rejects.toMatchObject({ code: '003001B034' });
    expect(await written()).toBe(before);
    expect(await batchOf(other.id)).toEqual(batch);
  });
});
