/**
 * A checker's decision on a single payout or a batch awaiting approval (modules/approvals calls them
 * through the handlers this module registers): approved, they go to the sandbox bank; rejected, they
 * are cancelled and their amount and fee return to the available balance.
 */
import { recordText } from '@mbo/contracts/record-texts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payoutBatches, payouts } from '../../db/money-out-schema';
import { computed, typedRows } from '../../db/typed-rows';
import type { MoneyActor } from '../../lib/actor';
import {
  checkDecidable,
  decisionEvent,
  NOT_FOUND,
  type ApprovalDeps,
  type ApprovalHandler,
  type Decision,
} from '../approvals';
import { emitDomainEvent, emitDomainEvents } from '../domain-events';
import { postTransaction, moneyOutReturnPostings } from '../ledger';
import { sandboxPayoutJob } from './sandbox-payout-job';

async function decidePayout(
  tx: DbOrTx,
  actor: MoneyActor,
  id: string,
  decision: Decision,
  deps: ApprovalDeps,
  reason?: string,
): Promise<void> {
  const [p] = await typedRows(
    tx,
    {
      status: payouts.status,
      created_by: payouts.createdBy,
      currency: payouts.currency,
      amount: payouts.amount,
      fee: payouts.fee,
    },
    sql`
    SELECT status, created_by, currency, amount, fee FROM payouts WHERE id = ${id} AND merchant_id = ${actor.merchantId} AND batch_id IS NULL FOR UPDATE`,
  );
  if (!p) throw NOT_FOUND.PAYOUT();
  checkDecidable(p.status, p.created_by, actor);
  if (decision === 'APPROVE') {
    await tx.execute(
      sql`UPDATE payouts SET status = 'PENDING', decided_by = ${actor.email}, decided_at = now(), updated_at = now() WHERE id = ${id}`,
    );
    await decisionEvent(tx, actor.merchantId, 'PAYOUT', id, decision, 'PENDING', actor);
    await deps.jobs.send(sandboxPayoutJob, { payoutId: id }, { tx, startAfterSeconds: deps.payoutDelayMs / 1000 });
    return;
  }
  await tx.execute(sql`
    UPDATE payouts SET status = 'CANCELLED', failure_reason = ${recordText('rejectedByApprover')}, decided_by = ${actor.email}, decided_at = now(), finished_at = now(), updated_at = now()
     WHERE id = ${id}`);
  await postTransaction(tx, {
    merchantId: actor.merchantId,
    currency: p.currency,
    kind: 'PAYOUT_RETURN',
    referenceType: 'PAYOUT',
    referenceId: id,
    postings: moneyOutReturnPostings(actor.merchantId, Number(p.amount) + Number(p.fee)),
  });
  await decisionEvent(tx, actor.merchantId, 'PAYOUT', id, decision, 'CANCELLED', actor, reason);
  await emitDomainEvent(tx, deps.jobs, 'payout.cancelled', actor.merchantId, id);
}

async function decideBatch(
  tx: DbOrTx,
  actor: MoneyActor,
  id: string,
  decision: Decision,
  deps: ApprovalDeps,
  reason?: string,
): Promise<void> {
  const [b] = await typedRows(
    tx,
    { status: payoutBatches.status, created_by: payoutBatches.createdBy },
    sql`
    SELECT status, created_by FROM payout_batches WHERE id = ${id} AND merchant_id = ${actor.merchantId} FOR UPDATE`,
  );
  if (!b) throw NOT_FOUND.PAYOUT_BATCH();
  checkDecidable(b.status, b.created_by, actor);
  if (decision === 'APPROVE') {
    await tx.execute(
      sql`UPDATE payout_batches SET status = 'PROCESSING', decided_by = ${actor.email}, decided_at = now() WHERE id = ${id}`,
    );
    await tx.execute(
      sql`UPDATE payouts SET status = 'PENDING', decided_by = ${actor.email}, decided_at = now(), updated_at = now() WHERE batch_id = ${id} AND status = 'PENDING_APPROVAL'`,
    );
    await decisionEvent(tx, actor.merchantId, 'PAYOUT_BATCH', id, decision, 'PROCESSING', actor);
    await deps.jobs.send(sandboxPayoutJob, { batchId: id }, { tx, startAfterSeconds: deps.payoutDelayMs / 1000 });
    return;
  }
  const totals = await typedRows(
    tx,
    { id: payouts.id, row_no: payouts.rowNo, currency: payouts.currency, total: computed(Number) },
    sql`
    UPDATE payouts SET status = 'CANCELLED', failure_reason = ${recordText('batchRejectedByApprover')}, decided_by = ${actor.email}, decided_at = now(), finished_at = now(), updated_at = now()
     WHERE batch_id = ${id} AND status = 'PENDING_APPROVAL' RETURNING id, row_no, currency, amount + fee AS total`,
  );
  const byCurrency = new Map<string, number>();
  for (const t of totals) byCurrency.set(t.currency, (byCurrency.get(t.currency) ?? 0) + Number(t.total));
  for (const currency of [...byCurrency.keys()].sort()) {
    await postTransaction(tx, {
      merchantId: actor.merchantId,
      currency,
      kind: 'PAYOUT_RETURN',
      referenceType: 'PAYOUT_BATCH',
      referenceId: id,
      postings: moneyOutReturnPostings(actor.merchantId, byCurrency.get(currency)!),
    });
  }
  await tx.execute(
    sql`UPDATE payout_batches SET status = 'REJECTED', decided_by = ${actor.email}, decided_at = now(), finished_at = now() WHERE id = ${id}`,
  );
  await decisionEvent(tx, actor.merchantId, 'PAYOUT_BATCH', id, decision, 'REJECTED', actor, reason);
  await emitDomainEvents(
    tx,
    deps.jobs,
    'payout.cancelled',
    actor.merchantId,
    totals.sort((a, b) => Number(a.row_no) - Number(b.row_no)).map((t) => t.id),
  );
}

export const payoutApprovalHandler: ApprovalHandler = { decide: decidePayout, jobName: sandboxPayoutJob.name };
export const payoutBatchApprovalHandler: ApprovalHandler = { decide: decideBatch, jobName: sandboxPayoutJob.name };
