import { sql } from 'drizzle-orm';
import type { ApprovalItem, ApprovalKind, ApprovalRules } from '@mbo/contracts/approvals';
import { maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import type { MoneyActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { setApprovalThresholds } from '../merchants';
import { iso } from '../../lib/iso-timestamp';
import { approvalHandlerOf, type ApprovalDeps, type Decision } from './approval-handlers';

/**
 * Approves or rejects an order awaiting approval, in one transaction that locks it first: two
 * checkers deciding at once meet on the lock, and the second finds it decided (006001B053). The maker
 * gets 006001B052. Approved, the order goes to the bank's queue; rejected, its money returns. Audited.
 */
export async function decideApproval(
  db: Db,
  actor: MoneyActor,
  kind: ApprovalKind,
  id: string,
  decision: Decision,
  deps: ApprovalDeps,
  reason?: string,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await approvalHandlerOf(kind).decide(tx, actor, id, decision, deps, reason);
      await audit(tx, {
        action: decision === 'APPROVE' ? 'APPROVAL_APPROVE' : 'APPROVAL_REJECT',
        outcome: 'SUCCESS',
        actorUserId: actor.userId,
        actorEmail: actor.email,
        merchantId: actor.merchantId,
        ip: actor.ip,
        targetType: kind,
        targetId: id,
        detail: reason ? { reason } : {},
      });
    });
  } catch (err) {
    if (
      err instanceof AppError &&
      (err.code === ERROR_CODES.APPROVAL_OWN_ORDER || err.code === ERROR_CODES.APPROVAL_NOT_PENDING)
    ) {
      await audit(db, {
        action: decision === 'APPROVE' ? 'APPROVAL_APPROVE' : 'APPROVAL_REJECT',
        outcome: 'FAILURE',
        actorUserId: actor.userId,
        actorEmail: actor.email,
        merchantId: actor.merchantId,
        ip: actor.ip,
        targetType: kind,
        targetId: id.slice(0, 64),
        detail: { code: err.code },
      }).catch(() => undefined);
    }
    throw err;
  }
  if (deps.withdrawalDelayMs === 0 || deps.payoutDelayMs === 0) deps.jobs.wake(approvalHandlerOf(kind).jobName);
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
    ...rowsOf<{
      id: string;
      currency: string;
      amount: Num;
      created_by: string | null;
      created_at: string | Date;
      bank_name: string;
      last4: string;
    }>(withdrawals).map((w) => ({
      kind: 'WITHDRAWAL' as const,
      id: w.id,
      description: `Withdrawal to ${w.bank_name} ${maskAccountNumber(w.last4)}`,
      amounts: [{ currency: w.currency, amount: Number(w.amount) }],
      createdBy: w.created_by,
      createdAt: iso(w.created_at),
    })),
    ...rowsOf<{
      id: string;
      currency: string;
      amount: Num;
      beneficiary_name: string;
      created_by: string | null;
      created_at: string | Date;
    }>(payouts).map((p) => ({
      kind: 'PAYOUT' as const,
      id: p.id,
      description: `Payout to ${p.beneficiary_name}`,
      amounts: [{ currency: p.currency, amount: Number(p.amount) }],
      createdBy: p.created_by,
      createdAt: iso(p.created_at),
    })),
    ...rowsOf<{
      id: string;
      file_name: string;
      row_count: number;
      created_by: string | null;
      created_at: string | Date;
      amounts: { currency: string; amount: Num }[] | string | null;
    }>(batches).map((b) => {
      const amounts = (typeof b.amounts === 'string' ? JSON.parse(b.amounts) : (b.amounts ?? [])) as {
        currency: string;
        amount: Num;
      }[];
      return {
        kind: 'PAYOUT_BATCH' as const,
        id: b.id,
        description: `Batch ${b.file_name} (${Number(b.row_count)} payouts)`,
        amounts: amounts.map((a) => ({ currency: a.currency, amount: Number(a.amount) })),
        createdBy: b.created_by,
        createdAt: iso(b.created_at),
      };
    }),
  ];
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Sets the thresholds (0 removes one). Audited. */
export async function updateApprovalRules(
  db: Db,
  actor: MoneyActor,
  thresholds: Record<string, number | undefined>,
): Promise<ApprovalRules> {
  const clean = Object.fromEntries(
    Object.entries(thresholds).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0),
  );
  await db.transaction(async (tx) => {
    await setApprovalThresholds(tx, actor.merchantId, clean);
    await audit(tx, {
      action: 'APPROVAL_RULES_UPDATE',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'MERCHANT',
      targetId: actor.merchantId,
      detail: { thresholds: clean },
    });
  });
  return { thresholds: clean };
}
