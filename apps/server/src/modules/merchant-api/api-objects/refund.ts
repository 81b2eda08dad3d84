/** The API refund from a refunds row, through the back-office's own record (refund-record.ts). */
import { sql } from 'drizzle-orm';
import type { ApiRefund } from '@mbo/contracts/merchant-api';
import type { RefundRecord } from '@mbo/contracts/refunds';
import type { DbOrTx } from '../../../db/client';
import { REFUND, REFUND_COLUMNS, toRefundRecord, type RefundRow } from '../../refunds';
import { firstRow } from './shared';

/** @reads payments, refunds (through the refunds module's shape; tables other modules own: db/table-owners.ts) */

/** The refunds row as the back-office reads it (refund-record.ts: `refunds r LEFT JOIN payments p`). */
export const API_REFUND_COLUMNS = REFUND_COLUMNS;
export const API_REFUND_FROM = sql.raw('refunds r LEFT JOIN payments p ON p.id = r.payment_id');
export type ApiRefundRow = RefundRow;
/** The row REFUND_COLUMNS select, as the schema types it (the refunds module's own shape). */
const API_REFUND_ROW = REFUND;

export function toApiRefund(r: RefundRow): ApiRefund {
  return refundRecordToApi(toRefundRecord(r));
}

/** The back-office's refund record (what createRefund answers and replays) as the API refund. */
export function refundRecordToApi(record: RefundRecord): ApiRefund {
  const { refundId, paymentId, amount, currency, reason, note, status, failureReason, createdAt, finishedAt } = record;
  return {
    id: refundId,
    object: 'refund',
    paymentId,
    amount,
    currency,
    reason,
    note,
    status,
    failureReason,
    createdAt,
    finishedAt,
  };
}

export async function apiRefund(db: DbOrTx, merchantId: string, refundId: string): Promise<ApiRefund | null> {
  const row = await firstRow(
    db,
    API_REFUND_ROW,
    sql`SELECT ${REFUND_COLUMNS} FROM ${API_REFUND_FROM} WHERE r.id = ${refundId} AND r.merchant_id = ${merchantId}`,
  );
  return row && toApiRefund(row);
}
