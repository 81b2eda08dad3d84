/** The API settlement from a settlements row (the bank account stays in the back-office). */
import { sql } from 'drizzle-orm';
import type { ApiSettlement } from '@mbo/contracts/merchant-api';
import type { SettlementStatus } from '@mbo/contracts/settlements';
import type { DbOrTx } from '../../../db/client';
import { settlements } from '../../../db/settlements-schema';
import type { RowOf } from '../../../db/typed-rows';
import { iso, isoOrNull } from '../../../lib/iso-timestamp';
import { firstRow } from './shared';

/** @reads settlements (tables other modules own: db/table-owners.ts) */

export const API_SETTLEMENT_COLUMNS =
  sql.raw(`id, currency, settlement_day::text AS settlement_day, status, batch_count, payment_count, refund_count,
  gross, refunds, fees, disputes, reserve, net, bank_reference, created_at, paid_at`);

/** The row API_SETTLEMENT_COLUMNS select. */
export const API_SETTLEMENT_ROW = {
  id: settlements.id,
  currency: settlements.currency,
  settlement_day: settlements.settlementDay,
  status: settlements.status,
  batch_count: settlements.batchCount,
  payment_count: settlements.paymentCount,
  refund_count: settlements.refundCount,
  gross: settlements.gross,
  refunds: settlements.refunds,
  fees: settlements.fees,
  disputes: settlements.disputes,
  reserve: settlements.reserve,
  net: settlements.net,
  bank_reference: settlements.bankReference,
  created_at: settlements.createdAt,
  paid_at: settlements.paidAt,
};
export type ApiSettlementRow = RowOf<typeof API_SETTLEMENT_ROW>;

export function toApiSettlement(r: ApiSettlementRow): ApiSettlement {
  return {
    id: r.id,
    object: 'settlement',
    currency: r.currency,
    settlementDay: r.settlement_day,
    status: r.status as SettlementStatus,
    batchCount: Number(r.batch_count),
    paymentCount: Number(r.payment_count),
    refundCount: Number(r.refund_count),
    gross: Number(r.gross),
    refunds: Number(r.refunds),
    fees: Number(r.fees),
    disputes: Number(r.disputes),
    reserve: Number(r.reserve),
    net: Number(r.net),
    bankReference: r.bank_reference,
    createdAt: iso(r.created_at),
    paidAt: isoOrNull(r.paid_at),
  };
}

export async function apiSettlement(
  db: DbOrTx,
  merchantId: string,
  settlementId: string,
): Promise<ApiSettlement | null> {
  const row = await firstRow(
    db,
    API_SETTLEMENT_ROW,
    sql`SELECT ${API_SETTLEMENT_COLUMNS} FROM settlements WHERE id = ${settlementId} AND merchant_id = ${merchantId}`,
  );
  return row && toApiSettlement(row);
}
