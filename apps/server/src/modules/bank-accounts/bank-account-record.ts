import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { bankAccounts } from '../../db/money-out-schema';
import { maskAccountNumber, type AccountScheme } from '@mbo/contracts/bank-account-numbers';
import type { BankAccountFilters, BankAccountRecord, BankAccountStatus } from '@mbo/contracts/bank-accounts';
import { IN_FLIGHT_WITHDRAWAL_STATUSES } from '@mbo/contracts/withdrawals';
import { escapeLike, inList } from '../../lib/list-where';
import { iso, isoOrNull } from '../../lib/iso-timestamp';

/** @reads withdrawals (tables other modules own: db/table-owners.ts) */

/** The table under the alias the list's WHERE names (`b`). */
export const b = alias(bankAccounts, 'b');

/**
 * The statuses as SQL literals: the planner matches them to the partial index withdrawals_bank_account_in_flight_idx.
 */
const IN_FLIGHT = sql.raw(IN_FLIGHT_WITHDRAWAL_STATUSES.map((s) => `'${s}'`).join(', '));

/** A bank account as the reads select it (never the full number), with the count of its withdrawals in flight. */
export const selectBankAccounts = (db: DbOrTx) =>
  db
    .select({
      id: b.id,
      bankName: b.bankName,
      holderName: b.holderName,
      country: b.country,
      currency: b.currency,
      scheme: b.scheme,
      last4: b.last4,
      routingCode: b.routingCode,
      bic: b.bic,
      status: b.status,
      rejectionReason: b.rejectionReason,
      isDefault: b.isDefault,
      createdBy: b.createdBy,
      createdAt: b.createdAt,
      verifiedAt: b.verifiedAt,
      // `b.id` spelled out: the select list renders a column unqualified, which inside this subquery
      // would be w's own id.
      inFlight:
        sql<number>`(SELECT count(*) FROM withdrawals w WHERE w.bank_account_id = b.id AND w.status IN (${IN_FLIGHT}))`.mapWith(
          Number,
        ),
    })
    .from(b);
type BankAccountFields = Awaited<ReturnType<typeof selectBankAccounts>>[number];

/** The merchant's accounts that are not removed, under the list's filters. */
export function bankAccountWhere(merchantId: string, f: BankAccountFilters): SQL {
  const where: SQL[] = [sql`b.merchant_id = ${merchantId}`, sql`b.removed_at IS NULL`];
  if (f.status?.length) where.push(inList(sql`b.status`, f.status));
  if (f.currency) where.push(sql`b.currency = ${f.currency}`);
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    where.push(
      sql`(b.id = ${f.keyword} OR b.last4 = ${f.keyword.slice(-4)} OR b.bank_name ILIKE ${like} OR b.holder_name ILIKE ${like})`,
    );
  }
  return sql.join(where, sql` AND `);
}

export function toBankAccountRecord(row: BankAccountFields): BankAccountRecord {
  return {
    bankAccountId: row.id,
    bankName: row.bankName,
    holderName: row.holderName,
    country: row.country,
    currency: row.currency,
    scheme: row.scheme as AccountScheme,
    maskedNumber: maskAccountNumber(row.last4),
    routingCode: row.routingCode,
    bic: row.bic,
    status: row.status as BankAccountStatus,
    rejectionReason: row.rejectionReason,
    isDefault: row.isDefault,
    inFlightWithdrawals: row.inFlight,
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt),
    verifiedAt: isoOrNull(row.verifiedAt),
  };
}
