/**
 * The settlement cycle's two steps, run by the settlement job (settlement-job.ts) and by the data
 * generator, each idempotent and set-based over batch rows (a batch carries its totals, so settling a
 * day of 100,000 payments touches a handful of rows, never the payments):
 *
 * - closeDueBatches: every OPEN batch whose cut-off has passed becomes CLOSED. A capture committing
 *   at the same time either added itself before (the batch row's lock orders them) or finds the batch
 *   closed and joins the next one (batch-membership.ts).
 * - settleDueBatches: the CLOSED batches due on a day (their due day has begun in their zone) become
 *   one settlement per merchant, currency and due day, once none of that day's batches is still open:
 *   the settlement row (PAID: the sandbox bank pays at once, to the available balance), the batches
 *   SETTLED with its id, and the net moved from pending to available in one balanced ledger
 *   transaction. A day's batches missed while the server was down settle on the next run, each due
 *   day still its own settlement.
 *
 * Runs never overlap (each step takes a transaction-scoped advisory lock, so two of them never lock
 * batch rows in different orders), and a batch settles only from CLOSED, so running the jobs twice,
 * or on two server instances at once, settles nothing twice.
 */
import { inList } from '../../lib/list-where';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { newId } from '../../lib/ids';
import { emitDomainEvent } from '../domain-events';
import { postTransaction, settlePostings } from '../ledger';

/** pg_advisory_xact_lock key of settlement runs ('mbo-settle' as a number). */
const SETTLE_LOCK = 0x6d626f5f73746c;
/** Settlements written per database transaction (memory and lock time stay bounded on a catch-up). */
const GROUPS_PER_TRANSACTION = 200;

export interface SettleOptions {
  /** The instant the run acts at (default now): the generator replays history with earlier ones. */
  now?: Date;
  /** Only this merchant's batches (tests, the generator, the sandbox clock); all merchants by default. */
  merchantId?: string;
  /**
   * The instant written on what the run does (closed_at, settled_at, the settlement and its ledger
   * transaction); default `now`. The sandbox clock settles as of a later day but records the real time.
   */
  recordedAt?: Date;
  /** The app's queue: each settlement paid emits settlement.paid in its transaction (the demo data passes none). */
  jobs?: JobQueue;
}

export interface SettleResult {
  closed: number;
  settlements: number;
  batches: number;
}

/** Closes every open batch whose cut-off is at or before `now`; returns how many it closed. */
export async function closeDueBatches(db: DbOrTx, options: SettleOptions = {}): Promise<number> {
  const now = (options.now ?? new Date()).toISOString();
  const recordedAt = (options.recordedAt ?? options.now ?? new Date()).toISOString();
  const closed = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE settlement_batches SET status = 'CLOSED', closed_at = ${recordedAt}::timestamptz
       WHERE status = 'OPEN' AND closes_at <= ${now}::timestamptz
         ${options.merchantId ? sql`AND merchant_id = ${options.merchantId}` : sql``}
      RETURNING id`),
  );
  return closed.length;
}

/** The closed batches of one merchant, currency and due day: one settlement. */
interface DueGroup {
  merchant_id: string;
  currency: string;
  due_day: string;
  batch_ids: string[];
}

/** Closes what is due, then settles every closed batch due at `now`; the counts of what it did. */
export async function runSettlementCycle(db: Db, options: SettleOptions = {}): Promise<SettleResult> {
  const closed = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETTLE_LOCK})`);
    return closeDueBatches(tx, options);
  });
  return { closed, ...(await settleDueBatches(db, options)) };
}

/** Settles due batches without closing any first (closeDueBatches is the other half). */
export async function settleDueBatches(db: Db, options: SettleOptions = {}): Promise<Omit<SettleResult, 'closed'>> {
  const result = { settlements: 0, batches: 0 };
  for (;;) {
    const step = await db.transaction((tx) => settleSome(tx, options));
    result.settlements += step.settlements;
    result.batches += step.batches;
    if (step.groups < GROUPS_PER_TRANSACTION) return result;
  }
}

async function settleSome(tx: DbOrTx, options: SettleOptions): Promise<{ settlements: number; batches: number; groups: number }> {
  const at = options.now ?? new Date();
  const now = at.toISOString();
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETTLE_LOCK})`);
  const groups = rowsOf<DueGroup>(
    await tx.execute(sql`
      SELECT b.merchant_id, b.currency, b.due_day::text AS due_day, array_agg(b.id ORDER BY b.id) AS batch_ids
        FROM settlement_batches b
       WHERE b.status = 'CLOSED'
         AND b.due_day <= (${now}::timestamptz AT TIME ZONE b.time_zone)::date
         ${options.merchantId ? sql`AND b.merchant_id = ${options.merchantId}` : sql``}
         AND NOT EXISTS (
           SELECT 1 FROM settlement_batches o
            WHERE o.status = 'OPEN' AND o.merchant_id = b.merchant_id AND o.currency = b.currency AND o.due_day = b.due_day)
       GROUP BY b.merchant_id, b.currency, b.due_day
       ORDER BY b.due_day, b.merchant_id, b.currency
       LIMIT ${GROUPS_PER_TRANSACTION}`),
  );
  // Every batch of this transaction's groups is locked before the first posting. A refund locks its
  // batch and then the merchant's accounts (batch-membership.ts, then post-transaction.ts); settling
  // one group posts to those accounts, so locking the next group's batches after it would wait for
  // a batch while holding accounts, and the two would deadlock.
  const batchIds = groups.flatMap((g) => g.batch_ids).sort();
  if (batchIds.length) await tx.execute(sql`SELECT id FROM settlement_batches WHERE ${inList(sql`id`, batchIds)} AND status = 'CLOSED' ORDER BY id FOR UPDATE`);
  let batches = 0;
  let settlements = 0;
  for (const group of groups) {
    const settled = await settleGroup(tx, group, options.recordedAt ?? at, options.jobs);
    batches += settled;
    if (settled) settlements += 1;
  }
  return { settlements, batches, groups: groups.length };
}

async function settleGroup(tx: DbOrTx, group: DueGroup, at: Date, jobs: JobQueue | undefined): Promise<number> {
  // The batches locked first, and their totals read under the lock: a refund deducted from one of
  // them (or given back to it) after the group was found has committed by now and is counted, or
  // waits for this settlement and then finds the batch settled (batch-membership.ts).
  const locked = rowsOf<{
    id: string; payment_count: number; refund_count: number; dispute_count: number; gross: string | number; fees: string | number; refunds: string | number; disputes: string | number;
  }>(
    await tx.execute(sql`
      SELECT id, payment_count, refund_count, dispute_count, gross, fees, refunds, disputes FROM settlement_batches
       WHERE ${inList(sql`id`, group.batch_ids)} AND status = 'CLOSED'
       ORDER BY id FOR UPDATE`),
  );
  if (!locked.length) return 0;
  const sum = (pick: (r: (typeof locked)[number]) => string | number) => locked.reduce((n, r) => n + Number(pick(r)), 0);
  const gross = sum((r) => r.gross);
  const fees = sum((r) => r.fees);
  const refunds = sum((r) => r.refunds);
  // Disputes held from these batches (modules/disputes/dispute-money.ts): the settlement's dispute adjustments.
  const disputes = sum((r) => r.disputes);
  const net = gross - fees - refunds - disputes;
  const batchIds = locked.map((r) => r.id);
  const id = newId('STL', at.getTime());
  const bankReference = `SBX${group.due_day.replaceAll('-', '')}${id.slice(-6)}`;
  await tx.execute(sql`
    INSERT INTO settlements (id, merchant_id, currency, settlement_day, status, batch_count, payment_count, refund_count, dispute_count,
                             gross, refunds, fees, disputes, net, bank_reference, created_at, paid_at)
    VALUES (${id}, ${group.merchant_id}, ${group.currency}, ${group.due_day}, 'PAID', ${batchIds.length},
            ${sum((r) => r.payment_count)}, ${sum((r) => r.refund_count)}, ${sum((r) => r.dispute_count)}, ${gross}, ${refunds}, ${fees}, ${disputes}, ${net},
            ${bankReference}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
  const settled = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE settlement_batches SET status = 'SETTLED', settlement_id = ${id}, settled_at = ${at.toISOString()}::timestamptz
       WHERE ${inList(sql`id`, batchIds)} AND status = 'CLOSED'
      RETURNING id`),
  );
  // Locked above, and a batch leaves CLOSED only here: all of them settle.
  if (settled.length !== batchIds.length) throw new Error(`settlement ${id}: ${batchIds.length - settled.length} of its batches changed under the run`);
  if (net > 0) {
    const ledgerId = await postTransaction(tx, {
      merchantId: group.merchant_id, currency: group.currency, kind: 'SETTLEMENT', referenceType: 'SETTLEMENT', referenceId: id,
      postings: settlePostings(group.merchant_id, net), at,
    });
    await tx.execute(sql`UPDATE settlements SET ledger_transaction_id = ${ledgerId} WHERE id = ${id}`);
  }
  // Written PAID (the sandbox bank pays at once): paid as it is created.
  await emitDomainEvent(tx, jobs, 'settlement.paid', group.merchant_id, id);
  return settled.length;
}
