import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { PaymentLinkDetail, PaymentLinkTotals } from '@mbo/contracts/payment-links';
import type { DbOrTx } from '../../db/client';
import { paymentLinks, payments } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';
import { toRecord } from './link-record';

/** @reads payments (tables other modules own: db/table-owners.ts) */

/**
 * One link of the merchant with its totals and the PENDING payment that holds it (single-use links
 * only). Another merchant's link is "Order not found.", like an unknown id.
 */
export async function getPaymentLinkDetail(
  db: DbOrTx,
  merchantId: string,
  linkId: string,
  publicUrl: string,
): Promise<PaymentLinkDetail> {
  const [link] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.merchantId, merchantId)))
    .limit(1);
  if (!link) throw new AppError(ERROR_CODES.ORDER_NOT_FOUND);
  const [row] = await db
    .select({
      payments: sql<number>`count(*)::int`,
      succeeded: sql<number>`(count(*) FILTER (WHERE ${payments.status} = 'SUCCESS'))::int`,
      succeededAmount: sql<string>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.status} = 'SUCCESS'), 0)::text`,
      pending: sql<number>`(count(*) FILTER (WHERE ${payments.status} = 'PENDING'))::int`,
      failed: sql<number>`(count(*) FILTER (WHERE ${payments.status} IN ('FAILED', 'CANCELLED')))::int`,
      pendingPaymentId: sql<
        string | null
      >`(array_agg(${payments.id} ORDER BY ${payments.createdAt}) FILTER (WHERE ${payments.status} = 'PENDING'))[1]`,
    })
    .from(payments)
    .where(and(eq(payments.paymentLinkId, link.id), eq(payments.merchantId, merchantId)));
  const totals: PaymentLinkTotals = {
    payments: Number(row.payments),
    succeeded: Number(row.succeeded),
    succeededAmount: Number(row.succeededAmount),
    pending: Number(row.pending),
    failed: Number(row.failed),
  };
  return {
    ...toRecord(link, publicUrl),
    deactivatedAt: link.deactivatedAt?.toISOString() ?? null,
    totals,
    pendingPaymentId: link.reusable ? null : row.pendingPaymentId,
  };
}
