import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { PaymentLinkRecord } from '@mbo/contracts/payment-links';
import type { Db } from '../../db/client';
import { paymentLinks } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import type { AuthContext } from '../../plugins/session-store';
import { effectiveStatus, toRecord } from './link-record';

/**
 * Deactivates an ACTIVE link of the session's merchant (row locked, so a payment in flight and the
 * deactivation are ordered). Another merchant's link is "Order not found."; a paid, expired or
 * already deactivated one is "This payment link is no longer active.".
 */
export async function deactivatePaymentLink(
  db: Db,
  auth: AuthContext,
  linkId: string,
  ctx: { publicUrl: string; ip: string },
): Promise<PaymentLinkRecord> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.merchantId, auth.merchantId)))
      .for('update');
    if (!link) throw new AppError(ERROR_CODES.ORDER_NOT_FOUND);
    const status = effectiveStatus(link);
    if (status !== 'ACTIVE') {
      throw new AppError(ERROR_CODES.PAYMENT_LINK_INACTIVE, {
        msg: 'This payment link is no longer active.',
        data: { status },
      });
    }
    const now = new Date();
    const [row] = await tx
      .update(paymentLinks)
      .set({ status: 'DEACTIVATED', deactivatedAt: now })
      .where(eq(paymentLinks.id, link.id))
      .returning();
    await audit(tx, {
      action: 'PAYMENT_LINK_DEACTIVATED',
      outcome: 'SUCCESS',
      actorUserId: auth.userId,
      actorEmail: auth.email,
      merchantId: auth.merchantId,
      ip: ctx.ip,
      targetType: 'PAYMENT_LINK',
      targetId: link.id,
    });
    return toRecord(row, ctx.publicUrl, now);
  });
}
