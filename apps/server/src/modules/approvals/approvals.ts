import { sql } from 'drizzle-orm';
import type { ApprovalItem, ApprovalKind, ApprovalRules } from '@mbo/contracts/approvals';
import { maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { MoneyActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { emitDomainEvent, emitDomainEvents } from '../domain-events/emit-domain-event';
import { postTransaction } from '../ledger/post-transaction';
import { moneyOutReturnPostings } from '../ledger/postings';
import { sandboxPayoutJob } from '../payouts/sandbox-payout-job';
import { iso } from '../../lib/iso-timestamp';
import { sandboxBankJob } from '../withdrawals/sandbox-bank-job';
import { applyWithdrawalMove, lockWithdrawal } from '../withdrawals/withdrawal-moves';

export interface ApprovalDeps {
  jobs: JobQueue;
  withdrawalDelayMs: number;
  payoutDelayMs: number;
}

type Decision = 'APPROVE' | 'REJECT';
const NOT_FOUND: Record<ApprovalKind, () => AppError> = {
  WITHDRAWAL: () => new AppError(ERROR_CODES.WITHDRAWAL_NOT_FOUND, { msg: 'Withdrawal not found.' }),
  PAYOUT: () => new AppError(ERROR_CODES.PAYOUT_NOT_FOUND, { msg: 'Payout not found.' }),
  PAYOUT_BATCH: () => new AppError(ERROR_CODES.PAYOUT_BATCH_NOT_FOUND, { msg: 'Payout batch not found.' }),
};

/** The maker-checker rules of a decision on a locked order: it still awaits approval, and the checker is not its maker. */
function checkDecidable(status: string, createdBy: string | null, actor: MoneyActor): void {
  if (status !== 'PENDING_APPROVAL') {
    throw new AppError(ERROR_CODES.APPROVAL_NOT_PENDING, { msg: 'This order is no longer waiting for approval. Refresh to see its status.' });
  }
  if (createdBy !== null && createdBy === actor.email) {
    throw new AppError(ERROR_CODES.APPROVAL_OWN_ORDER, { msg: 'You created this order: another user with the approval permission must approve or reject it.' });
  }
}

async function event(tx: DbOrTx, merchantId: string, entityType: string, id: string, decision: Decision, status: string, actor: MoneyActor, reason?: string): Promise<void> {
  const note = decision === 'APPROVE' ? 'Approved' : `Rejected${reason ? `: ${reason}` : ''}. Amount returned to the available balance`;
  await tx.execute(sql`
    INSERT INTO events (merchant_id, entity_type, entity_id, type, status, note, actor)
    VALUES (${merchantId}, ${entityType}, ${id}, ${decision === 'APPROVE' ? 'APPROVED' : 'REJECTED'}, ${status}, ${note}, ${actor.email})`);
}

async function decideWithdrawal(tx: DbOrTx, actor: MoneyActor, id: string, decision: Decision, deps: ApprovalDeps, reason?: string): Promise<void> {
  const w = await lockWithdrawal(tx, id, actor.merchantId);
  if (!w) throw NOT_FOUND.WITHDRAWAL();
  checkDecidable(w.status, w.created_by, actor);
  await tx.execute(sql`UPDATE withdrawals SET decided_by = ${actor.email}, decided_at = now() WHERE id = ${id}`);
  if (decision === 'APPROVE') {
    await tx.execute(sql`UPDATE withdrawals SET status = 'PENDING', updated_at = now() WHERE id = ${id}`);
    await event(tx, actor.merchantId, 'WITHDRAWAL', id, decision, 'PENDING', actor);
    await deps.jobs.send(sandboxBankJob, { withdrawalId: id }, { tx, startAfterSeconds: deps.withdrawalDelayMs / 1000 });
  } else {
    await applyWithdrawalMove(tx, w, { to: 'CANCELLED', note: `Rejected${reason ? `: ${reason}` : ''}. Amount returned to the available balance`, actor: actor.email ?? 'checker', failureReason: 'Rejected by the approver' });
  }
}

async function decidePayout(tx: DbOrTx, actor: MoneyActor, id: string, decision: Decision, deps: ApprovalDeps, reason?: string): Promise<void> {
  const [p] = rowsOf<{ status: string; created_by: string | null; currency: string; amount: string | number; fee: string | number }>(await tx.execute(sql`
    SELECT status, created_by, currency, amount, fee FROM payouts WHERE id = ${id} AND merchant_id = ${actor.merchantId} AND batch_id IS NULL FOR UPDATE`));
  if (!p) throw NOT_FOUND.PAYOUT();
  checkDecidable(p.status, p.created_by, actor);
  if (decision === 'APPROVE') {
    await tx.execute(sql`UPDATE payouts SET status = 'PENDING', decided_by = ${actor.email}, decided_at = now(), updated_at = now() WHERE id = ${id}`);
    await event(tx, actor.merchantId, 'PAYOUT', id, decision, 'PENDING', actor);
    await deps.jobs.send(sandboxPayoutJob, { payoutId: id }, { tx, startAfterSeconds: deps.payoutDelayMs / 1000 });
    return;
  }
  await tx.execute(sql`
    UPDATE payouts SET status = 'CANCELLED', failure_reason = 'Rejected by the approver', decided_by = ${actor.email}, decided_at = now(), finished_at = now(), updated_at = now()
     WHERE id = ${id}`);
  await postTransaction(tx, {
    merchantId: actor.merchantId, currency: p.currency, kind: 'PAYOUT_RETURN', referenceType: 'PAYOUT', referenceId: id,
    postings: moneyOutReturnPostings(actor.merchantId, Number(p.amount) + Number(p.fee)),
  });
  await event(tx, actor.merchantId, 'PAYOUT', id, decision, 'CANCELLED', actor, reason);
  await emitDomainEvent(tx, deps.jobs, 'payout.cancelled', actor.merchantId, id);
}

async function decideBatch(tx: DbOrTx, actor: MoneyActor, id: string, decision: Decision, deps: ApprovalDeps, reason?: string): Promise<void> {
  const [b] = rowsOf<{ status: string; created_by: string | null }>(await tx.execute(sql`
    SELECT status, created_by FROM payout_batches WHERE id = ${id} AND merchant_id = ${actor.merchantId} FOR UPDATE`));
  if (!b) throw NOT_FOUND.PAYOUT_BATCH();
  checkDecidable(b.status, b.created_by, actor);
  if (decision === 'APPROVE') {
    await tx.execute(sql`UPDATE payout_batches SET status = 'PROCESSING', decided_by = ${actor.email}, decided_at = now() WHERE id = ${id}`);
    await tx.execute(sql`UPDATE payouts SET status = 'PENDING', decided_by = ${actor.email}, decided_at = now(), updated_at = now() WHERE batch_id = ${id} AND status = 'PENDING_APPROVAL'`);
    await event(tx, actor.merchantId, 'PAYOUT_BATCH', id, decision, 'PROCESSING', actor);
    await deps.jobs.send(sandboxPayoutJob, { batchId: id }, { tx, startAfterSeconds: deps.payoutDelayMs / 1000 });
    return;
  }
  const totals = rowsOf<{ id: string; row_no: number; currency: string; total: string | number }>(await tx.execute(sql`
    UPDATE payouts SET status = 'CANCELLED', failure_reason = 'Batch rejected by the approver', decided_by = ${actor.email}, decided_at = now(), finished_at = now(), updated_at = now()
     WHERE batch_id = ${id} AND status = 'PENDING_APPROVAL' RETURNING id, row_no, currency, amount + fee AS total`));
  const byCurrency = new Map<string, number>();
  for (const t of totals) byCurrency.set(t.currency, (byCurrency.get(t.currency) ?? 0) + Number(t.total));
  for (const currency of [...byCurrency.keys()].sort()) {
    await postTransaction(tx, {
      merchantId: actor.merchantId, currency, kind: 'PAYOUT_RETURN', referenceType: 'PAYOUT_BATCH', referenceId: id,
      postings: moneyOutReturnPostings(actor.merchantId, byCurrency.get(currency)!),
    });
  }
  await tx.execute(sql`UPDATE payout_batches SET status = 'REJECTED', decided_by = ${actor.email}, decided_at = now(), finished_at = now() WHERE id = ${id}`);
  await event(tx, actor.merchantId, 'PAYOUT_BATCH', id, decision, 'REJECTED', actor, reason);
  await emitDomainEvents(tx, deps.jobs, 'payout.cancelled', actor.merchantId, totals.sort((a, b) => Number(a.row_no) - Number(b.row_no)).map((t) => t.id));
}

const DECIDERS = { WITHDRAWAL: decideWithdrawal, PAYOUT: decidePayout, PAYOUT_BATCH: decideBatch };

/**
 * Approves or rejects an order awaiting approval, in one transaction that locks it first: two
 * checkers deciding at once meet on the lock, and the second finds it decided (006001B053). The maker
 * gets 006001B052. Approved, the order goes to the bank's queue; rejected, its money returns. Audited.
 */
export async function decideApproval(db: Db, actor: MoneyActor, kind: ApprovalKind, id: string, decision: Decision, deps: ApprovalDeps, reason?: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await DECIDERS[kind](tx, actor, id, decision, deps, reason);
      await audit(tx, {
        action: decision === 'APPROVE' ? 'APPROVAL_APPROVE' : 'APPROVAL_REJECT', outcome: 'SUCCESS', actorUserId: actor.userId, actorEmail: actor.email,
        merchantId: actor.merchantId, ip: actor.ip, targetType: kind, targetId: id, detail: reason ? { reason } : {},
      });
    });
  } catch (err) {
    if (err instanceof AppError && (err.code === ERROR_CODES.APPROVAL_OWN_ORDER || err.code === ERROR_CODES.APPROVAL_NOT_PENDING)) {
      await audit(db, {
        action: decision === 'APPROVE' ? 'APPROVAL_APPROVE' : 'APPROVAL_REJECT', outcome: 'FAILURE', actorUserId: actor.userId, actorEmail: actor.email,
        merchantId: actor.merchantId, ip: actor.ip, targetType: kind, targetId: id.slice(0, 64), detail: { code: err.code },
      }).catch(() => undefined);
    }
    throw err;
  }
  if (deps.withdrawalDelayMs === 0 || deps.payoutDelayMs === 0) deps.jobs.wake(kind === 'WITHDRAWAL' ? sandboxBankJob.name : sandboxPayoutJob.name);
}

/** What waits for a checker at the merchant, oldest first: withdrawals, single payouts and batches. */
export async function listAwaitingApproval(db: Db, merchantId: string): Promise<ApprovalItem[]> {
  const [withdrawals, payouts, batches] = await Promise.all([
    db.execute(sql`
      SELECT w.id, w.currency, w.amount, w.created_by, w.created_at, b.bank_name, b.last4 FROM withdrawals w JOIN bank_accounts b ON b.id = w.bank_account_id
       WHERE w.merchant_id = ${merchantId} AND w.status = 'PENDING_APPROVAL' ORDER BY w.created_at LIMIT 200`),
    db.execute(sql`
      SELECT id, currency, amount, beneficiary_name, created_by, created_at FROM payouts
       WHERE merchant_id = ${merchantId} AND status = 'PENDING_APPROVAL' AND batch_id IS NULL ORDER BY created_at LIMIT 200`),
    db.execute(sql`
      SELECT b.id, b.file_name, b.row_count, b.created_by, b.created_at,
             (SELECT json_agg(json_build_object('currency', t.currency, 'amount', t.amount) ORDER BY t.currency)
                FROM (SELECT currency, sum(amount) AS amount FROM payouts WHERE batch_id = b.id GROUP BY currency) t) AS amounts
        FROM payout_batches b WHERE b.merchant_id = ${merchantId} AND b.status = 'PENDING_APPROVAL' ORDER BY b.created_at LIMIT 200`),
  ]);
  type Num = string | number;
  const items: ApprovalItem[] = [
    ...rowsOf<{ id: string; currency: string; amount: Num; created_by: string | null; created_at: string | Date; bank_name: string; last4: string }>(withdrawals).map((w) => ({
      kind: 'WITHDRAWAL' as const, id: w.id, description: `Withdrawal to ${w.bank_name} ${maskAccountNumber(w.last4)}`,
      amounts: [{ currency: w.currency, amount: Number(w.amount) }], createdBy: w.created_by, createdAt: iso(w.created_at),
    })),
    ...rowsOf<{ id: string; currency: string; amount: Num; beneficiary_name: string; created_by: string | null; created_at: string | Date }>(payouts).map((p) => ({
      kind: 'PAYOUT' as const, id: p.id, description: `Payout to ${p.beneficiary_name}`,
      amounts: [{ currency: p.currency, amount: Number(p.amount) }], createdBy: p.created_by, createdAt: iso(p.created_at),
    })),
    ...rowsOf<{ id: string; file_name: string; row_count: number; created_by: string | null; created_at: string | Date; amounts: { currency: string; amount: Num }[] | string | null }>(batches).map((b) => {
      const amounts = (typeof b.amounts === 'string' ? JSON.parse(b.amounts) : (b.amounts ?? [])) as { currency: string; amount: Num }[];
      return {
        kind: 'PAYOUT_BATCH' as const, id: b.id, description: `Batch ${b.file_name} (${Number(b.row_count)} payouts)`,
        amounts: amounts.map((a) => ({ currency: a.currency, amount: Number(a.amount) })), createdBy: b.created_by, createdAt: iso(b.created_at),
      };
    }),
  ];
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Sets the thresholds (0 removes one). Audited. */
export async function updateApprovalRules(db: Db, actor: MoneyActor, thresholds: Record<string, number | undefined>): Promise<ApprovalRules> {
  const clean = Object.fromEntries(Object.entries(thresholds).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0));
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE merchants SET approval_thresholds = ${JSON.stringify(clean)}::jsonb WHERE id = ${actor.merchantId}`);
    await audit(tx, {
      action: 'APPROVAL_RULES_UPDATE', outcome: 'SUCCESS', actorUserId: actor.userId, actorEmail: actor.email, merchantId: actor.merchantId, ip: actor.ip,
      targetType: 'MERCHANT', targetId: actor.merchantId, detail: { thresholds: clean },
    });
  });
  return { thresholds: clean };
}
