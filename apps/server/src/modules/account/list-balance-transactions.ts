import { inList } from '../../lib/list-where';
import { createdRangeConditions } from '../../lib/date-range';
import { sql, type SQL } from 'drizzle-orm';
import type {
  BalanceTransactionPage,
  BalanceTransactionType,
  ListBalanceTransactionsQuery,
} from '@mbo/contracts/balance-transactions';
import type { DbOrTx } from '../../db/client';
import { typedRows } from '../../db/typed-rows';
import { cappedCount } from '../../db/capped-count';
import {
  BALANCE_LATERALS,
  BALANCE_TRANSACTION_COLUMNS,
  BALANCE_TRANSACTION_FIELDS,
  BALANCE_TRANSACTION_ORDER,
  LEDGER_TRANSACTION_COLUMNS,
  toBalanceTransactionRecord,
} from './balance-transaction-record';

/** @reads ledger_transactions (tables other modules own: db/table-owners.ts) */

/** The balance transactions list's filters (the list request without paging and sort; an export's without dates). */
export type BalanceTransactionFilters = Pick<
  ListBalanceTransactionsQuery,
  'currency' | 'type' | 'keyword' | 'createdFrom' | 'createdTo'
>;

/** The filters as SQL over `ledger_transactions t`: the plain conditions, and the type set apart. */
interface BalanceTransactionConditions {
  /** Always scoped to the merchant; with the type set when it is not answered by `kinds`. */
  all: SQL[];
  /** A type set to read one indexed branch per type (no keyword), or null. */
  kinds: BalanceTransactionType[] | null;
}

/**
 * The conditions of the list, always scoped to the merchant (ledger_transactions.merchant_id). Each
 * has an index (migration 0014): merchant + created_at, merchant + currency + created_at, merchant +
 * type + created_at, and the keyword, an exact reference id of any type, (reference_id, reference_type).
 */
function conditionsOf(merchantId: string, f: BalanceTransactionFilters): BalanceTransactionConditions {
  const all: SQL[] = [sql`t.merchant_id = ${merchantId}`];
  // The contract keeps dates within the years 1 to 9999 (common-schemas.ts isoDateTime).
  all.push(...createdRangeConditions(sql`t.created_at`, f));
  if (f.currency) all.push(sql`t.currency = ${f.currency}`);
  const kinds = f.type?.length ? [...new Set(f.type)] : null;
  if (f.keyword) all.push(sql`t.reference_id = ${f.keyword}`);
  // A keyword finds a handful of rows by its own index: the types are a plain condition on those.
  if (kinds && f.keyword) return { all: [...all, kindIn(kinds)], kinds: null };
  return { all, kinds };
}

const kindIn = (kinds: readonly string[]) => inList(sql`t.kind`, kinds);

function whereOf(c: BalanceTransactionConditions): SQL {
  return sql.join(c.kinds ? [...c.all, kindIn(c.kinds)] : c.all, sql` AND `);
}

/** The WHERE of the list over `ledger_transactions t`, for a balance transactions export. */
export function balanceTransactionWhere(merchantId: string, f: BalanceTransactionFilters): SQL {
  return whereOf(conditionsOf(merchantId, f));
}

/**
 * The page's ledger transactions, before their balances are read. A type set is one branch per
 * type, each walking merchant + type + created_at for its first offset + pageSize rows in the list's
 * order; the page is taken from their union. `kind IN (…)` over the merchant's newest-first index
 * would walk every capture to find a rare type (a reversal, a withdrawal) at a million rows.
 */
function pageSql(c: BalanceTransactionConditions, order: SQL, pageSize: number, offset: number): SQL {
  if (!c.kinds) {
    return sql`SELECT ${LEDGER_TRANSACTION_COLUMNS} FROM ledger_transactions t WHERE ${whereOf(c)} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`;
  }
  const base = sql.join(c.all, sql` AND `);
  const branches = c.kinds.map(
    (k) =>
      sql`(SELECT ${LEDGER_TRANSACTION_COLUMNS} FROM ledger_transactions t WHERE ${base} AND t.kind = ${k} ORDER BY ${order} LIMIT ${offset + pageSize})`,
  );
  return sql`SELECT t.* FROM (${sql.join(branches, sql` UNION ALL `)}) t ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`;
}

/**
 * A page of the active merchant's balance transactions (one per ledger transaction: what it changed
 * in the merchant's available, pending and reserved balances of its currency, and those balances
 * after it), with the total under the same filters: exact up to EXACT_COUNT_LIMIT, an estimate above
 * it (lib/capped-count.ts, as the payments list). The balances are read for the page's rows only. The count
 * may be read from another database than the page (`countDb`: the read replica of a replica-routed call).
 */
export async function listBalanceTransactions(
  db: DbOrTx,
  merchantId: string,
  q: ListBalanceTransactionsQuery,
  countDb: DbOrTx = db,
): Promise<BalanceTransactionPage> {
  const conditions = conditionsOf(merchantId, q);
  const order = BALANCE_TRANSACTION_ORDER[q.sort];
  const page = pageSql(conditions, order, q.pageSize, (q.pageNum - 1) * q.pageSize);
  const [count, rows] = await Promise.all([
    cappedCount(countDb, sql`SELECT 1 FROM ledger_transactions t WHERE ${whereOf(conditions)}`),
    typedRows(
      db,
      BALANCE_TRANSACTION_FIELDS,
      sql`SELECT ${BALANCE_TRANSACTION_COLUMNS} FROM (${page}) t ${BALANCE_LATERALS} ORDER BY ${order}`,
    ),
  ]);
  return {
    total: count.total,
    totalExact: count.exact,
    records: rows.map(toBalanceTransactionRecord),
  };
}
