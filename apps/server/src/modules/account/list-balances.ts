import { sql, type SQL } from 'drizzle-orm';
import type { CurrencyBalance } from '@mbo/contracts/account';
import type { SubMerchantBalances } from '@mbo/contracts/balance-transactions';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';

type Num = string | number;
interface BalanceRow { currency: string; available: Num; pending: Num; reserved: Num }

/**
 * The balances per owner and currency of the owners `owners` selects (a value or a subquery), from
 * the ledger accounts (balances derived from entries): one row per owner and currency.
 */
function balancesOf(owners: SQL): SQL {
  return sql`
    SELECT owner, currency,
           coalesce(sum(balance) FILTER (WHERE type = 'AVAILABLE'), 0) AS available,
           coalesce(sum(balance) FILTER (WHERE type = 'PENDING'), 0) AS pending,
           coalesce(sum(balance) FILTER (WHERE type = 'RESERVED'), 0) AS reserved
      FROM ledger_accounts
     WHERE owner IN (${owners}) AND type IN ('AVAILABLE', 'PENDING', 'RESERVED')
     GROUP BY owner, currency`;
}

/** Largest balances first (available + pending), then by currency. */
const BALANCE_ORDER = sql`b.available + b.pending DESC, b.currency`;

const toCurrencyBalance = (r: BalanceRow): CurrencyBalance => ({
  currency: r.currency, available: Number(r.available), pending: Number(r.pending), reserved: Number(r.reserved),
});

/** The merchant's balances per currency. */
export async function listBalances(db: Db, merchantId: string): Promise<CurrencyBalance[]> {
  const rows = rowsOf<BalanceRow>(await db.execute(sql`SELECT b.* FROM (${balancesOf(sql`${merchantId}`)}) b ORDER BY ${BALANCE_ORDER}`));
  return rows.map(toCurrencyBalance);
}

/**
 * The balances of the merchant's sub-merchants (merchants.parent_id), each with its balances per
 * currency (none yet: an empty list), by name; one query for all of them. [] for a merchant without
 * sub-merchants, or for a sub-merchant itself.
 */
export async function listSubMerchantBalances(db: Db, merchantId: string): Promise<SubMerchantBalances[]> {
  const children = sql`SELECT id FROM merchants WHERE parent_id = ${merchantId}`;
  const rows = rowsOf<{ merchant_id: string; merchant_name: string } & { [K in keyof BalanceRow]: BalanceRow[K] | null }>(await db.execute(sql`
    SELECT m.id AS merchant_id, m.name AS merchant_name, b.currency, b.available, b.pending, b.reserved
      FROM merchants m LEFT JOIN (${balancesOf(children)}) b ON b.owner = m.id
     WHERE m.parent_id = ${merchantId}
     ORDER BY m.name, m.id, ${BALANCE_ORDER}`));
  const byMerchant = new Map<string, SubMerchantBalances>();
  for (const r of rows) {
    let merchant = byMerchant.get(r.merchant_id);
    if (!merchant) byMerchant.set(r.merchant_id, (merchant = { merchantId: r.merchant_id, merchantName: r.merchant_name, balances: [] }));
    if (r.currency !== null) merchant.balances.push(toCurrencyBalance(r as BalanceRow));
  }
  return [...byMerchant.values()];
}
