/**
 * Clearing batches for generated history (generate-payments.ts): the same batches the capture path
 * joins (settlements/batch-membership.ts), assigned in memory for a chunk of generated captures, their
 * rows created per chunk and their totals counted once at the end, so a million payments need no
 * query per payment.
 *
 * Windows come from settlement-terms.ts batchWindowsBetween (one list per set of terms), searched by
 * instant: the answers batchWindowOf gives one capture at a time.
 */
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { settlementBatches } from '../db/settlements-schema';
import { newId } from '../lib/ids';
import { addDays, dayOf } from '../lib/working-days';
import type { ResolvedPayinService } from '../modules/payin-services';
import { batchKeyOf, batchWindowsBetween, type BatchWindow, type SettlementTerms } from '../modules/settlements';

/** A chunk's share of one batch. */
export interface BatchShare {
  key: string;
  merchantId: string;
  currency: string;
  terms: SettlementTerms;
  window: BatchWindow;
  /** The chunk's first capture into the batch: when a generated batch opened (its created_at). */
  openedAt: Date;
  paymentCount: number;
  gross: number;
  fees: number;
  refundCount: number;
  refunds: number;
}

export class BatchAssigner {
  private readonly windows = new Map<string, BatchWindow[]>();

  /** Windows covering captures from `from` to `to` (instants), for each service's terms. */
  constructor(
    private readonly merchantId: string,
    private readonly from: Date,
    private readonly to: Date,
  ) {}

  /** The batch a capture of `service` at `at` joins (its window and key). */
  windowOf(
    service: ResolvedPayinService,
    currency: string,
    at: Date,
  ): { key: string; window: BatchWindow; terms: SettlementTerms } {
    const terms: SettlementTerms = {
      settlementCycleDays: service.settlementCycleDays,
      cutoffTime: service.cutoffTime,
      timeZone: service.timeZone,
      settlementCountry: service.settlementCountry,
    };
    const termsKey = `${terms.settlementCycleDays}|${terms.cutoffTime}|${terms.timeZone}|${terms.settlementCountry}`;
    let list = this.windows.get(termsKey);
    if (!list) {
      // A day before the first capture (its batch may be the previous business day's) to two weeks after the last.
      list = batchWindowsBetween(
        terms,
        addDays(dayOf(this.from, terms.timeZone), -1),
        addDays(dayOf(this.to, terms.timeZone), 14),
      );
      this.windows.set(termsKey, list);
    }
    // The first window whose cut-off is after the capture.
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].closesAt.getTime() > at.getTime()) hi = mid;
      else lo = mid + 1;
    }
    const window = list[lo];
    if (!window || window.closesAt.getTime() <= at.getTime())
      throw new RangeError(`capture at ${at.toISOString()} is outside the generated range`);
    return { key: batchKeyOf(this.merchantId, currency, terms, window), window, terms };
  }
}

/** Adds a capture (or a refund deducted from the batch) to the chunk's share of its batch. */
export function addToShare(
  shares: Map<string, BatchShare>,
  base: Omit<BatchShare, 'paymentCount' | 'gross' | 'fees' | 'refundCount' | 'refunds'>,
  delta: Partial<Pick<BatchShare, 'paymentCount' | 'gross' | 'fees' | 'refundCount' | 'refunds'>>,
): BatchShare {
  const share = shares.get(base.key) ?? { ...base, paymentCount: 0, gross: 0, fees: 0, refundCount: 0, refunds: 0 };
  if (base.openedAt < share.openedAt) share.openedAt = base.openedAt;
  share.paymentCount += delta.paymentCount ?? 0;
  share.gross += delta.gross ?? 0;
  share.fees += delta.fees ?? 0;
  share.refundCount += delta.refundCount ?? 0;
  share.refunds += delta.refunds ?? 0;
  shares.set(base.key, share);
  return share;
}

/**
 * The batch rows of a chunk's shares: the OPEN batch of each key, created (with no totals yet) when
 * new. A key whose batch has closed already (history added to a database whose batches have settled)
 * gets a batch of its own for this run (`runTag` appended to the key): a closed batch never changes.
 * Returns key → batch id. Nothing is updated here: a batch row updated by every chunk would collect a
 * dead version per chunk, each later update walking them all; recountOpenBatches
 * (settlements/batch-membership.ts, the one writer of batch totals) writes them once, after the last chunk.
 */
export async function ensureBatches(
  tx: DbOrTx,
  shares: Iterable<BatchShare>,
  runTag: string,
): Promise<Map<string, string>> {
  const list = [...shares].sort((a, b) => (a.key < b.key ? -1 : 1));
  const ids = new Map<string, string>();
  const ensure = async (items: BatchShare[], keyOf: (s: BatchShare) => string) => {
    if (!items.length) return new Map<string, { id: string; status: string }>();
    const values = items.map(
      (
        s,
      ) => sql`(${newId('BAT', s.window.closesAt.getTime())}, ${s.merchantId}, ${s.currency}, ${keyOf(s)}, ${s.terms.settlementCycleDays},
      ${s.terms.settlementCountry}, ${s.terms.timeZone}, ${s.terms.cutoffTime}, ${s.window.businessDay}::date, ${s.window.closesAt.toISOString()}::timestamptz,
      ${s.window.dueDay}::date, LEAST(now(), ${s.openedAt.toISOString()}::timestamptz))`,
    );
    await tx.execute(sql`
      INSERT INTO settlement_batches (id, merchant_id, currency, batch_key, settlement_cycle_days, settlement_country, time_zone, cutoff_time,
                                      business_day, closes_at, due_day, created_at)
      VALUES ${sql.join(values, sql`, `)} ON CONFLICT (batch_key) DO NOTHING`);
    const b = settlementBatches;
    const rows = await tx
      .select({ id: b.id, batchKey: b.batchKey, status: b.status })
      .from(b)
      .where(inArray(b.batchKey, items.map(keyOf)));
    return new Map(rows.map((r) => [r.batchKey, { id: r.id, status: r.status }]));
  };
  const found = await ensure(list, (s) => s.key);
  const closed: BatchShare[] = [];
  for (const s of list) {
    const batch = found.get(s.key);
    if (batch?.status === 'OPEN') ids.set(s.key, batch.id);
    else closed.push(s);
  }
  const ownKey = (s: BatchShare) => `${s.key}|${runTag}`;
  const own = await ensure(closed, ownKey);
  for (const s of closed) {
    const batch = own.get(ownKey(s));
    if (batch?.status !== 'OPEN') throw new Error(`batch ${ownKey(s)} of this run is closed already`);
    ids.set(s.key, batch.id);
  }
  return ids;
}
