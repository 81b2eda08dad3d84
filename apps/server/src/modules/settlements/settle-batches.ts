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
 * batch rows in different orders; being a transaction's, it holds behind a pooler in transaction mode
 * too), and a batch settles only from CLOSED, so running the jobs twice, or on two server instances at
 * once, settles nothing twice.
 */
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { settlementBatches, settlements } from '../../db/settlements-schema';
import { typedRows } from '../../db/typed-rows';
import { inList } from '../../lib/list-where';
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
  // Writes of settlement_batches outside batch-membership.ts stay plain SQL, where batch-totals-owner.test.ts
  // tells a status move from a write of the totals.
  const closed = await typedRows(
    db,
    { id: settlementBatches.id },
    sql`
      UPDATE settlement_batches SET status = 'CLOSED', closed_at = ${recordedAt}::timestamptz
       WHERE status = 'OPEN' AND closes_at <= ${now}::timestamptz
         ${options.merchantId ? sql`AND merchant_id = ${options.merchantId}` : sql``}
      RETURNING id`,
  );
  return closed.length;
}

/** The closed batches of one merchant, currency and due day: one settlement. */
type DueGroup = Awaited<ReturnType<typeof dueGroups>>[number];

/**
 * The groups of CLOSED batches due at `now` in their zone (at most GROUPS_PER_TRANSACTION), each
 * settled once no batch of its merchant, currency and due day is still OPEN.
 */
function dueGroups(tx: DbOrTx, now: Date, merchantId: string | undefined) {
  const b = alias(settlementBatches, 'b');
  const o = alias(settlementBatches, 'o');
  return tx
    .select({
      merchantId: b.merchantId,
      currency: b.currency,
      dueDay: b.dueDay,
      batchIds: sql<string[]>`array_agg(${b.id} ORDER BY ${b.id})`,
    })
    .from(b)
    .where(
      and(
        eq(b.status, 'CLOSED'),
        sql`${b.dueDay} <= (${now.toISOString()}::timestamptz AT TIME ZONE ${b.timeZone})::date`,
        merchantId ? eq(b.merchantId, merchantId) : undefined,
        notExists(
          tx
            .select({ one: sql`1` })
            .from(o)
            .where(
              and(
                eq(o.status, 'OPEN'),
                eq(o.merchantId, b.merchantId),
                eq(o.currency, b.currency),
                eq(o.dueDay, b.dueDay),
              ),
            ),
        ),
      ),
    )
    .groupBy(b.merchantId, b.currency, b.dueDay)
    .orderBy(b.dueDay, b.merchantId, b.currency)
    .limit(GROUPS_PER_TRANSACTION);
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

async function settleSome(
  tx: DbOrTx,
  options: SettleOptions,
): Promise<{ settlements: number; batches: number; groups: number }> {
  const at = options.now ?? new Date();
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETTLE_LOCK})`);
  const groups = await dueGroups(tx, at, options.merchantId);
  // Every batch of this transaction's groups is locked before the first posting. A refund locks its
  // batch and then the merchant's accounts (batch-membership.ts, then post-transaction.ts); settling
  // one group posts to those accounts, so locking the next group's batches after it would wait for
  // a batch while holding accounts, and the two would deadlock.
  const batchIds = groups.flatMap((g) => g.batchIds).sort();
  const b = settlementBatches;
  if (batchIds.length)
    await tx
      .select({ id: b.id })
      .from(b)
      .where(and(inArray(b.id, batchIds), eq(b.status, 'CLOSED')))
      .orderBy(b.id)
      .for('update');
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
  const b = settlementBatches;
  const locked = await tx
    .select({
      id: b.id,
      paymentCount: b.paymentCount,
      refundCount: b.refundCount,
      disputeCount: b.disputeCount,
      gross: b.gross,
      fees: b.fees,
      refunds: b.refunds,
      disputes: b.disputes,
    })
    .from(b)
    .where(and(inArray(b.id, group.batchIds), eq(b.status, 'CLOSED')))
    .orderBy(b.id)
    .for('update');
  if (!locked.length) return 0;
  const sum = (pick: (r: (typeof locked)[number]) => number) => locked.reduce((n, r) => n + pick(r), 0);
  const gross = sum((r) => r.gross);
  const fees = sum((r) => r.fees);
  const refunds = sum((r) => r.refunds);
  // Disputes held from these batches (modules/disputes/dispute-money.ts): the settlement's dispute adjustments.
  const disputes = sum((r) => r.disputes);
  const net = gross - fees - refunds - disputes;
  const batchIds = locked.map((r) => r.id);
  const id = newId('STL', at.getTime());
  const bankReference = `SBX${group.dueDay.replaceAll('-', '')}${id.slice(-6)}`;
  await tx.insert(settlements).values({
    id,
    merchantId: group.merchantId,
    currency: group.currency,
    settlementDay: group.dueDay,
    status: 'PAID',
    batchCount: batchIds.length,
    paymentCount: sum((r) => r.paymentCount),
    refundCount: sum((r) => r.refundCount),
    disputeCount: sum((r) => r.disputeCount),
    gross,
    refunds,
    fees,
    disputes,
    net,
    bankReference,
    createdAt: at,
    paidAt: at,
  });
  const settled = await typedRows(
    tx,
    { id: b.id },
    sql`
      UPDATE settlement_batches SET status = 'SETTLED', settlement_id = ${id}, settled_at = ${at.toISOString()}::timestamptz
       WHERE ${inList(sql`id`, batchIds)} AND status = 'CLOSED'
      RETURNING id`,
  );
  // Locked above, and a batch leaves CLOSED only here: all of them settle.
  if (settled.length !== batchIds.length)
    throw new Error(`settlement ${id}: ${batchIds.length - settled.length} of its batches changed under the run`);
  if (net > 0) {
    const ledgerId = await postTransaction(tx, {
      merchantId: group.merchantId,
      currency: group.currency,
      kind: 'SETTLEMENT',
      referenceType: 'SETTLEMENT',
      referenceId: id,
      postings: settlePostings(group.merchantId, net),
      at,
    });
    await tx.update(settlements).set({ ledgerTransactionId: ledgerId }).where(eq(settlements.id, id));
  }
  // Written PAID (the sandbox bank pays at once): paid as it is created.
  await emitDomainEvent(tx, jobs, 'settlement.paid', group.merchantId, id);
  return settled.length;
}
