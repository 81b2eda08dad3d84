import { sql, type SQL } from 'drizzle-orm';
import { maskAccountNumber, type AccountScheme } from '@mbo/contracts/bank-account-numbers';
import type { BankAccountFilters, BankAccountRecord, BankAccountStatus } from '@mbo/contracts/bank-accounts';
import { IN_FLIGHT_WITHDRAWAL_STATUSES } from '@mbo/contracts/withdrawals';
import { escapeLike, inList } from '../../lib/list-where';
import { iso, isoOrNull } from '../../lib/iso-timestamp';

/** A bank_accounts row as the reads select it (never the full number). */
export interface BankAccountRow {
  id: string;
  bank_name: string;
  holder_name: string;
  country: string;
  currency: string;
  scheme: string;
  last4: string;
  routing_code: string | null;
  bic: string | null;
  status: string;
  rejection_reason: string | null;
  is_default: boolean;
  in_flight: string | number;
  created_by: string | null;
  created_at: string | Date;
  verified_at: string | Date | null;
}

/** The statuses as SQL literals: the planner matches them to the partial index withdrawals_bank_account_in_flight_idx. */
const IN_FLIGHT = sql.raw(IN_FLIGHT_WITHDRAWAL_STATUSES.map((s) => `'${s}'`).join(', '));

/** The select list over `bank_accounts b`, with the count of its withdrawals in flight. */
export const BANK_ACCOUNT_COLUMNS = sql`b.id, b.bank_name, b.holder_name, b.country, b.currency, b.scheme, b.last4, b.routing_code, b.bic,
  b.status, b.rejection_reason, b.is_default, b.created_by, b.created_at, b.verified_at,
  (SELECT count(*) FROM withdrawals w WHERE w.bank_account_id = b.id AND w.status IN (${IN_FLIGHT})) AS in_flight`;

/** The merchant's accounts that are not removed, under the list's filters. */
export function bankAccountWhere(merchantId: string, f: BankAccountFilters): SQL {
  const where: SQL[] = [sql`b.merchant_id = ${merchantId}`, sql`b.removed_at IS NULL`];
  if (f.status?.length) where.push(inList(sql`b.status`, f.status));
  if (f.currency) where.push(sql`b.currency = ${f.currency}`);
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    where.push(sql`(b.id = ${f.keyword} OR b.last4 = ${f.keyword.slice(-4)} OR b.bank_name ILIKE ${like} OR b.holder_name ILIKE ${like})`);
  }
  return sql.join(where, sql` AND `);
}

export function toBankAccountRecord(row: BankAccountRow): BankAccountRecord {
  return {
    bankAccountId: row.id,
    bankName: row.bank_name,
    holderName: row.holder_name,
    country: row.country,
    currency: row.currency,
    scheme: row.scheme as AccountScheme,
    maskedNumber: maskAccountNumber(row.last4),
    routingCode: row.routing_code,
    bic: row.bic,
    status: row.status as BankAccountStatus,
    rejectionReason: row.rejection_reason,
    isDefault: row.is_default,
    inFlightWithdrawals: Number(row.in_flight),
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    verifiedAt: isoOrNull(row.verified_at),
  };
}
