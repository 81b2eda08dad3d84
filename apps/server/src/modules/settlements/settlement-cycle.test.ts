import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, payments, refunds } from '../../db/payments-schema';
import { settlementBatches, settlements } from '../../db/settlements-schema';
import { computed, computedOrNull, typedRows } from '../../db/typed-rows';
import { propertyRuns, sized } from '../../test/deep';
import { createTestApp, type TestApp } from '../../test/harness';
import { moveDispute, DisputeNotPossible, openDispute } from '../disputes';
import { balanceOf, brokenAccounts, createPayment, unbalancedTransactions } from '../payments/test-payments';
import { paymentDetail } from '../payments';
import { createRefund, processDueRefunds } from '../refunds';
import { estimateSettlements } from './estimation';
import { runSettlementCycle } from './settle-batches';

/**
 * The settlement cycle end to end on a merchant of its own (Berlin, EUR, T+1 working days in
 * Germany, cut-off 18:00): captures join batches, the close and settle steps move them with a
 * clock the test sets, refunds and dispute holds are deducted from unsettled batches, and the money
 * reconciles.
 */
const MS = 'M9100001';
const HOUR = 3_600_000;

describe('settlement cycle', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const cycle = (now: string | Date) => runSettlementCycle(db(), { merchantId: MS, now: new Date(now) });
  const capture = (amount: number, at: string | Date) =>
    createPayment(db(), {
      merchantId: MS,
      amount,
      currency: 'EUR',
      payMethodName: 'VISA',
      createdAt: new Date(at),
      settle: false,
    });
  const refund = (paymentId: string, amount: string, note?: string) =>
    createRefund(
      db(),
      { merchantId: MS, userId: null, email: null, ip: null },
      { paymentId, amount, reason: note ? 'OTHER' : 'REQUESTED_BY_CUSTOMER', note },
      randomUUID(),
      { jobs: t.app.jobs, delayMs: 600_000 },
    );
  const batchOf = async (paymentId: string) =>
    (
      await db()
        .select({
          id: settlementBatches.id,
          status: settlementBatches.status,
          business_day: settlementBatches.businessDay,
          due_day: settlementBatches.dueDay,
          gross: settlementBatches.gross,
          fees: settlementBatches.fees,
          refunds: settlementBatches.refunds,
          settlement_id: settlementBatches.settlementId,
        })
        .from(payments)
        .innerJoin(settlementBatches, eq(settlementBatches.id, payments.batchId))
        .where(eq(payments.id, paymentId))
    )[0];
  const refundBatch = (refundId: string) =>
    db().select({ batch_id: refunds.batchId }).from(refunds).where(eq(refunds.id, refundId));

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxRefundDelayMs: 600_000 } });
    await db().execute(
      sql`INSERT INTO merchants (id, name, parent_id, sign_product, time_zone) VALUES (${MS}, 'Settlement Test GmbH', NULL, 'DIRECT_PAYMENT', 'Europe/Berlin')`,
    );
    await db().execute(sql`
      INSERT INTO payin_services (id, merchant_id, country, pay_method_type, pay_method_name, currency, fee_percent_bps, fee_fixed_minor,
                                  settlement_cycle_days, cutoff_time, time_zone, settlement_country)
      VALUES ('PISSETTLETEST1', ${MS}, 'DE', 'CARD', 'VISA', 'EUR', 290, 25, 1, '18:00', 'Europe/Berlin', 'DE')`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('closes a batch at its cut-off and settles it T+1 working days later, past a public holiday', async () => {
    // Thursday 24 December 2026, 09:00 in Berlin: T+1 would be Christmas Day, then Boxing Day and a Sunday.
    const p = await capture(10_000, '2026-12-24T08:00:00Z');
    const late = await capture(5_000, '2026-12-24T17:30:00Z'); // 18:30 in Berlin: after the cut-off
    const batch = await batchOf(p.id);
    expect(batch).toMatchObject({ status: 'OPEN', business_day: '2026-12-24', due_day: '2026-12-28', gross: 10000 });
    expect(await batchOf(late.id)).toMatchObject({ business_day: '2026-12-28', due_day: '2026-12-29' });

    expect(await cycle('2026-12-24T16:59:59Z')).toEqual({ closed: 0, settlements: 0, batches: 0 });
    expect(await cycle('2026-12-24T17:00:00Z')).toEqual({ closed: 1, settlements: 0, batches: 0 }); // 18:00 in Berlin
    expect(await cycle('2026-12-25T12:00:00Z')).toEqual({ closed: 0, settlements: 0, batches: 0 }); // a holiday: nothing is due
    const pendingBefore = await balanceOf(db(), MS, 'EUR', 'PENDING');
    const availableBefore = await balanceOf(db(), MS, 'EUR', 'AVAILABLE');
    expect(await cycle('2026-12-27T23:30:00Z')).toMatchObject({ settlements: 1, batches: 1 }); // 00:30 on Monday 28 in Berlin

    const [s] = await db()
      .select({
        id: settlements.id,
        settlement_day: settlements.settlementDay,
        status: settlements.status,
        gross: settlements.gross,
        fees: settlements.fees,
        refunds: settlements.refunds,
        net: settlements.net,
        ledger_transaction_id: settlements.ledgerTransactionId,
      })
      .from(settlements)
      .where(eq(settlements.merchantId, MS));
    expect(s).toMatchObject({
      settlement_day: '2026-12-28',
      status: 'PAID',
      gross: 10000,
      fees: p.fee,
      refunds: 0,
      net: p.net,
    });
    expect(await batchOf(p.id)).toMatchObject({ status: 'SETTLED', settlement_id: s.id });
    // One balanced ledger transaction moved the net from pending to available.
    const entries = await typedRows(
      db(),
      { type: ledgerAccounts.type, amount: ledgerEntries.amount },
      sql`
      SELECT a.type, e.amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.transaction_id = ${s.ledger_transaction_id} ORDER BY a.type`,
    );
    expect(entries).toEqual([
      { type: 'AVAILABLE', amount: p.net },
      { type: 'PENDING', amount: -p.net },
    ]);
    expect(await balanceOf(db(), MS, 'EUR', 'PENDING')).toBe(pendingBefore - p.net);
    expect(await balanceOf(db(), MS, 'EUR', 'AVAILABLE')).toBe(availableBefore + p.net);
    // The late capture's batch settles on Tuesday 29th.
    await cycle('2026-12-29T12:00:00Z');
    expect(await batchOf(late.id)).toMatchObject({ status: 'SETTLED' });
  });

  it('settles nothing twice: the cycle run again, and two runs at once', async () => {
    const p = await capture(20_000, '2027-01-04T09:00:00Z');
    const runs = await Promise.all([
      cycle('2027-01-05T12:00:00Z'),
      cycle('2027-01-05T12:00:00Z'),
      cycle('2027-01-05T12:00:00Z'),
    ]);
    expect(runs.reduce((n, r) => n + r.settlements, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.closed, 0)).toBe(1);
    expect(await cycle('2027-01-05T13:00:00Z')).toEqual({ closed: 0, settlements: 0, batches: 0 });
    const settled = await typedRows(
      db(),
      { n: computed(Number) },
      sql`SELECT count(*) AS n FROM ledger_transactions WHERE kind = 'SETTLEMENT' AND reference_id = ${(await batchOf(p.id)).settlement_id}`,
    );
    expect(settled[0].n).toBe(1);
  });

  it('deducts a refund from the unsettled batch, gives a failed one back, and takes one the batch cannot cover from available', async () => {
    const a = await capture(30_000, '2027-01-06T09:00:00Z');
    const b = await capture(40_000, '2027-01-06T10:00:00Z');
    const deducted = await refund(a.id, '50.00');
    const failing = await refund(b.id, '20.00', 'sandbox:fail');
    expect(await batchOf(a.id)).toMatchObject({ refunds: 7000 });
    const pending = await balanceOf(db(), MS, 'EUR', 'PENDING');
    expect(await processDueRefunds(db(), 0)).toBe(2);
    // The failed one went back to the batch and to pending, and left the batch.
    expect(await batchOf(a.id)).toMatchObject({ refunds: 5000 });
    expect(await balanceOf(db(), MS, 'EUR', 'PENDING')).toBe(pending + 2_000);
    expect(
      await db()
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(isNotNull(refunds.batchId), eq(refunds.id, failing.refundId))),
    ).toEqual([]);
    expect(await refundBatch(deducted.refundId)).toEqual([{ batch_id: (await batchOf(a.id)).id }]);

    await cycle('2027-01-07T12:00:00Z');
    const [s] = await typedRows(
      db(),
      {
        gross: settlements.gross,
        refunds: settlements.refunds,
        fees: settlements.fees,
        net: settlements.net,
        refund_count: settlements.refundCount,
        payment_count: settlements.paymentCount,
      },
      sql`
      SELECT gross, refunds, fees, net, refund_count, payment_count FROM settlements WHERE id = ${(await batchOf(a.id)).settlement_id}`,
    );
    expect(s).toMatchObject({
      gross: 70000,
      refunds: 5000,
      fees: a.fee + b.fee,
      net: 70_000 - 5_000 - a.fee - b.fee,
      refund_count: 1,
      payment_count: 2,
    });
    // The payment's detail says where its money went.
    const batch = await batchOf(a.id);
    expect((await paymentDetail(db(), MS, a.id)).settlement).toEqual({
      batchId: batch.id,
      batchStatus: 'SETTLED',
      dueDay: '2027-01-07',
      settlementId: batch.settlement_id,
      refundDeducted: 5_000,
      net: 30_000 - a.fee - 5_000,
    });

    // Settled now: a refund of b comes from available.
    const available = await balanceOf(db(), MS, 'EUR', 'AVAILABLE');
    const afterSettlement = await refund(b.id, '10.00');
    expect(await refundBatch(afterSettlement.refundId)).toEqual([{ batch_id: null }]);
    expect(await balanceOf(db(), MS, 'EUR', 'AVAILABLE')).toBe(available - 1_000);
    // A batch whose net cannot cover a full refund (the fee stays): from available too.
    const c = await capture(8_000, '2027-01-08T09:00:00Z');
    const full = await refund(c.id, '80.00');
    expect(await refundBatch(full.refundId)).toEqual([{ batch_id: null }]);
    expect(await batchOf(c.id)).toMatchObject({ refunds: 0 });
  });

  it('estimates per due day exactly what the settle job then pays', async () => {
    await cycle('2027-01-11T05:00:00Z'); // whatever earlier cases left, due by Monday 11 (06:00 in Berlin)
    // Monday 11 to Friday 15 January 2027, one to three captures a day, some refunded.
    const days = ['2027-01-11', '2027-01-12', '2027-01-13', '2027-01-14', '2027-01-15'];
    for (const [i, day] of days.entries()) {
      for (let k = 0; k <= i % 3; k++) {
        const p = await capture(10_000 + 1_234 * (i + k), `${day}T${String(8 + 3 * k).padStart(2, '0')}:15:00Z`);
        if (k === 1) await refund(p.id, '12.34');
      }
    }
    const estimate = await estimateSettlements(db(), MS, { now: new Date('2027-01-11T07:00:00Z'), days: 30 });
    expect(estimate.from).toBe('2027-01-11');
    expect(estimate.days.map((d) => d.day)).toEqual([
      '2027-01-12',
      '2027-01-13',
      '2027-01-14',
      '2027-01-15',
      '2027-01-18',
    ]);
    expect(estimate.next).toEqual({ day: '2027-01-12', amounts: [{ currency: 'EUR', net: estimate.days[0].net }] });
    for (let d = Date.parse('2027-01-11T12:00:00Z'); d <= Date.parse('2027-01-19T12:00:00Z'); d += 24 * HOUR)
      await cycle(new Date(d));
    const paid = await typedRows(
      db(),
      { day: computed(String), net: computed(Number) },
      sql`
      SELECT settlement_day::text AS day, sum(net) AS net FROM settlements WHERE merchant_id = ${MS} AND settlement_day >= '2027-01-12' GROUP BY 1 ORDER BY 1`,
    );
    expect(paid.map((r) => ({ day: r.day, net: r.net }))).toEqual(
      estimate.days.map((d) => ({ day: d.day, net: d.net })),
    );
  });

  it(
    'reconciles every settlement with its batches and payments, and conserves money, over random histories with disputes',
    async () => {
      let clock = Date.parse('2027-02-01T07:00:00Z');
      const made: { id: string; amount: number }[] = [];
      /** Disputes still open (EVIDENCE_REQUIRED): an outcome decides one of them. */
      const open: string[] = [];
      type Outcome = 'WON' | 'LOST' | 'ACCEPTED';
      type Action =
        | { kind: 'capture'; amount: number; hours: number }
        | { kind: 'refund'; pick: number; share: number; fail: boolean }
        | { kind: 'dispute'; pick: number; share: number }
        | { kind: 'outcome'; pick: number; outcome: Outcome }
        | { kind: 'advance'; hours: number }
        | { kind: 'process' };
      const action: fc.Arbitrary<Action> = fc.oneof(
        {
          weight: 5,
          arbitrary: fc.record({
            kind: fc.constant('capture' as const),
            amount: fc.integer({ min: 1, max: 500_000 }),
            hours: fc.integer({ min: 0, max: 10 }),
          }),
        },
        {
          weight: 3,
          arbitrary: fc.record({
            kind: fc.constant('refund' as const),
            pick: fc.nat(),
            share: fc.double({ min: 0.01, max: 1, noNaN: true }),
            fail: fc.boolean(),
          }),
        },
        {
          weight: 3,
          arbitrary: fc.record({
            kind: fc.constant('dispute' as const),
            pick: fc.nat(),
            share: fc.double({ min: 0.01, max: 1, noNaN: true }),
          }),
        },
        {
          weight: 3,
          arbitrary: fc.record({
            kind: fc.constant('outcome' as const),
            pick: fc.nat(),
            outcome: fc.constantFrom<Outcome>('WON', 'LOST', 'ACCEPTED'),
          }),
        },
        {
          weight: 2,
          arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 80 }) }),
        },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('process' as const) }) },
      );
      const run = async (a: Action) => {
        if (a.kind === 'capture') {
          clock += a.hours * HOUR;
          made.push({ ...(await capture(a.amount, new Date(clock))), amount: a.amount });
        } else if (a.kind === 'refund' && made.length) {
          const p = made[a.pick % made.length];
          const minor = Math.max(1, Math.floor(p.amount * a.share));
          await refund(p.id, (minor / 100).toFixed(2), a.fail ? 'sandbox:fail' : undefined).catch(
            (err: { code?: string }) => {
              // Refunded already, disputed (and not won), or neither its batch nor the available balance covers it:
              // nothing
              // written.
              // Anything else (a constraint violation: a 500 at the route) fails the run.
              if (!['003001B021', '003001B023', '003001B034'].includes(String(err.code))) throw err;
            },
          );
        } else if (a.kind === 'dispute' && made.length) {
          // A dispute of part or all of what is left of the payment, held from its batch or from available.
          const p = made[a.pick % made.length];
          const [left] = await db()
            .select({ n: sql`${payments.amount} - ${payments.refundedAmount}`.mapWith(Number) })
            .from(payments)
            .where(eq(payments.id, p.id));
          const amount = Math.max(1, Math.floor(left.n * a.share));
          await openDispute(db(), {
            merchantId: MS,
            paymentId: p.id,
            type: 'CHARGEBACK',
            reason: 'PRODUCT_NOT_RECEIVED',
            amount,
            at: new Date(clock),
          }).then(
            (id) => open.push(id),
            (err: unknown) => {
              // Disputed already, or nothing left to dispute (refunded in full): the network opens none.
              if (!(err instanceof DisputeNotPossible)) throw err;
            },
          );
        } else if (a.kind === 'outcome' && open.length) {
          const [id] = open.splice(a.pick % open.length, 1);
          const at = new Date(clock);
          if (a.outcome === 'ACCEPTED') {
            expect(
              await moveDispute(db(), id, { to: 'ACCEPTED', from: ['EVIDENCE_REQUIRED'], actor: 'test', at }),
            ).toBe(true);
          } else {
            expect(
              await moveDispute(db(), id, {
                to: 'UNDER_REVIEW',
                from: ['EVIDENCE_REQUIRED'],
                actor: 'test',
                at,
                evidence: { explanation: 'Delivered.' },
              }),
            ).toBe(true);
            expect(
              await moveDispute(db(), id, { to: a.outcome, from: ['UNDER_REVIEW'], actor: 'card network', at }),
            ).toBe(true);
          }
        } else if (a.kind === 'advance') {
          clock += a.hours * HOUR;
          await cycle(new Date(clock));
        } else if (a.kind === 'process') {
          await processDueRefunds(db(), 0);
        }
      };
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 20 }), async (actions) => {
          for (const a of actions) await run(a);
          // Every batch's CHECKs hold: totals at or above zero, and its net (gross − fees − refunds − dispute holds)
          // too.
          expect(
            await typedRows(
              db(),
              { id: settlementBatches.id },
              sql`
          SELECT id FROM settlement_batches WHERE merchant_id = ${MS}
             AND (gross < 0 OR fees < 0 OR refunds < 0 OR disputes < 0 OR gross - fees - refunds - disputes < 0)`,
            ),
          ).toEqual([]);
          // Each settlement: the CHECK holds (gross − refunds − fees − disputes − reserve = net), its batches add up to
          // it …
          expect(
            await typedRows(
              db(),
              { id: settlements.id },
              sql`
          SELECT s.id FROM settlements s JOIN settlement_batches b ON b.settlement_id = s.id WHERE s.merchant_id = ${MS}
           GROUP BY s.id HAVING s.gross <> sum(b.gross) OR s.fees <> sum(b.fees) OR s.refunds <> sum(b.refunds) OR s.payment_count <> sum(b.payment_count)
               OR s.disputes <> sum(b.disputes) OR s.dispute_count <> sum(b.dispute_count)`,
            ),
          ).toEqual([]);
          // … and so do its payments' nets (amount − fee − the refund and the dispute hold deducted from their batch).
          expect(
            await typedRows(
              db(),
              { id: settlements.id },
              sql`
          SELECT s.id FROM settlements s
            JOIN (SELECT b.settlement_id, sum(p.amount - p.fee - coalesce(r.amount, 0) - coalesce(d.held, 0)) AS net, count(*) AS n
                    FROM settlement_batches b JOIN payments p ON p.batch_id = b.id LEFT JOIN refunds r ON r.payment_id = p.id AND r.batch_id = b.id
                    LEFT JOIN disputes d ON d.payment_id = p.id AND d.batch_id = b.id
                   WHERE b.merchant_id = ${MS} GROUP BY b.settlement_id) x ON x.settlement_id = s.id
           WHERE s.net <> x.net OR s.payment_count <> x.n`,
            ),
          ).toEqual([]);
          // Every batch's totals are its payments', refunds' and dispute holds'.
          expect(
            await typedRows(
              db(),
              { id: settlementBatches.id },
              sql`
          SELECT b.id FROM settlement_batches b
            LEFT JOIN (SELECT batch_id, count(*) AS n, sum(amount) AS gross, sum(fee) AS fees FROM payments WHERE merchant_id = ${MS} GROUP BY 1) p ON p.batch_id = b.id
            LEFT JOIN (SELECT batch_id, count(*) AS n, sum(amount) AS refunds FROM refunds WHERE merchant_id = ${MS} AND batch_id IS NOT NULL GROUP BY 1) r ON r.batch_id = b.id
            LEFT JOIN (SELECT batch_id, count(*) AS n, sum(held) AS held FROM disputes WHERE merchant_id = ${MS} AND batch_id IS NOT NULL GROUP BY 1) d ON d.batch_id = b.id
           WHERE b.merchant_id = ${MS} AND (b.payment_count <> coalesce(p.n, 0) OR b.gross <> coalesce(p.gross, 0) OR b.fees <> coalesce(p.fees, 0)
              OR b.refunds <> coalesce(r.refunds, 0) OR b.refund_count <> coalesce(r.n, 0) OR b.disputes <> coalesce(d.held, 0) OR b.dispute_count <> coalesce(d.n, 0))`,
            ),
          ).toEqual([]);
          // Conservation: journal transactions balance, balances are their entries, pending is what unsettled batches
          // hold,
          // reserved is what open disputes hold, and available + pending + reserved is every capture's net less every
          // refund not given back and every dispute lost or accepted (its amount to the cardholder, its fee charged).
          expect(await unbalancedTransactions(db())).toEqual([]);
          expect(await brokenAccounts(db())).toEqual([]);
          const [{ unsettled }] = await typedRows(
            db(),
            { unsettled: computedOrNull(Number) },
            sql`
          SELECT sum(gross - fees - refunds - disputes) AS unsettled FROM settlement_batches WHERE merchant_id = ${MS} AND status <> 'SETTLED'`,
          );
          expect(await balanceOf(db(), MS, 'EUR', 'PENDING')).toBe(unsettled ?? 0);
          const [{ holding }] = await typedRows(
            db(),
            { holding: computed(Number) },
            sql`
          SELECT coalesce(sum(held), 0) AS holding FROM disputes WHERE merchant_id = ${MS} AND status IN ('EVIDENCE_REQUIRED', 'UNDER_REVIEW')`,
          );
          expect(await balanceOf(db(), MS, 'EUR', 'RESERVED')).toBe(holding);
          const [{ kept }] = await typedRows(
            db(),
            { kept: computed(Number) },
            sql`
          SELECT coalesce((SELECT sum(amount - fee) FROM payments WHERE merchant_id = ${MS} AND status = 'SUCCESS'), 0)
               - coalesce((SELECT sum(amount) FROM refunds WHERE merchant_id = ${MS} AND status <> 'FAILED'), 0)
               - coalesce((SELECT sum(held) FROM disputes WHERE merchant_id = ${MS} AND status IN ('LOST', 'ACCEPTED', 'EXPIRED')), 0) AS kept`,
          );
          const held =
            (await balanceOf(db(), MS, 'EUR', 'AVAILABLE')) +
            (await balanceOf(db(), MS, 'EUR', 'PENDING')) +
            (await balanceOf(db(), MS, 'EUR', 'RESERVED'));
          expect(held).toBe(kept);
        }),
        propertyRuns(12, 150),
      );
      expect(made.length).toBeGreaterThan(0);
      // The draw reached the dispute paths: holds from batches, and outcomes of each kind.
      const [{ fromBatch, decided }] = await typedRows(
        db(),
        { fromBatch: computed(Number), decided: computed(Number) },
        sql`
      SELECT count(*) FILTER (WHERE batch_id IS NOT NULL)::int AS "fromBatch", count(DISTINCT status) FILTER (WHERE status IN ('WON', 'LOST', 'ACCEPTED'))::int AS decided
        FROM disputes WHERE merchant_id = ${MS}`,
      );
      expect(fromBatch).toBeGreaterThan(0);
      expect(decided).toBe(3);
    },
    sized(120_000, 3_600_000),
  );
});
