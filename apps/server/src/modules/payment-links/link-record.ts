import type { PaymentLinkRecord, PaymentLinkStatus } from '@mbo/contracts/payment-links';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import type { PlanInterval, SubscriptionPlan } from '@mbo/contracts/subscriptions';
import type { paymentLinks } from '../../db/payments-schema';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** The customer-facing address of a link: the hosted checkout, outside /app/. */
export function linkUrl(publicUrl: string, linkId: string): string {
  return `${publicUrl}${PAYMENT_LINK_PATHS.checkout}/${encodeURIComponent(linkId)}`;
}

/** The status as the merchant and the customer see it: an ACTIVE link past its expiry is EXPIRED. */
export function effectiveStatus(
  row: Pick<PaymentLinkRow, 'status' | 'expiresAt'>,
  now: Date = new Date(),
): PaymentLinkStatus {
  if (row.status === 'ACTIVE' && row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return row.status as PaymentLinkStatus;
}

export function toRecord(row: PaymentLinkRow, publicUrl: string, now: Date = new Date()): PaymentLinkRecord {
  return {
    linkId: row.id,
    url: linkUrl(publicUrl, row.id),
    amount: row.amount,
    currency: row.currency,
    description: row.description,
    reusable: row.reusable,
    status: effectiveStatus(row, now),
    expiresAt: row.expiresAt.toISOString(),
    paidCount: row.paidCount,
    createdAt: row.createdAt.toISOString(),
    subscription: planOf(row),
  };
}

/** A subscription link's plan; null for a one-off link. */
export function planOf(
  row: Pick<PaymentLinkRow, 'planInterval' | 'planIntervalCount' | 'planCycles'>,
): SubscriptionPlan | null {
  if (!row.planInterval || !row.planIntervalCount) return null;
  return {
    interval: row.planInterval as PlanInterval,
    intervalCount: row.planIntervalCount,
    ...(row.planCycles ? { cycles: row.planCycles } : {}),
  };
}
