import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { disputeFeeOf } from '@mbo/contracts/disputes';
import { payments } from '../../db/payments-schema';
import { disputes } from '../../db/schema';
import { settlements } from '../../db/settlements-schema';
import { typedRows } from '../../db/typed-rows';
import { createTestApp, type TestApp } from '../../test/harness';
import { postTransaction, refundPostings } from '../ledger';
import { balanceOf, brokenAccounts, createPayment, settleAll, unbalancedTransactions } from '../payments/test-payments';
import { createRefund } from '../refunds';
import { runSettlementCycle } from '../settlements';
import { moveDispute } from './dispute-lifecycle';
import { openDispute } from './open-dispute';
import { decideSubmittedDispute, sandboxRuling } from './sandbox-decide-job';

/** A merchant of its own, so its balances move only by what each test does. */
const MD = 'M9100001';
const CURRENCIES = ['EUR', 'USD', 'JPY'] as const;

describe('dispute money', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const balances = async (currency: string) => ({
    available: await balanceOf(db(), MD, currency, 'AVAILABLE'),
    pending: await balanceOf(db(), MD, currency, 'PENDING'),
    reserved: await balanceOf(db(), MD, currency, 'RESERVED'),
  });
  /** What the merchant holds in a currency: available + pending + reserved. */
  const held = async (currency: string) => {
    const b = await balances(currency);
    return b.available + b.pending + b.reserved;
  };
  const settledPayment = (amount: number, currency: string) =>
    createPayment(db(), { merchantId: MD, amount, currency, payMethodName: 'VISA' });
  const open = (paymentId: string, type: 'CHARGEBACK' | 'CUSTOMER_DISPUTE' = 'CHARGEBACK') =>
    openDispute(db(), { merchantId: MD, paymentId, type, reason: 'PRODUCT_NOT_RECEIVED' });

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxRefundDelayMs: 600_000 } });
    await db().execute(
      sql`INSERT INTO merchants (id, name, parent_id, sign_product, time_zone) VALUES (${MD}, 'Dispute Test BV', NULL, 'DIRECT_PAYMENT', 'Europe/Amsterdam')`,
    );
    for (const currency of CURRENCIES) {
      await db().execute(sql`
        INSERT INTO payin_services (id, merchant_id, country, pay_method_type, pay_method_name, currency, fee_percent_bps, fee_fixed_minor,
                                    settlement_cycle_days, cutoff_time, time_zone, settlement_country)
        VALUES (${`PISDISPUTE${currency}`}, ${MD}, 'NL', 'CARD', 'VISA', ${currency}, 250, ${currency === 'JPY' ? 40 : 25}, 1, '18:00', 'Europe/Amsterdam', 'NL')`);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds amount and fee from available for a settled payment, and conserves money when won or lost, in EUR, USD and JPY', async () => {
    for (const currency of CURRENCIES) {
      const amount = currency === 'JPY' ? 12_345 : 9_999;
      const fee = disputeFeeOf(currency);
      const [won, lost] = [await settledPayment(amount, currency), await settledPayment(amount, currency)];
      const before = await balances(currency);
      const total = before.available + before.pending + before.reserved;

      const wonId = await open(won.id);
      const lostId = await open(lost.id, 'CUSTOMER_DISPUTE');
      const opened = await balances(currency);
      expect(opened.available).toBe(before.available - 2 * (amount + fee));
      expect(opened.reserved).toBe(before.reserved + 2 * (amount + fee));
      expect(await held(currency)).toBe(total);

      await moveDispute(db(), wonId, {
        to: 'UNDER_REVIEW',
        from: ['EVIDENCE_REQUIRED'],
        actor: 'test',
        evidence: { explanation: 'Delivered. sandbox:win' },
      });
      await moveDispute(db(), lostId, {
        to: 'UNDER_REVIEW',
        from: ['EVIDENCE_REQUIRED'],
        actor: 'test',
        evidence: { explanation: 'Delivered.' },
      });
      expect(await decideSubmittedDispute(db(), wonId)).toBe('WON');
      expect(await decideSubmittedDispute(db(), lostId)).toBe('LOST');
      expect(await decideSubmittedDispute(db(), lostId)).toBeNull(); // decided once

      const after = await balances(currency);
      expect(after.reserved).toBe(before.reserved);
      // Won: everything back. Lost: the amount back to the cardholder, the fee charged.
      expect(after.available).toBe(before.available - (amount + fee));
      expect(await held(currency)).toBe(total - amount - fee);
      expect(await balanceOf(db(), MD, currency, 'FEES')).toBeGreaterThanOrEqual(fee);
      const [states] = await typedRows(
        db(),
        { won: payments.disputeStatus, lost: payments.disputeStatus },
        sql`
        SELECT (SELECT dispute_status FROM payments WHERE id = ${won.id}) AS won, (SELECT dispute_status FROM payments WHERE id = ${lost.id}) AS lost`,
      );
      expect(states).toEqual({ won: 'WON', lost: 'LOST' });
    }
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect(await brokenAccounts(db())).toEqual([]);
  });

  it('holds from the unsettled batch, and the settlement shows it as a dispute adjustment', async () => {
    // Two captures in one batch: its net covers the hold of the first one's dispute.
    const p = await createPayment(db(), {
      merchantId: MD,
      amount: 50_000,
      currency: 'EUR',
      payMethodName: 'VISA',
      settle: false,
    });
    await createPayment(db(), {
      merchantId: MD,
      amount: 20_000,
      currency: 'EUR',
      payMethodName: 'VISA',
      settle: false,
    });
    const fee = disputeFeeOf('EUR');
    const pendingBefore = await balanceOf(db(), MD, 'EUR', 'PENDING');
    const id = await open(p.id);
    const [dispute] = await db()
      .select({ batch_id: disputes.batchId, held: disputes.held })
      .from(disputes)
      .where(eq(disputes.id, id));
    const [payment] = await db().select({ batch_id: payments.batchId }).from(payments).where(eq(payments.id, p.id));
    expect(dispute).toEqual({ batch_id: payment.batch_id, held: 50_000 + fee });
    expect(await balanceOf(db(), MD, 'EUR', 'PENDING')).toBe(pendingBefore - 50_000 - fee);

    await settleAll(db(), MD);
    const s = settlements;
    const [settlement] = await typedRows(
      db(),
      { gross: s.gross, fees: s.fees, disputes: s.disputes, net: s.net, dispute_count: s.disputeCount },
      sql`
      SELECT s.gross, s.fees, s.disputes, s.net, s.dispute_count FROM settlements s
        JOIN settlement_batches b ON b.settlement_id = s.id WHERE b.id = ${payment.batch_id}`,
    );
    expect(settlement.disputes).toBe(50_000 + fee);
    expect(settlement.dispute_count).toBe(1);
    expect(settlement.gross - settlement.fees - settlement.disputes).toBe(settlement.net);
    // Lost after the settlement: the reserved hold is debited; pending and available untouched by it.
    const availableBefore = await balanceOf(db(), MD, 'EUR', 'AVAILABLE');
    expect(await moveDispute(db(), id, { to: 'ACCEPTED', from: ['EVIDENCE_REQUIRED'], actor: 'test' })).toBe(true);
    expect(await balanceOf(db(), MD, 'EUR', 'AVAILABLE')).toBe(availableBefore);
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('is never refused for lack of balance: available goes below zero for the hold only, and refunds wait until it is paid back', async () => {
    const big = await settledPayment(400_000, 'USD');
    const small = await settledPayment(2_000, 'USD');
    // Spend the available balance down with a ledger movement of its own (as a withdrawal would).
    const available = await balanceOf(db(), MD, 'USD', 'AVAILABLE');
    await db().transaction((tx) =>
      postTransaction(tx, {
        merchantId: MD,
        currency: 'USD',
        kind: 'REFUND',
        referenceType: 'TEST',
        referenceId: randomUUID(),
        postings: refundPostings(MD, available - 1_000),
      }),
    );
    const id = await open(big.id);
    const after = await balanceOf(db(), MD, 'USD', 'AVAILABLE');
    expect(after).toBe(1_000 - 400_000 - disputeFeeOf('USD'));
    // Any other debit below zero is refused by the database itself.
    const refused = await db()
      .transaction((tx) =>
        postTransaction(tx, {
          merchantId: MD,
          currency: 'USD',
          kind: 'REFUND',
          referenceType: 'TEST',
          referenceId: randomUUID(),
          postings: refundPostings(MD, 1),
        }),
      )
      .then(
        () => null,
        (err: Error & { cause?: Error }) => err,
      );
    expect(String(refused?.cause?.message ?? refused?.message)).toMatch(/ledger_accounts_no_negative/);
    await expect(
      createRefund(
        db(),
        { merchantId: MD, userId: null, email: null, ip: null },
        { paymentId: small.id, amount: '1.00', reason: 'REQUESTED_BY_CUSTOMER' },
        randomUUID(),
        { jobs: t.app.jobs, delayMs: 600_000 },
      ),
    ).rejects.toMatchObject({ code: '003001B034' });
    // A disputed payment is not refunded at all.
    await expect(
      createRefund(
        db(),
        { merchantId: MD, userId: null, email: null, ip: null },
        { paymentId: big.id, amount: '1.00', reason: 'REQUESTED_BY_CUSTOMER' },
        randomUUID(),
        { jobs: t.app.jobs, delayMs: 600_000 },
      ),
    ).rejects.toMatchObject({ code: '003001B023' });
    // Won: the hold comes back and available is whole again.
    await moveDispute(db(), id, { to: 'WON', from: ['EVIDENCE_REQUIRED'], actor: 'test' });
    expect(await balanceOf(db(), MD, 'USD', 'AVAILABLE')).toBe(1_000);
    expect(await brokenAccounts(db())).toEqual([]);
  });

  it('refuses a second dispute on one payment and a dispute on a failed payment, writing nothing', async () => {
    const p = await settledPayment(3_000, 'EUR');
    await open(p.id);
    await expect(open(p.id)).rejects.toThrow(/disputed already/);
    const failed = await createPayment(db(), {
      merchantId: MD,
      amount: 3_000,
      currency: 'EUR',
      payMethodName: 'VISA',
      status: 'FAILED',
    });
    await expect(open(failed.id)).rejects.toThrow(/not SUCCESS/);
    const [n] = await db()
      .select({ n: count() })
      .from(disputes)
      .where(inArray(disputes.paymentId, [p.id, failed.id]));
    expect(n.n).toBe(1);
  });

  it('rules submitted evidence by the sandbox marker', () => {
    expect(sandboxRuling({ explanation: 'see tracking SANDBOX:WIN' })).toBe('WON');
    expect(sandboxRuling({ explanation: 'see tracking' })).toBe('LOST');
    expect(sandboxRuling({})).toBe('LOST');
  });

  it('settles batches with disputes deducted in the cycle (a batch net never below zero)', async () => {
    const p = await createPayment(db(), {
      merchantId: MD,
      amount: 1_000,
      currency: 'EUR',
      payMethodName: 'VISA',
      settle: false,
    });
    // The batch's net (1000 − fee) does not cover 1000 + the dispute fee: the hold comes from available.
    const id = await open(p.id);
    const [d] = await db().select({ batch_id: disputes.batchId }).from(disputes).where(eq(disputes.id, id));
    expect(d.batch_id).toBeNull();
    await runSettlementCycle(db(), { merchantId: MD, now: new Date(Date.now() + 45 * 86_400_000) });
    expect(await unbalancedTransactions(db())).toEqual([]);
  });
});
