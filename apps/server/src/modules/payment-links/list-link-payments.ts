import { and, count, desc, eq } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { ListPaymentLinkPaymentsQuery, PaymentLinkPayment } from '@mbo/contracts/payment-links';
import type { PaymentStatus } from '@mbo/contracts/payments';
import type { DbOrTx } from '../../db/client';
import { paymentLinks, payments } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';

/** @reads payments (tables other modules own: db/table-owners.ts) */

/** A page of the payments made through one of the merchant's links, newest first. */
export async function listLinkPayments(
  db: DbOrTx,
  merchantId: string,
  query: ListPaymentLinkPaymentsQuery,
): Promise<Page<PaymentLinkPayment>> {
  const [link] = await db
    .select({ id: paymentLinks.id })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, query.linkId), eq(paymentLinks.merchantId, merchantId)))
    .limit(1);
  if (!link) throw new AppError(ERROR_CODES.ORDER_NOT_FOUND);
  const condition = and(eq(payments.paymentLinkId, link.id), eq(payments.merchantId, merchantId));
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(payments).where(condition),
    db
      .select({
        paymentId: payments.id,
        status: payments.status,
        amount: payments.amount,
        currency: payments.currency,
        customerEmail: payments.customerEmail,
        customerName: payments.customerName,
        payMethodName: payments.payMethodName,
        cardLast4: payments.cardLast4,
        failureReason: payments.failureReason,
        createdAt: payments.createdAt,
        paidAt: payments.paidAt,
      })
      .from(payments)
      .where(condition)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
  ]);
  return {
    total,
    records: rows.map((r) => ({
      ...r,
      status: r.status as PaymentStatus,
      createdAt: r.createdAt.toISOString(),
      paidAt: r.paidAt?.toISOString() ?? null,
    })),
  };
}
