import { recordText } from '@mbo/contracts/record-texts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ApprovalItem, ApprovalKind, ApprovalRules } from '@mbo/contracts/approvals';
import { maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { Db } from '../../db/client';
import { bankAccounts, payoutBatches, payouts, withdrawals } from '../../db/money-out-schema';
import { computedOrNull, typedRows } from '../../db/typed-rows';
import type { MoneyActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { setApprovalThresholds } from '../merchants';
import { iso } from '../../lib/iso-timestamp';
import { approvalHandlerOf, type ApprovalDeps, type Decision } from './approval-handlers';

/** @reads bank_accounts, payout_batches, payouts, withdrawals (tables other modules own: db/table-owners.ts) */

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
  const w = withdrawals;
  const p = payouts;
  const [waitingWithdrawals, waitingPayouts, batches] = await Promise.all([
    db
      .select({
        id: w.id,
        currency: w.currency,
        amount: w.amount,
        created_by: w.createdBy,
        created_at: w.createdAt,
        bank_name: bankAccounts.bankName,
        last4: bankAccounts.last4,
      })
      .from(w)
      .innerJoin(bankAccounts, eq(bankAccounts.id, w.bankAccountId))
      .where(and(eq(w.merchantId, merchantId), eq(w.status, 'PENDING_APPROVAL')))
      .orderBy(asc(w.createdAt))
      .limit(200),
    db
      .select({
        id: p.id,
        currency: p.currency,
        amount: p.amount,
        beneficiary_name: p.beneficiaryName,
        created_by: p.createdBy,
        created_at: p.createdAt,
      })
      .from(p)
      .where(and(eq(p.merchantId, merchantId), eq(p.status, 'PENDING_APPROVAL'), isNull(p.batchId)))
      .orderBy(asc(p.createdAt))
      .limit(200),
    typedRows(
      db,
      {
        id: payoutBatches.id,
        file_name: payoutBatches.fileName,
        row_count: payoutBatches.rowCount,
        created_by: payoutBatches.createdBy,
        created_at: payoutBatches.createdAt,
        // A JSON array of { currency, amount } (amount a sum: text in JSON), or null without payouts.
        amounts: computedOrNull((value) => value),
      },
      sql`
      SELECT b.id, b.file_name, b.row_count, b.created_by, b.created_at,
             (SELECT json_agg(json_build_object('currency', t.currency, 'amount', t.amount) ORDER BY t.currency)
                FROM (SELECT currency, sum(amount) AS amount FROM payouts WHERE batch_id = b.id GROUP BY currency) t) AS amounts
        FROM payout_batches b WHERE b.merchant_id = ${merchantId} AND b.status = 'PENDING_APPROVAL' ORDER BY b.created_at LIMIT 200`,
    ),
  ]);
  type Num = string | number;
  const items: ApprovalItem[] = [
    ...waitingWithdrawals.map((w) => ({
      kind: 'WITHDRAWAL' as const,
      id: w.id,
      description: recordText('approvalWithdrawal', { bank: w.bank_name, account: maskAccountNumber(w.last4) }),
      amounts: [{ currency: w.currency, amount: w.amount }],
      createdBy: w.created_by,
      createdAt: iso(w.created_at),
    })),
    ...waitingPayouts.map((p) => ({
      kind: 'PAYOUT' as const,
      id: p.id,
      description: recordText('approvalPayout', { beneficiary: p.beneficiary_name }),
      amounts: [{ currency: p.currency, amount: p.amount }],
      createdBy: p.created_by,
      createdAt: iso(p.created_at),
    })),
    ...batches.map((b) => {
      const amounts = (typeof b.amounts === 'string' ? JSON.parse(b.amounts) : (b.amounts ?? [])) as {
        currency: string;
        amount: Num;
      }[];
      return {
        kind: 'PAYOUT_BATCH' as const,
        id: b.id,
        description: recordText('approvalBatch', { file: b.file_name, count: Number(b.row_count) }),
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
