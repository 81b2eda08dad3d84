/** Rows of settlements and clearing batches as the API answers them (contracts/settlements.ts). */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  BatchStatus,
  SettlementBatchRecord,
  SettlementRecord,
  SettlementStatus,
} from '@mbo/contracts/settlements';
import type { DbOrTx } from '../../db/client';
import { settlementBatches, settlements } from '../../db/settlements-schema';

type When = string | Date;
type Money = string | number;

/**
 * The tables under the aliases the lists' WHERE and ORDER BY fragments name (`s`, `b`: settlementWhere
 * is shared with the settlements export, which reads `settlements s` in plain SQL).
 */
export const s = alias(settlements, 's');
export const b = alias(settlementBatches, 'b');

/** A settlement as the list and the detail read it (the query builder types and decodes it from the schema). */
export const selectSettlements = (db: DbOrTx) =>
  db
    .select({
      id: s.id,
      currency: s.currency,
      settlementDay: s.settlementDay,
      status: s.status,
      batchCount: s.batchCount,
      paymentCount: s.paymentCount,
      refundCount: s.refundCount,
      gross: s.gross,
      refunds: s.refunds,
      fees: s.fees,
      disputes: s.disputes,
      reserve: s.reserve,
      net: s.net,
      bankAccount: s.bankAccount,
      bankReference: s.bankReference,
      ledgerTransactionId: s.ledgerTransactionId,
      createdAt: s.createdAt,
      paidAt: s.paidAt,
    })
    .from(s);
export type SettlementFields = Awaited<ReturnType<typeof selectSettlements>>[number];

/** A clearing batch as the lists and details read it. */
export const selectBatches = (db: DbOrTx) =>
  db
    .select({
      id: b.id,
      currency: b.currency,
      status: b.status,
      businessDay: b.businessDay,
      closesAt: b.closesAt,
      dueDay: b.dueDay,
      settlementCycleDays: b.settlementCycleDays,
      settlementCountry: sql<string>`trim(${b.settlementCountry})`,
      timeZone: b.timeZone,
      cutoffTime: b.cutoffTime,
      paymentCount: b.paymentCount,
      gross: b.gross,
      fees: b.fees,
      refundCount: b.refundCount,
      refunds: b.refunds,
      disputeCount: b.disputeCount,
      disputes: b.disputes,
      settlementId: b.settlementId,
      createdAt: b.createdAt,
      closedAt: b.closedAt,
      settledAt: b.settledAt,
    })
    .from(b);
export type BatchFields = Awaited<ReturnType<typeof selectBatches>>[number];

/** The settlements export reads plain SQL through reports/keyset.ts: these columns, as SettlementRow. */
export const SETTLEMENT_COLUMNS =
  sql.raw(`s.id, s.currency, s.settlement_day::text AS settlement_day, s.status, s.batch_count, s.payment_count,
  s.refund_count, s.gross, s.refunds, s.fees, s.disputes, s.reserve, s.net, s.bank_account, s.bank_reference, s.ledger_transaction_id,
  s.created_at, s.paid_at`);

export interface SettlementRow {
  id: string;
  currency: string;
  settlement_day: string;
  status: string;
  batch_count: number;
  payment_count: number;
  refund_count: number;
  gross: Money;
  refunds: Money;
  fees: Money;
  disputes: Money;
  reserve: Money;
  net: Money;
  bank_account: string | null;
  bank_reference: string | null;
  ledger_transaction_id: Money | null;
  created_at: When;
  paid_at: When | null;
}

export function toSettlementRecord(r: SettlementFields): SettlementRecord {
  return {
    settlementId: r.id,
    currency: r.currency,
    settlementDay: r.settlementDay,
    status: r.status as SettlementStatus,
    batchCount: r.batchCount,
    paymentCount: r.paymentCount,
    refundCount: r.refundCount,
    gross: r.gross,
    refunds: r.refunds,
    fees: r.fees,
    disputes: r.disputes,
    reserve: r.reserve,
    net: r.net,
    bankAccount: r.bankAccount,
    bankReference: r.bankReference,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
  };
}

export function toBatchRecord(r: BatchFields): SettlementBatchRecord {
  return {
    batchId: r.id,
    currency: r.currency,
    status: r.status as BatchStatus,
    businessDay: r.businessDay,
    closesAt: r.closesAt.toISOString(),
    dueDay: r.dueDay,
    settlementCycleDays: r.settlementCycleDays,
    settlementCountry: r.settlementCountry,
    timeZone: r.timeZone,
    cutoffTime: r.cutoffTime,
    paymentCount: r.paymentCount,
    gross: r.gross,
    fees: r.fees,
    refundCount: r.refundCount,
    refunds: r.refunds,
    disputeCount: r.disputeCount,
    disputes: r.disputes,
    net: r.gross - r.fees - r.refunds - r.disputes,
    settlementId: r.settlementId,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    settledAt: r.settledAt?.toISOString() ?? null,
  };
}
