import { moneyListWhere } from '../../lib/list-where';
import { sql, type SQL } from 'drizzle-orm';
import { maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import type { PayoutPurpose } from '@mbo/contracts/payout-rows';
import type { PayoutMethodType } from '@mbo/contracts/payout-services';
import type { PayoutFilters, PayoutRecord, PayoutStatus } from '@mbo/contracts/payouts';
import { payouts } from '../../db/money-out-schema';
import type { RowOf } from '../../db/typed-rows';
import { iso, isoOrNull } from '../../lib/iso-timestamp';

/** A payouts row as the reads select it (PAYOUT_COLUMNS: never the full account number), typed from the schema. */
export const PAYOUT = {
  id: payouts.id,
  batch_id: payouts.batchId,
  row_no: payouts.rowNo,
  beneficiary_name: payouts.beneficiaryName,
  country: payouts.country,
  method: payouts.method,
  last4: payouts.last4,
  currency: payouts.currency,
  amount: payouts.amount,
  fee: payouts.fee,
  purpose: payouts.purpose,
  reference: payouts.reference,
  status: payouts.status,
  failure_reason: payouts.failureReason,
  bank_reference: payouts.bankReference,
  created_by: payouts.createdBy,
  created_at: payouts.createdAt,
  finished_at: payouts.finishedAt,
};
export type PayoutRow = RowOf<typeof PAYOUT>;

export const PAYOUT_COLUMNS = sql`o.id, o.batch_id, o.row_no, o.beneficiary_name, o.country, o.method, o.last4, o.currency, o.amount, o.fee, o.purpose,
  o.reference, o.status, o.failure_reason, o.bank_reference, o.created_by, o.created_at, o.finished_at`;

/** The WHERE of the payout history (and its export), always scoped to the merchant. */
export function payoutWhere(merchantId: string, f: PayoutFilters): SQL {
  return moneyListWhere('o', merchantId, f, [
    f.batchId ? sql`o.batch_id = ${f.batchId}` : undefined,
    f.keyword
      ? sql`(o.id = ${f.keyword} OR o.batch_id = ${f.keyword} OR o.bank_reference = ${f.keyword} OR o.reference = ${f.keyword})`
      : undefined,
  ]);
}

export function toPayoutRecord(r: PayoutRow): PayoutRecord {
  const amount = Number(r.amount);
  const fee = Number(r.fee);
  return {
    payoutId: r.id,
    batchId: r.batch_id,
    rowNo: r.row_no === null ? null : Number(r.row_no),
    beneficiaryName: r.beneficiary_name,
    country: r.country,
    method: r.method as PayoutMethodType,
    maskedAccount: maskAccountNumber(r.last4),
    currency: r.currency,
    amount,
    fee,
    total: amount + fee,
    purpose: r.purpose as PayoutPurpose,
    reference: r.reference,
    status: r.status as PayoutStatus,
    failureReason: r.failure_reason,
    bankReference: r.bank_reference,
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    finishedAt: isoOrNull(r.finished_at),
  };
}
