/**
 * How captures, refunds and dispute holds enter clearing batches, inside the capture's, refund's or
 * dispute's own database transaction, so a batch's running totals are always exactly its payments',
 * refunds' and disputes' sums. This module is the one writer of a batch's totals (payment_count,
 * gross, fees, refund_count, refunds, dispute_count, disputes): the disputes module and the demo data
 * call it, and batch-totals-owner.test.ts fails on a write of them anywhere else. (The settlement
 * cycle, settle-batches.ts, moves a batch's status only.)
 *
 * - A capture joins the OPEN batch of its merchant, currency and pay-in service terms for its capture
 *   instant (settlement-terms.ts batchWindowOf / batchKeyOf): one upsert that creates the batch or
 *   adds the payment to its totals under the batch row's lock. If the close job closed that batch in
 *   the meantime (the capture's instant was before the cut-off, its commit after the close), the
 *   capture joins the next batch: a closed batch never changes.
 * - A refund of a payment whose batch has not settled is deducted from that batch (from pending)
 *   when the batch's net still covers it; otherwise it comes from the available balance. A dispute's
 *   hold is deducted the same way (modules/disputes/dispute-money.ts). Both check the one net
 *   the CHECK settlement_batches_net bounds, gross − fees − refunds − disputes (BATCH_NET), so a
 *   batch's and a settlement's net is never negative and neither deduction can break the CHECK: a
 *   refund of another payment of a batch a dispute holds money in comes from available when the
 *   batch's net after the hold does not cover it.
 * - A refund that fails before its batch settled is given back to the batch (and to pending); after
 *   the settlement it goes back to the available balance, and the refund keeps its batch (the
 *   settlement deducted it).
 *
 * Lock order, the same on every path: payment row, then batch row, then ledger accounts (by id).
 */
import { and, eq, gte, max, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { payinServices } from '../../db/payments-schema';
import { settlementBatches } from '../../db/settlements-schema';
import { typedRows } from '../../db/typed-rows';
import { newId } from '../../lib/ids';
import { batchKeyOf, batchWindowOf, type SettlementTerms } from './settlement-terms';

/** @reads disputes, payin_services, payments, refunds (tables other modules own: db/table-owners.ts) */

export interface CaptureForBatch {
  merchantId: string;
  currency: string;
  /** The pay-in service that priced the capture: its terms decide the batch. */
  payinServiceId: string;
  capturedAt: Date;
  gross: number;
  fee: number;
  /** Captures joining at once (their gross and fee summed); 1 by default. */
  count?: number;
}

/** The settlement terms of a pay-in service. */
export async function termsOfService(tx: DbOrTx, payinServiceId: string): Promise<SettlementTerms> {
  const [row] = await tx
    .select({
      settlementCycleDays: payinServices.settlementCycleDays,
      cutoffTime: payinServices.cutoffTime,
      timeZone: payinServices.timeZone,
      settlementCountry: payinServices.settlementCountry,
    })
    .from(payinServices)
    .where(eq(payinServices.id, payinServiceId));
  if (!row) throw new Error(`pay-in service ${payinServiceId} does not exist: a capture needs its settlement terms`);
  return { ...row, settlementCountry: row.settlementCountry.trim() };
}

/**
 * Adds a capture (or `count` captures of the same instant) to its open batch (created when it is the first, opened
 * at the capture: a capture recorded after the fact, as demo data is, opens its batch when it was made); returns
 * the batch id.
 */
export async function joinBatch(tx: DbOrTx, capture: CaptureForBatch): Promise<string> {
  const terms = await termsOfService(tx, capture.payinServiceId);
  let at = capture.capturedAt;
  // A few rounds at most: a closed batch met moves the instant past the last closed batch.
  for (let round = 0; round < 8; round++) {
    const window = batchWindowOf(terms, at);
    const key = batchKeyOf(capture.merchantId, capture.currency, terms, window);
    const b = settlementBatches;
    // Plain SQL: the totals are written in this file alone, as batch-totals-owner.test.ts reads it.
    const [row] = await typedRows(
      tx,
      { id: b.id },
      sql`
        INSERT INTO settlement_batches (id, merchant_id, currency, batch_key, settlement_cycle_days, settlement_country, time_zone, cutoff_time,
                                        business_day, closes_at, due_day, payment_count, gross, fees, created_at)
        VALUES (${newId('BAT', window.closesAt.getTime())}, ${capture.merchantId}, ${capture.currency}, ${key}, ${terms.settlementCycleDays},
                ${terms.settlementCountry}, ${terms.timeZone}, ${terms.cutoffTime}, ${window.businessDay}, ${window.closesAt.toISOString()},
                ${window.dueDay}, ${capture.count ?? 1}, ${capture.gross}, ${capture.fee}, LEAST(now(), ${at.toISOString()}::timestamptz))
        ON CONFLICT (batch_key) DO UPDATE SET payment_count = settlement_batches.payment_count + EXCLUDED.payment_count,
               gross = settlement_batches.gross + EXCLUDED.gross, fees = settlement_batches.fees + EXCLUDED.fees
         WHERE settlement_batches.status = 'OPEN'
        RETURNING id`,
    );
    if (row) return row.id;
    // Closed already (the close job ran first, or the sandbox clock closed batches ahead of time):
    // the capture joins the first batch after the last closed one of these terms, and never one
    // before now (a capture recorded late joins the batch open now).
    const [last] = await tx
      .select({ closesAt: max(b.closesAt) })
      .from(b)
      .where(
        and(
          eq(b.merchantId, capture.merchantId),
          eq(b.currency, capture.currency),
          eq(b.settlementCycleDays, terms.settlementCycleDays),
          eq(b.settlementCountry, terms.settlementCountry),
          ne(b.status, 'OPEN'),
          gte(b.closesAt, window.closesAt),
        ),
      );
    at = new Date(Math.max((last?.closesAt ?? window.closesAt).getTime(), Date.now()));
  }
  throw new Error(`no open batch for ${capture.merchantId} ${capture.currency}: every batch met was closed`);
}

/**
 * A batch's net: what its settlement will pay, and what a refund or a dispute hold may still take
 * from it. The CHECK settlement_batches_net (migration 0016) keeps it at or above zero.
 */
const BATCH_NET = sql`gross - fees - refunds - disputes`;

/**
 * Deducts a refund from its payment's batch when the batch has not settled and its net (after the
 * refunds and dispute holds it carries) covers the amount; returns the batch id, or null when the
 * refund must come from the available balance.
 */
export async function deductRefundFromBatch(
  tx: DbOrTx,
  batchId: string | null,
  amount: number,
): Promise<string | null> {
  if (!batchId) return null;
  const [row] = await typedRows(
    tx,
    { id: settlementBatches.id },
    sql`
      UPDATE settlement_batches SET refunds = refunds + ${amount}, refund_count = refund_count + 1
       WHERE id = ${batchId} AND status <> 'SETTLED' AND ${BATCH_NET} >= ${amount}
      RETURNING id`,
  );
  return row ? row.id : null;
}

/**
 * Deducts a dispute's hold (amount + fee) from its payment's batch when the batch has not settled and
 * its net covers it; returns the batch id, or null when the hold must come from the available balance.
 * The hold stays in the batch whatever the outcome: the settlement shows it as a dispute adjustment.
 */
export async function deductDisputeFromBatch(tx: DbOrTx, batchId: string | null, held: number): Promise<string | null> {
  if (!batchId) return null;
  const [row] = await typedRows(
    tx,
    { id: settlementBatches.id },
    sql`
      UPDATE settlement_batches SET disputes = disputes + ${held}, dispute_count = dispute_count + 1
       WHERE id = ${batchId} AND status <> 'SETTLED' AND ${BATCH_NET} >= ${held}
      RETURNING id`,
  );
  return row ? row.id : null;
}

/**
 * A failed refund deducted from a batch: given back to the batch when it has not settled (returns
 * true: the money goes back to pending, and the refund leaves the batch); false when the batch has
 * settled since (the money goes back to the available balance).
 */
export async function restoreRefundToBatch(tx: DbOrTx, batchId: string, amount: number): Promise<boolean> {
  const [row] = await typedRows(
    tx,
    { id: settlementBatches.id },
    sql`
      UPDATE settlement_batches SET refunds = refunds - ${amount}, refund_count = refund_count - 1
       WHERE id = ${batchId} AND status <> 'SETTLED'
      RETURNING id`,
  );
  return row !== undefined;
}

/**
 * Writes every OPEN batch's totals of the merchant from its payments, the refunds deducted from it and
 * the dispute holds deducted from it: what the paths above keep up one by one, in one statement (the
 * data generator, seed/generate-payments.ts, adds a chunk's captures without touching the batch rows
 * and counts them here once, after the last chunk). The batches are locked first, so a capture joining
 * one meanwhile is counted or waits.
 */
export async function recountOpenBatches(db: Db, merchantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const b = settlementBatches;
    await tx
      .select({ id: b.id })
      .from(b)
      .where(and(eq(b.merchantId, merchantId), eq(b.status, 'OPEN')))
      .orderBy(b.id)
      .for('update');
    await tx.execute(sql`
      UPDATE settlement_batches b
         SET payment_count = coalesce(p.n, 0), gross = coalesce(p.gross, 0), fees = coalesce(p.fees, 0),
             refund_count = coalesce(r.n, 0), refunds = coalesce(r.refunds, 0),
             dispute_count = coalesce(d.n, 0), disputes = coalesce(d.held, 0)
        FROM settlement_batches o
        LEFT JOIN (SELECT batch_id, count(*)::int AS n, sum(amount) AS gross, sum(fee) AS fees FROM payments
                    WHERE merchant_id = ${merchantId} AND batch_id IS NOT NULL GROUP BY batch_id) p ON p.batch_id = o.id
        LEFT JOIN (SELECT batch_id, count(*)::int AS n, sum(amount) AS refunds FROM refunds
                    WHERE merchant_id = ${merchantId} AND batch_id IS NOT NULL GROUP BY batch_id) r ON r.batch_id = o.id
        LEFT JOIN (SELECT batch_id, count(*)::int AS n, sum(held) AS held FROM disputes
                    WHERE merchant_id = ${merchantId} AND batch_id IS NOT NULL GROUP BY batch_id) d ON d.batch_id = o.id
       WHERE b.id = o.id AND o.merchant_id = ${merchantId} AND o.status = 'OPEN'`);
  });
}
