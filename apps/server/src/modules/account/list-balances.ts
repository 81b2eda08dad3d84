import { sql } from 'drizzle-orm';
import type { CurrencyBalance } from '@mbo/contracts/account';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';

/** The merchant's balances per currency, read from the ledger accounts (balances derived from entries). */
export async function listBalances(db: Db, merchantId: string): Promise<CurrencyBalance[]> {
  const rows = rowsOf<{ currency: string; available: string | number; pending: string | number; reserved: string | number }>(
    await db.execute(sql`
      SELECT currency,
             coalesce(sum(balance) FILTER (WHERE type = 'AVAILABLE'), 0) AS available,
             coalesce(sum(balance) FILTER (WHERE type = 'PENDING'), 0) AS pending,
             coalesce(sum(balance) FILTER (WHERE type = 'RESERVED'), 0) AS reserved
        FROM ledger_accounts
       WHERE owner = ${merchantId} AND type IN ('AVAILABLE', 'PENDING', 'RESERVED')
       GROUP BY currency
       ORDER BY coalesce(sum(balance) FILTER (WHERE type = 'AVAILABLE'), 0) + coalesce(sum(balance) FILTER (WHERE type = 'PENDING'), 0) DESC, currency`),
  );
  return rows.map((r) => ({ currency: r.currency, available: Number(r.available), pending: Number(r.pending), reserved: Number(r.reserved) }));
}
