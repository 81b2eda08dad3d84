/** The API dispute from a disputes row (its evidence stays in the back-office). */
import { sql } from 'drizzle-orm';
import type { DisputeStatus, DisputeType } from '@mbo/contracts/acquiring';
import type { ApiDispute } from '@mbo/contracts/merchant-api';
import type { DbOrTx } from '../../../db/client';
import { disputes } from '../../../db/schema';
import type { RowOf } from '../../../db/typed-rows';
import { iso, isoOrNull } from '../../../lib/iso-timestamp';
import { firstRow } from './shared';

/** @reads disputes (tables other modules own: db/table-owners.ts) */

export const API_DISPUTE_COLUMNS = sql.raw(
  'id, payment_id, type, status, amount, fee, currency, reason, due_at, submitted_at, decided_at, created_at',
);

/** The row API_DISPUTE_COLUMNS select. */
export const API_DISPUTE_ROW = {
  id: disputes.id,
  payment_id: disputes.paymentId,
  type: disputes.type,
  status: disputes.status,
  amount: disputes.amount,
  fee: disputes.fee,
  currency: disputes.currency,
  reason: disputes.reason,
  due_at: disputes.dueAt,
  submitted_at: disputes.submittedAt,
  decided_at: disputes.decidedAt,
  created_at: disputes.createdAt,
};
export type ApiDisputeRow = RowOf<typeof API_DISPUTE_ROW>;

export function toApiDispute(r: ApiDisputeRow): ApiDispute {
  return {
    id: r.id,
    object: 'dispute',
    paymentId: r.payment_id,
    type: r.type as DisputeType,
    status: r.status as DisputeStatus,
    amount: Number(r.amount),
    fee: Number(r.fee),
    currency: r.currency,
    reason: r.reason,
    dueAt: isoOrNull(r.due_at),
    submittedAt: isoOrNull(r.submitted_at),
    decidedAt: isoOrNull(r.decided_at),
    createdAt: iso(r.created_at),
  };
}

export async function apiDispute(db: DbOrTx, merchantId: string, disputeId: string): Promise<ApiDispute | null> {
  const row = await firstRow(
    db,
    API_DISPUTE_ROW,
    sql`SELECT ${API_DISPUTE_COLUMNS} FROM disputes WHERE id = ${disputeId} AND merchant_id = ${merchantId}`,
  );
  return row && toApiDispute(row);
}
