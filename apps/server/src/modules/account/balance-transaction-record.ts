import { sql, type SQL } from 'drizzle-orm';
import type {
  BalanceTransactionRecord,
  BalanceTransactionSort,
  BalanceTransactionType,
} from '@mbo/contracts/balance-transactions';
import { ledgerTransactions } from '../../db/payments-schema';
import { computed, type RowOf } from '../../db/typed-rows';

/** @reads ledger_accounts, ledger_entries, ledger_transactions (tables other modules own: db/table-owners.ts) */

/**
 * One ledger transaction of a merchant as a balance transaction (raw SQL, snake case): the balance transactions
 * export reads it from `ledger_transactions t` joined with BALANCE_LATERALS (the list: BALANCE_TRANSACTION_FIELDS).
 */
export interface BalanceTransactionRow {
  /** The ledger transaction's id as text (bigint; the keyset cursor of an export). */
  id: string;
  kind: string;
  reference_type: string;
  reference_id: string;
  currency: string;
  available_change: string | number;
  pending_change: string | number;
  reserved_change: string | number;
  available_after: string | number;
  pending_after: string | number;
  reserved_after: string | number;
  created_at: string | Date;
}

/** The ledger transaction's own columns, for a page read before the laterals. */
export const LEDGER_TRANSACTION_COLUMNS = sql`t.id, t.merchant_id, t.kind, t.currency, t.reference_type, t.reference_id, t.created_at`;

/** The SELECT list of a BalanceTransactionRow over `t` (a ledger transaction) and BALANCE_LATERALS. */
export const BALANCE_TRANSACTION_COLUMNS = sql`t.id::text AS id, t.kind, t.reference_type, t.reference_id, t.currency,
  ch.available_change, ch.pending_change, ch.reserved_change, af.available_after, af.pending_after, af.reserved_after, t.created_at`;

/**
 * What a ledger transaction `t` did to its merchant's balances, joined to it per row:
 * - ch: the sum of its entries on the merchant's AVAILABLE, PENDING and RESERVED accounts (a capture's
 *   two PENDING entries, gross and fee, make one change), and its last entry's id (ledger_entries_tx_idx);
 * - af: the three balances right after it: per account, balance_after of the account's latest entry
 *   up to that id (one backward step of ledger_entries_account_idx: the range is written as row
 *   comparisons on (account_id, id), which only that index answers, bounded on both sides (so it holds
 *   this account's entries alone) and without a separate `account_id =`, which btree would take as
 *   the scan's start instead, walking back from the account's last entry; with `id <= …` alone the planner
 *   walked the primary key back from that id instead, through every entry of every other account:
 *   seconds on the generated history, whose settlement entries come after all its captures), 0
 *   before its first entry.
 * Entries of one account are written in id order under its lock (post-transaction.ts), so "the
 * latest entry up to the transaction's last one" is the balance the transaction left.
 */
export const BALANCE_LATERALS = sql`
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(e.amount) FILTER (WHERE a.owner = t.merchant_id AND a.type = 'AVAILABLE'), 0) AS available_change,
           coalesce(sum(e.amount) FILTER (WHERE a.owner = t.merchant_id AND a.type = 'PENDING'), 0) AS pending_change,
           coalesce(sum(e.amount) FILTER (WHERE a.owner = t.merchant_id AND a.type = 'RESERVED'), 0) AS reserved_change,
           max(e.id) AS last_entry_id
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE e.transaction_id = t.id
  ) ch
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(b.balance_after) FILTER (WHERE a.type = 'AVAILABLE'), 0) AS available_after,
           coalesce(sum(b.balance_after) FILTER (WHERE a.type = 'PENDING'), 0) AS pending_after,
           coalesce(sum(b.balance_after) FILTER (WHERE a.type = 'RESERVED'), 0) AS reserved_after
      FROM ledger_accounts a
      CROSS JOIN LATERAL (
        SELECT e.balance_after FROM ledger_entries e WHERE (e.account_id, e.id) BETWEEN (a.id, 0) AND (a.id, ch.last_entry_id) ORDER BY e.account_id DESC, e.id DESC LIMIT 1
      ) b
     WHERE a.owner = t.merchant_id AND a.currency = t.currency AND a.type IN ('AVAILABLE', 'PENDING', 'RESERVED')
  ) af`;

/**
 * The list's orders over `t`, as its indexes hold them (created_at DESC NULLS LAST, id DESC NULLS
 * LAST, migration 0014): PostgreSQL walks an index, forwards or backwards, instead of sorting.
 */
export const BALANCE_TRANSACTION_ORDER: Record<BalanceTransactionSort, SQL> = {
  'createdAt:desc': sql`t.created_at DESC NULLS LAST, t.id DESC NULLS LAST`,
  'createdAt:asc': sql`t.created_at ASC NULLS FIRST, t.id ASC NULLS FIRST`,
};

/** BALANCE_TRANSACTION_COLUMNS as the list reads them, typed and decoded from the schema (the sums: numbers). */
export const BALANCE_TRANSACTION_FIELDS = {
  id: computed(String),
  kind: ledgerTransactions.kind,
  reference_type: ledgerTransactions.referenceType,
  reference_id: ledgerTransactions.referenceId,
  currency: ledgerTransactions.currency,
  available_change: computed(Number),
  pending_change: computed(Number),
  reserved_change: computed(Number),
  available_after: computed(Number),
  pending_after: computed(Number),
  reserved_after: computed(Number),
  created_at: ledgerTransactions.createdAt,
};

export function toBalanceTransactionRecord(r: RowOf<typeof BALANCE_TRANSACTION_FIELDS>): BalanceTransactionRecord {
  return {
    transactionId: r.id,
    type: r.kind as BalanceTransactionType,
    referenceType: r.reference_type,
    referenceId: r.reference_id,
    currency: r.currency,
    availableChange: r.available_change,
    pendingChange: r.pending_change,
    reservedChange: r.reserved_change,
    net: r.available_change + r.pending_change + r.reserved_change,
    availableAfter: r.available_after,
    pendingAfter: r.pending_after,
    reservedAfter: r.reserved_after,
    createdAt: r.created_at.toISOString(),
  };
}
