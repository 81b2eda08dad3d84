/** The API payment link, through the back-office's own record (link-record.ts: its effective status and URL). */
import { and, eq } from 'drizzle-orm';
import type { ApiPaymentLink } from '@mbo/contracts/merchant-api';
import type { PaymentLinkRecord } from '@mbo/contracts/payment-links';
import type { DbOrTx } from '../../../db/client';
import { paymentLinks } from '../../../db/payments-schema';
import { toRecord as toLinkRecord, type PaymentLinkRow } from '../../payment-links';

/** @reads payment_links (tables other modules own: db/table-owners.ts) */

/** A payment_links row (drizzle's select) as the API object; `publicUrl` makes its checkout URL (config.publicUrl). */
export function toApiPaymentLink(row: PaymentLinkRow, publicUrl: string, now: Date = new Date()): ApiPaymentLink {
  return paymentLinkRecordToApi(toLinkRecord(row, publicUrl, now));
}

/** The back-office's link record (what createPaymentLink answers) as the API payment link. */
export function paymentLinkRecordToApi(link: PaymentLinkRecord): ApiPaymentLink {
  return {
    id: link.linkId,
    object: 'payment_link',
    url: link.url,
    amount: link.amount,
    currency: link.currency,
    description: link.description,
    reusable: link.reusable,
    status: link.status,
    expiresAt: link.expiresAt,
    paidCount: link.paidCount,
    subscriptionPlan: link.subscription
      ? {
          interval: link.subscription.interval,
          intervalCount: link.subscription.intervalCount,
          cycles: link.subscription.cycles ?? null,
        }
      : null,
    createdAt: link.createdAt,
  };
}

/** The link, or null; `publicUrl` (config.publicUrl) makes its checkout URL. */
export async function apiPaymentLink(
  db: DbOrTx,
  merchantId: string,
  linkId: string,
  publicUrl: string,
): Promise<ApiPaymentLink | null> {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.merchantId, merchantId)));
  return row ? toApiPaymentLink(row, publicUrl) : null;
}
