import { recordText } from '@mbo/contracts/record-texts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SANDBOX_PAYOUT_FAILURES } from '@mbo/contracts/payouts';
import type { Db, DbOrTx } from '../../db/client';
import { payoutBatches, payouts } from '../../db/money-out-schema';
import { computed, orNull, typedRows, type RowOf } from '../../db/typed-rows';
import { defineJob } from '../../jobs/job-definition';
import type { JobQueue } from '../../jobs/job-queue';
import { postTransaction, moneyOutPaidPostings, moneyOutReturnPostings } from '../ledger';
import { emitDomainEvents } from '../domain-events';
import { appendTimeline } from '../timeline';

export const SANDBOX_PAYOUT_BANK = recordText('actorSandboxBank');
/** Rows one run of the job moves: a 10,000-row batch is paid over a few runs. */
export const PAYOUT_STEP_ROWS = 1000;

const OPEN_PAYOUT = {
  id: payouts.id,
  merchant_id: payouts.merchantId,
  currency: payouts.currency,
  amount: payouts.amount,
  fee: payouts.fee,
  last4: payouts.last4,
  status: payouts.status,
};
type OpenPayout = RowOf<typeof OPEN_PAYOUT>;

export type PayoutTarget = { batchId: string } | { payoutId: string };

/**
 * One run of the sandbox bank over a batch (or one payout), in one transaction with its rows locked
 * (SKIP LOCKED: a second runner takes other rows, never the same): the rows at the bank are decided
 * (paid; or refused when the account ends in a documented failing number, and then their amount +
 * fee return to available), and the next pending rows go to the bank. The money of each run moves in
 * one ledger transaction per currency and outcome. When rows remain open the next run is sent in the
 * same transaction; when none remain the batch is finished. With `next` (the job's run), each payout
 * paid or refused emits payout.paid or payout.failed in the same transaction. Returns how many rows it moved.
 */
export async function advancePayouts(
  db: Db,
  target: PayoutTarget,
  next?: { jobs: JobQueue; delayMs: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const which = 'batchId' in target ? sql`batch_id = ${target.batchId}` : sql`id = ${target.payoutId}`;
    const open = await typedRows(
      tx,
      OPEN_PAYOUT,
      sql`
      SELECT id, merchant_id, currency, amount, fee, last4, status FROM payouts
       WHERE ${which} AND status IN ('PENDING', 'PROCESSING') ORDER BY row_no NULLS FIRST, id LIMIT ${PAYOUT_STEP_ROWS * 2} FOR UPDATE SKIP LOCKED`,
    );
    const atBank = open.filter((p) => p.status === 'PROCESSING');
    const pending = open.filter((p) => p.status === 'PENDING').slice(0, PAYOUT_STEP_ROWS);
    const paid = atBank.filter((p) => !SANDBOX_PAYOUT_FAILURES[p.last4]);
    const failed = atBank.filter((p) => SANDBOX_PAYOUT_FAILURES[p.last4]);
    const reference =
      'batchId' in target ? { type: 'PAYOUT_BATCH', id: target.batchId } : { type: 'PAYOUT', id: target.payoutId };
    await settle(tx, paid, 'PAYOUT_PAID', reference, (p) =>
      moneyOutPaidPostings(p.merchant_id, Number(p.amount), Number(p.fee)),
    );
    await settle(tx, failed, 'PAYOUT_RETURN', reference, (p) =>
      moneyOutReturnPostings(p.merchant_id, Number(p.amount) + Number(p.fee)),
    );
    if (paid.length) {
      await tx.execute(sql`
        UPDATE payouts SET status = 'SUCCESS', finished_at = now(), updated_at = now(), bank_reference = 'SBX' || substr(id, 4, 12)
         WHERE id IN (${sql.join(
           paid.map((p) => sql`${p.id}`),
           sql`, `,
         )})`);
    }
    for (const [suffix, reason] of Object.entries(SANDBOX_PAYOUT_FAILURES)) {
      const ids = failed.filter((p) => p.last4 === suffix).map((p) => sql`${p.id}`);
      if (ids.length)
        await tx.execute(
          sql`UPDATE payouts SET status = 'FAILED', failure_reason = ${reason}, finished_at = now(), updated_at = now() WHERE id IN (${sql.join(ids, sql`, `)})`,
        );
    }
    if (open.length) {
      // All rows of a run are the target's: one merchant's.
      await emitDomainEvents(
        tx,
        next?.jobs,
        'payout.paid',
        open[0].merchant_id,
        paid.map((p) => p.id),
      );
      await emitDomainEvents(
        tx,
        next?.jobs,
        'payout.failed',
        open[0].merchant_id,
        failed.map((p) => p.id),
      );
    }
    if (pending.length) {
      await tx.execute(
        sql`UPDATE payouts SET status = 'PROCESSING', updated_at = now() WHERE id IN (${sql.join(
          pending.map((p) => sql`${p.id}`),
          sql`, `,
        )})`,
      );
    }
    if (!('batchId' in target) && open.length) {
      const p = open[0];
      const reason = SANDBOX_PAYOUT_FAILURES[p.last4];
      const [status, note] =
        p.status === 'PENDING'
          ? ['PROCESSING', recordText('payoutSentToBank')]
          : reason
            ? ['FAILED', recordText('payoutFailedReturned', { reason })]
            : ['SUCCESS', recordText('payoutPaid')];
      await appendTimeline(tx, {
        merchantId: p.merchant_id,
        entityType: 'PAYOUT',
        entityId: p.id,
        type: status,
        status,
        note,
        actor: SANDBOX_PAYOUT_BANK,
      });
    }
    const remaining = open.length - paid.length - failed.length;
    if (remaining > 0 || open.length === PAYOUT_STEP_ROWS * 2) {
      if (next) await next.jobs.send(sandboxPayoutJob, target, { tx, startAfterSeconds: next.delayMs / 1000 });
    } else if ('batchId' in target) {
      await finishBatch(tx, target.batchId);
    }
    return paid.length + failed.length + pending.length;
  });
}

async function settle(
  tx: DbOrTx,
  rows: OpenPayout[],
  kind: string,
  reference: { type: string; id: string },
  postingsOf: (p: OpenPayout) => ReturnType<typeof moneyOutPaidPostings>,
): Promise<void> {
  const byCurrency = new Map<string, OpenPayout[]>();
  for (const p of rows) byCurrency.set(p.currency, [...(byCurrency.get(p.currency) ?? []), p]);
  for (const currency of [...byCurrency.keys()].sort()) {
    const group = byCurrency.get(currency)!;
    // One transaction per currency: the rows' postings summed per account.
    const sums = new Map<string, { owner: string; type: string; amount: number }>();
    for (const posting of group.flatMap(postingsOf)) {
      const k = `${posting.owner}|${posting.type}`;
      sums.set(k, { ...posting, amount: (sums.get(k)?.amount ?? 0) + posting.amount });
    }
    await postTransaction(tx, {
      merchantId: group[0].merchant_id,
      currency,
      kind,
      referenceType: reference.type,
      referenceId: reference.id,
      postings: [...sums.values()] as ReturnType<typeof moneyOutPaidPostings>,
    });
  }
}

/** Every row final: COMPLETED, or PARTIALLY_FAILED when some failed. */
async function finishBatch(tx: DbOrTx, batchId: string): Promise<void> {
  const [row] = await typedRows(
    tx,
    { failed: computed(Number), open: computed(Number), merchant_id: orNull(payouts.merchantId) },
    sql`
    SELECT count(*) FILTER (WHERE status IN ('FAILED', 'CANCELLED'))::int AS failed, count(*) FILTER (WHERE status IN ('PENDING', 'PROCESSING'))::int AS open,
           min(merchant_id) AS merchant_id
      FROM payouts WHERE batch_id = ${batchId}`,
  );
  if (!row || row.open > 0) return;
  const status = row.failed > 0 ? 'PARTIALLY_FAILED' : 'COMPLETED';
  const updated = await typedRows(
    tx,
    { id: payoutBatches.id },
    sql`
    UPDATE payout_batches SET status = ${status}, finished_at = now() WHERE id = ${batchId} AND status = 'PROCESSING' RETURNING id`,
  );
  if (updated.length) {
    // A batch has rows, so one merchant's (the entry's merchant_id is NOT NULL).
    if (row.merchant_id === null) throw new Error(`Payout batch ${batchId} has no payouts`);
    await appendTimeline(tx, {
      merchantId: row.merchant_id,
      entityType: 'PAYOUT_BATCH',
      entityId: batchId,
      type: status,
      status,
      note: row.failed > 0 ? recordText('batchSomeFailed', { count: row.failed }) : recordText('batchEveryPaid'),
      actor: SANDBOX_PAYOUT_BANK,
    });
  }
}

/** Sent when a payout or batch is accepted, and by each run while rows remain, SANDBOX_PAYOUT_DELAY_MS apart. */
export const sandboxPayoutJob = defineJob({
  name: 'payouts.sandbox-bank',
  data: z.union([z.object({ batchId: z.string().min(1).max(64) }), z.object({ payoutId: z.string().min(1).max(64) })]),
  retryLimit: 5,
  retryDelaySeconds: 2,
  expireInSeconds: 300,
  concurrency: 2,
  handle: async (job, app) => {
    await advancePayouts(app.db, job.data, { jobs: app.jobs, delayMs: app.config.sandboxPayoutDelayMs });
  },
});
