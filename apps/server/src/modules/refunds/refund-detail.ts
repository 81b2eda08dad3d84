import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { RefundDetail } from '@mbo/contracts/refunds';
import type { Db } from '../../db/client';
import { payments } from '../../db/payments-schema';
import { typedRows } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/iso-timestamp';
import { readTimeline } from '../timeline';
import { REFUND, REFUND_COLUMNS, toRefundRecord } from './refund-record';

/** @reads payments (tables other modules own: db/table-owners.ts) */

const DETAIL = {
  ...REFUND,
  payment_amount: payments.amount,
  payment_status: payments.status,
  customer_email: payments.customerEmail,
  payment_created_at: payments.createdAt,
};

/** One refund of the merchant with its payment and timeline; another merchant's id is "Order not found.". */
export async function refundDetail(db: Db, merchantId: string, refundId: string): Promise<RefundDetail> {
  const [row] = await typedRows(
    db,
    DETAIL,
    sql`
      SELECT ${REFUND_COLUMNS}, p.amount AS payment_amount, p.status AS payment_status, p.customer_email,
             p.created_at AS payment_created_at
        FROM refunds r JOIN payments p ON p.id = r.payment_id
       WHERE r.id = ${refundId} AND r.merchant_id = ${merchantId}`,
  );
  if (!row) throw new AppError(ERROR_CODES.ORDER_NOT_FOUND);
  const timeline = await readTimeline(db, merchantId, { entityType: 'REFUND', entityId: refundId });
  return {
    ...toRefundRecord(row),
    payment: {
      paymentId: row.payment_id,
      amount: Number(row.payment_amount),
      currency: row.currency,
      status: row.payment_status,
      customerEmail: row.customer_email,
      createdAt: iso(row.payment_created_at),
    },
    events: timeline.map((e) => ({ type: e.type, status: e.status, note: e.note, at: e.createdAt })),
  };
}
