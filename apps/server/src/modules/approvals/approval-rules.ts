import { eq } from 'drizzle-orm';
import type { ApprovalRules } from '@mbo/contracts/approvals';
import type { DbOrTx } from '../../db/client';
import { merchants } from '../../db/schema';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

/** The merchant's approval thresholds (minor units per currency). */
export async function approvalRulesOf(db: DbOrTx, merchantId: string): Promise<ApprovalRules> {
  const [row] = await db
    .select({ approval_thresholds: merchants.approvalThresholds })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  const raw =
    typeof row?.approval_thresholds === 'string'
      ? JSON.parse(row.approval_thresholds)
      : (row?.approval_thresholds ?? {});
  const thresholds = Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(([, v]) => typeof v === 'number' && v > 0),
  ) as Record<string, number>;
  return { thresholds };
}

/**
 * Whether an order of `amount` (minor units) in `currency` needs a second user's approval: strictly above the
 * threshold.
 */
export async function needsApproval(
  db: DbOrTx,
  merchantId: string,
  currency: string,
  amount: number,
): Promise<boolean> {
  const { thresholds } = await approvalRulesOf(db, merchantId);
  const threshold = thresholds[currency];
  return threshold !== undefined && amount > threshold;
}

/** Any of the per-currency totals above its threshold (a batch is approved whole). */
export async function anyNeedsApproval(db: DbOrTx, merchantId: string, totals: Map<string, number>): Promise<boolean> {
  const { thresholds } = await approvalRulesOf(db, merchantId);
  return [...totals.entries()].some(
    ([currency, amount]) => thresholds[currency] !== undefined && amount > thresholds[currency],
  );
}
