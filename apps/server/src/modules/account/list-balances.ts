import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CurrencyBalance } from '@mbo/contracts/account';
import type { SubMerchantBalances } from '@mbo/contracts/balance-transactions';
import type { Db } from '../../db/client';
import { ledgerAccounts } from '../../db/payments-schema';
import { merchants } from '../../db/schema';

/** @reads ledger_accounts, merchants (tables other modules own: db/table-owners.ts) */

const BALANCE_TYPES = ['AVAILABLE', 'PENDING', 'RESERVED'];

/** The sum of one type's balances in a group of ledger accounts (0 without one); numeric, read as a number. */
const balanceOfType = (type: string) =>
  sql<number>`coalesce(sum(${ledgerAccounts.balance}) FILTER (WHERE ${ledgerAccounts.type} = ${type}), 0)`.mapWith(
    Number,
  );

/**
 * The balances per owner and currency of the owners `ownerIs` selects (a condition on
 * ledger_accounts.owner), from the ledger accounts (balances derived from entries): one row per
 * owner and currency.
 */
function balancesOf(db: Db, ownerIs: SQL) {
  return db
    .select({
      owner: ledgerAccounts.owner,
      currency: ledgerAccounts.currency,
      available: balanceOfType('AVAILABLE').as('available'),
      pending: balanceOfType('PENDING').as('pending'),
      reserved: balanceOfType('RESERVED').as('reserved'),
    })
    .from(ledgerAccounts)
    .where(and(ownerIs, inArray(ledgerAccounts.type, BALANCE_TYPES)))
    .groupBy(ledgerAccounts.owner, ledgerAccounts.currency)
    .as('b');
}

/** The merchant's balances per currency, largest first (available + pending), then by currency. */
export async function listBalances(db: Db, merchantId: string): Promise<CurrencyBalance[]> {
  const b = balancesOf(db, eq(ledgerAccounts.owner, merchantId));
  return db
    .select({ currency: b.currency, available: b.available, pending: b.pending, reserved: b.reserved })
    .from(b)
    .orderBy(sql`${b.available} + ${b.pending} DESC`, b.currency);
}

/**
 * The balances of the merchant's sub-merchants (merchants.parent_id), each with its balances per
 * currency (none yet: an empty list), by name; one query for all of them. [] for a merchant without
 * sub-merchants, or for a sub-merchant itself.
 */
export async function listSubMerchantBalances(db: Db, merchantId: string): Promise<SubMerchantBalances[]> {
  const children = db.select({ id: merchants.id }).from(merchants).where(eq(merchants.parentId, merchantId));
  const b = balancesOf(db, inArray(ledgerAccounts.owner, children));
  const rows = await db
    .select({
      merchantId: merchants.id,
      merchantName: merchants.name,
      currency: b.currency,
      available: b.available,
      pending: b.pending,
      reserved: b.reserved,
    })
    .from(merchants)
    .leftJoin(b, eq(b.owner, merchants.id))
    .where(eq(merchants.parentId, merchantId))
    .orderBy(merchants.name, merchants.id, sql`${b.available} + ${b.pending} DESC`, b.currency);
  const byMerchant = new Map<string, SubMerchantBalances>();
  for (const r of rows) {
    let merchant = byMerchant.get(r.merchantId);
    if (!merchant)
      byMerchant.set(
        r.merchantId,
        (merchant = { merchantId: r.merchantId, merchantName: r.merchantName, balances: [] }),
      );
    if (r.currency !== null)
      merchant.balances.push({
        currency: r.currency,
        available: r.available ?? 0,
        pending: r.pending ?? 0,
        reserved: r.reserved ?? 0,
      });
  }
  return [...byMerchant.values()];
}
