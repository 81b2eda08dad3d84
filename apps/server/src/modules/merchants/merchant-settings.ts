import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { merchants } from '../../db/schema';

/** Sets the merchant's approval thresholds (per kind, the amount from which a second user approves). */
export async function setApprovalThresholds(
  tx: DbOrTx,
  merchantId: string,
  thresholds: Record<string, number>,
): Promise<void> {
  await tx.update(merchants).set({ approvalThresholds: thresholds }).where(eq(merchants.id, merchantId));
}

/** Turns the merchant's two-factor requirement on or off: true when it changed (one conditional UPDATE). */
export async function setRequireTwoFactor(tx: DbOrTx, merchantId: string, requireTwoFactor: boolean): Promise<boolean> {
  const changed = await tx
    .update(merchants)
    .set({ requireTwoFactor })
    .where(and(eq(merchants.id, merchantId), ne(merchants.requireTwoFactor, requireTwoFactor)))
    .returning({ id: merchants.id });
  return changed.length > 0;
}
