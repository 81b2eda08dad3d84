import { moneyListWhere } from '../../lib/list-where';
import { sql, type SQL } from 'drizzle-orm';
import { maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import type { WithdrawalFilters, WithdrawalRecord, WithdrawalStatus } from '@mbo/contracts/withdrawals';
import { bankAccounts, withdrawals } from '../../db/money-out-schema';
import { iso, isoOrNull } from '../../lib/iso-timestamp';

/** @reads bank_accounts (tables other modules own: db/table-owners.ts) */

/**
 * A withdrawals row joined with its bank account (withdrawals w JOIN bank_accounts b), as the withdrawals export
 * reads it in plain SQL through reports/keyset.ts; the history and the detail read WITHDRAWAL_FIELDS.
 */
export interface WithdrawalRow {
  id: string;
  bank_account_id: string;
  bank_name: string;
  last4: string;
  currency: string;
  amount: string | number;
  fee: string | number;
  net_amount: string | number;
  remark: string | null;
  status: string;
  failure_reason: string | null;
  bank_reference: string | null;
  created_by: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

export const WITHDRAWAL_FROM = sql`withdrawals w JOIN bank_accounts b ON b.id = w.bank_account_id`;
export const WITHDRAWAL_COLUMNS = sql`w.id, w.bank_account_id, b.bank_name, b.last4, w.currency, w.amount, w.fee, w.net_amount, w.remark, w.status,
  w.failure_reason, w.bank_reference, w.created_by, w.created_at, w.finished_at`;

/** WITHDRAWAL_COLUMNS typed and decoded from the schema (a WithdrawalRow with numbers and Dates). */
export const WITHDRAWAL_FIELDS = {
  id: withdrawals.id,
  bank_account_id: withdrawals.bankAccountId,
  bank_name: bankAccounts.bankName,
  last4: bankAccounts.last4,
  currency: withdrawals.currency,
  amount: withdrawals.amount,
  fee: withdrawals.fee,
  net_amount: withdrawals.netAmount,
  remark: withdrawals.remark,
  status: withdrawals.status,
  failure_reason: withdrawals.failureReason,
  bank_reference: withdrawals.bankReference,
  created_by: withdrawals.createdBy,
  created_at: withdrawals.createdAt,
  finished_at: withdrawals.finishedAt,
};

/** The WHERE of the withdrawal history (and of its export), always scoped to the merchant. */
export function withdrawalWhere(merchantId: string, f: WithdrawalFilters): SQL {
  return moneyListWhere('w', merchantId, f, [
    f.keyword ? sql`(w.id = ${f.keyword} OR w.bank_reference = ${f.keyword})` : undefined,
  ]);
}

export function toWithdrawalRecord(row: WithdrawalRow): WithdrawalRecord {
  return {
    withdrawalId: row.id,
    bankAccountId: row.bank_account_id,
    bankName: row.bank_name,
    maskedNumber: maskAccountNumber(row.last4),
    currency: row.currency,
    amount: Number(row.amount),
    fee: Number(row.fee),
    netAmount: Number(row.net_amount),
    remark: row.remark,
    status: row.status as WithdrawalStatus,
    failureReason: row.failure_reason,
    bankReference: row.bank_reference,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    finishedAt: isoOrNull(row.finished_at),
  };
}
