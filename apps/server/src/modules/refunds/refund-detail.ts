import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { RefundDetail } from '@mbo/contracts/refunds';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/iso-timestamp';
import { REFUND_COLUMNS, toRefundRecord, type RefundRow } from './refund-record';

interface DetailRow extends RefundRow {
  payment_amount: string | number;
  payment_status: string;
  customer_email: string;
  payment_created_at: string | Date;
}

/** One refund of the merchant with its payment and timeline; another merchant's id is "Order not found.". */
export async function refundDetail(db: Db, merchantId: string, refundId: string): Promise<RefundDetail> {
  const [row] = rowsOf<DetailRow>(
    await db.execute(sql`
      SELECT ${REFUND_COLUMNS}, p.amount AS payment_amount, p.status AS payment_status, p.customer_email,
             p.created_at AS payment_created_at
        FROM refunds r JOIN payments p ON p.id = r.payment_id
       WHERE r.id = ${refundId} AND r.merchant_id = ${merchantId}`),
  );
  if (!row) throw new AppError(ERROR_CODES.ORDER_NOT_FOUND);
  const timeline = rowsOf<{ type: string; status: string | null; note: string | null; created_at: string | Date }>(
    await db.execute(sql`
      SELECT type, status, note, created_at FROM events
       WHERE entity_type = 'REFUND' AND entity_id = ${refundId} AND merchant_id = ${merchantId}
       ORDER BY created_at, id`),
  );
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
    events: timeline.map((e) => ({ type: e.type, status: e.status, note: e.note, at: iso(e.created_at) })),
  };
}
