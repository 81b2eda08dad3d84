/**
 * How captures and refunds enter clearing batches, inside the capture's or refund's own database
 * transaction, so a batch's running totals are always exactly its payments' and refunds' sums.
 *
 * - A capture joins the OPEN batch of its merchant, currency and pay-in service terms for its capture
 *   instant (settlement-terms.ts batchWindowOf / batchKeyOf): one upsert that creates the batch or
 *   adds the payment to its totals under the batch row's lock. If the close job closed that batch in
 *   the meantime (the capture's instant was before the cut-off, its commit after the close), the
 *   capture joins the next batch: a closed batch never changes.
 * - A refund of a payment whose batch has not settled is deducted from that batch (from pending)
 *   when the batch's net still covers it; otherwise it comes from the available balance. So a batch's
 *   and a settlement's net is never negative, and gross − refunds − fees = net holds for every batch.
 * - A refund that fails before its batch settled is given back to the batch (and to pending); after
 *   the settlement it goes back to the available balance, and the refund keeps its batch (the
 *   settlement deducted it).
 *
 * Lock order, the same on every path: payment row, then batch row, then ledger accounts (by id).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { newId } from '../../lib/ids';
import { batchKeyOf, batchWindowOf, type SettlementTerms } from './settlement-terms';

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
  const [row] = rowsOf<{ settlement_cycle_days: number; cutoff_time: string; time_zone: string; settlement_country: string }>(
    await tx.execute(sql`SELECT settlement_cycle_days, cutoff_time, time_zone, settlement_country FROM payin_services WHERE id = ${payinServiceId}`),
  );
  if (!row) throw new Error(`pay-in service ${payinServiceId} does not exist: a capture needs its settlement terms`);
  return {
    settlementCycleDays: Number(row.settlement_cycle_days), cutoffTime: row.cutoff_time, timeZone: row.time_zone, settlementCountry: row.settlement_country.trim(),
  };
}

/** Adds a capture (or `count` captures of the same instant) to its open batch (created when it is the first); returns the batch id. */
export async function joinBatch(tx: DbOrTx, capture: CaptureForBatch): Promise<string> {
  const terms = await termsOfService(tx, capture.payinServiceId);
  let at = capture.capturedAt;
  // A few rounds at most: a closed batch met moves the instant past the last closed batch.
  for (let round = 0; round < 8; round++) {
    const window = batchWindowOf(terms, at);
    const key = batchKeyOf(capture.merchantId, capture.currency, terms, window);
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO settlement_batches (id, merchant_id, currency, batch_key, settlement_cycle_days, settlement_country, time_zone, cutoff_time,
                                        business_day, closes_at, due_day, payment_count, gross, fees)
        VALUES (${newId('BAT', window.closesAt.getTime())}, ${capture.merchantId}, ${capture.currency}, ${key}, ${terms.settlementCycleDays},
                ${terms.settlementCountry}, ${terms.timeZone}, ${terms.cutoffTime}, ${window.businessDay}, ${window.closesAt.toISOString()},
                ${window.dueDay}, ${capture.count ?? 1}, ${capture.gross}, ${capture.fee})
        ON CONFLICT (batch_key) DO UPDATE SET payment_count = settlement_batches.payment_count + EXCLUDED.payment_count,
               gross = settlement_batches.gross + EXCLUDED.gross, fees = settlement_batches.fees + EXCLUDED.fees
         WHERE settlement_batches.status = 'OPEN'
        RETURNING id`),
    );
    if (row) return row.id;
    // Closed already (the close job ran first, or the sandbox clock closed batches ahead of time):
    // the capture joins the first batch after the last closed one of these terms, and never one
    // before now (a capture recorded late joins the batch open now).
    const [last] = rowsOf<{ closes_at: string | Date }>(
      await tx.execute(sql`
        SELECT max(closes_at) AS closes_at FROM settlement_batches
         WHERE merchant_id = ${capture.merchantId} AND currency = ${capture.currency} AND settlement_cycle_days = ${terms.settlementCycleDays}
           AND settlement_country = ${terms.settlementCountry} AND status <> 'OPEN' AND closes_at >= ${window.closesAt.toISOString()}::timestamptz`),
    );
    at = new Date(Math.max(new Date(last?.closes_at ?? window.closesAt).getTime(), Date.now()));
  }
  throw new Error(`no open batch for ${capture.merchantId} ${capture.currency}: every batch met was closed`);
}

/**
 * Deducts a refund from its payment's batch when the batch has not settled and its net covers the
 * amount; returns the batch id, or null when the refund must come from the available balance.
 */
export async function deductRefundFromBatch(tx: DbOrTx, batchId: string | null, amount: number): Promise<string | null> {
  if (!batchId) return null;
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE settlement_batches SET refunds = refunds + ${amount}, refund_count = refund_count + 1
       WHERE id = ${batchId} AND status <> 'SETTLED' AND gross - fees - refunds >= ${amount}
      RETURNING id`),
  );
  return row ? row.id : null;
}

/**
 * A failed refund deducted from a batch: given back to the batch when it has not settled (returns
 * true: the money goes back to pending, and the refund leaves the batch); false when the batch has
 * settled since (the money goes back to the available balance).
 */
export async function restoreRefundToBatch(tx: DbOrTx, batchId: string, amount: number): Promise<boolean> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE settlement_batches SET refunds = refunds - ${amount}, refund_count = refund_count - 1
       WHERE id = ${batchId} AND status <> 'SETTLED'
      RETURNING id`),
  );
  return row !== undefined;
}
