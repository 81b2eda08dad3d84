/** Rows of settlements and clearing batches as the API answers them (contracts/settlements.ts). */
import { sql } from 'drizzle-orm';
import type { BatchStatus, SettlementBatchRecord, SettlementRecord, SettlementStatus } from '@mbo/contracts/settlements';

type When = string | Date;
type Money = string | number;
const iso = (v: When) => (v instanceof Date ? v : new Date(v)).toISOString();
const isoOrNull = (v: When | null) => (v === null ? null : iso(v));

export const SETTLEMENT_COLUMNS = sql.raw(`s.id, s.currency, s.settlement_day::text AS settlement_day, s.status, s.batch_count, s.payment_count,
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

export function toSettlementRecord(r: SettlementRow): SettlementRecord {
  return {
    settlementId: r.id, currency: r.currency, settlementDay: r.settlement_day, status: r.status as SettlementStatus,
    batchCount: Number(r.batch_count), paymentCount: Number(r.payment_count), refundCount: Number(r.refund_count),
    gross: Number(r.gross), refunds: Number(r.refunds), fees: Number(r.fees), disputes: Number(r.disputes), reserve: Number(r.reserve), net: Number(r.net),
    bankAccount: r.bank_account, bankReference: r.bank_reference, createdAt: iso(r.created_at), paidAt: isoOrNull(r.paid_at),
  };
}

export const BATCH_COLUMNS = sql.raw(`b.id, b.currency, b.status, b.business_day::text AS business_day, b.closes_at, b.due_day::text AS due_day,
  b.settlement_cycle_days, trim(b.settlement_country) AS settlement_country, b.time_zone, b.cutoff_time, b.payment_count, b.gross, b.fees,
  b.refund_count, b.refunds, b.dispute_count, b.disputes, b.settlement_id, b.created_at, b.closed_at, b.settled_at`);

export interface BatchRow {
  id: string;
  currency: string;
  status: string;
  business_day: string;
  closes_at: When;
  due_day: string;
  settlement_cycle_days: number;
  settlement_country: string;
  time_zone: string;
  cutoff_time: string;
  payment_count: number;
  gross: Money;
  fees: Money;
  refund_count: number;
  refunds: Money;
  dispute_count: number;
  disputes: Money;
  settlement_id: string | null;
  created_at: When;
  closed_at: When | null;
  settled_at: When | null;
}

export function toBatchRecord(r: BatchRow): SettlementBatchRecord {
  const gross = Number(r.gross);
  const fees = Number(r.fees);
  const refunds = Number(r.refunds);
  const disputes = Number(r.disputes);
  return {
    batchId: r.id, currency: r.currency, status: r.status as BatchStatus, businessDay: r.business_day, closesAt: iso(r.closes_at), dueDay: r.due_day,
    settlementCycleDays: Number(r.settlement_cycle_days), settlementCountry: r.settlement_country, timeZone: r.time_zone, cutoffTime: r.cutoff_time,
    paymentCount: Number(r.payment_count), gross, fees, refundCount: Number(r.refund_count), refunds,
    disputeCount: Number(r.dispute_count), disputes, net: gross - fees - refunds - disputes,
    settlementId: r.settlement_id, createdAt: iso(r.created_at), closedAt: isoOrNull(r.closed_at), settledAt: isoOrNull(r.settled_at),
  };
}
