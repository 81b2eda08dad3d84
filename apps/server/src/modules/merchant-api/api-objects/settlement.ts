/** The API settlement from a settlements row (the bank account stays in the back-office). */
import { sql } from 'drizzle-orm';
import type { ApiSettlement } from '@mbo/contracts/merchant-api';
import type { SettlementStatus } from '@mbo/contracts/settlements';
import type { DbOrTx } from '../../../db/client';
import { iso, isoOrNull } from '../../../lib/iso-timestamp';
import { firstRow, type Num, type When } from './shared';

export const API_SETTLEMENT_COLUMNS =
  sql.raw(`id, currency, settlement_day::text AS settlement_day, status, batch_count, payment_count, refund_count,
  gross, refunds, fees, disputes, reserve, net, bank_reference, created_at, paid_at`);

export interface ApiSettlementRow {
  id: string;
  currency: string;
  settlement_day: string;
  status: string;
  batch_count: Num;
  payment_count: Num;
  refund_count: Num;
  gross: Num;
  refunds: Num;
  fees: Num;
  disputes: Num;
  reserve: Num;
  net: Num;
  bank_reference: string | null;
  created_at: When;
  paid_at: When | null;
}

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
  const row = await firstRow<ApiSettlementRow>(
    db,
    sql`SELECT ${API_SETTLEMENT_COLUMNS} FROM settlements WHERE id = ${settlementId} AND merchant_id = ${merchantId}`,
  );
  return row && toApiSettlement(row);
}
