import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';

export type MerchantAccountType = 'PENDING' | 'AVAILABLE' | 'RESERVED' | 'FEES';
export type SystemAccountType = 'CLEARING' | 'FEE_REVENUE';
export const SYSTEM = 'SYSTEM';

export interface Posting {
  /** A merchant id or SYSTEM. */
  owner: string;
  type: MerchantAccountType | SystemAccountType;
  /** Signed minor units: positive adds to the account. */
  amount: number;
}

export interface LedgerTransactionInput {
  merchantId: string;
  currency: string;
  kind: string;
  referenceType: string;
  referenceId: string;
  postings: Posting[];
}

/**
 * Posts one balanced ledger transaction inside the caller's database transaction. The database
 * applies each entry to its account's balance and refuses, at commit, a transaction that does not
 * sum to zero; the check here only fails earlier with a clearer message.
 */
export async function postTransaction(tx: DbOrTx, input: LedgerTransactionInput): Promise<number> {
  const postings = input.postings.filter((p) => p.amount !== 0);
  const total = postings.reduce((sum, p) => sum + p.amount, 0);
  if (total !== 0 || postings.some((p) => !Number.isSafeInteger(p.amount))) {
    throw new Error(`ledger transaction ${input.kind} ${input.referenceId} does not balance (${total})`);
  }
  const accountIds = await accountIdsFor(tx, input.currency, postings);
  const [txRow] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      INSERT INTO ledger_transactions (merchant_id, kind, reference_type, reference_id)
      VALUES (${input.merchantId}, ${input.kind}, ${input.referenceType}, ${input.referenceId}) RETURNING id`),
  );
  const values = postings.map((p, i) => sql`(${txRow.id}, ${accountIds[i]}, ${input.currency}, ${p.amount})`);
  await tx.execute(sql`INSERT INTO ledger_entries (transaction_id, account_id, currency, amount) VALUES ${sql.join(values, sql`, `)}`);
  return Number(txRow.id);
}

/** The ids of the postings' accounts, creating accounts met for the first time. */
async function accountIdsFor(tx: DbOrTx, currency: string, postings: Posting[]): Promise<number[]> {
  const keys = [...new Set(postings.map((p) => `${p.owner}|${p.type}`))];
  const pairs = keys.map((k) => {
    const [owner, type] = k.split('|');
    return sql`(${owner}, ${currency}, ${type})`;
  });
  await tx.execute(sql`INSERT INTO ledger_accounts (owner, currency, type) VALUES ${sql.join(pairs, sql`, `)} ON CONFLICT DO NOTHING`);
  const rows = rowsOf<{ id: number; owner: string; type: string }>(
    await tx.execute(sql`SELECT id, owner, type FROM ledger_accounts WHERE currency = ${currency} AND (owner, type) IN (${sql.join(
      keys.map((k) => {
        const [owner, type] = k.split('|');
        return sql`(${owner}, ${type})`;
      }),
      sql`, `,
    )})`),
  );
  const byKey = new Map(rows.map((r) => [`${r.owner}|${r.type}`, Number(r.id)]));
  return postings.map((p) => byKey.get(`${p.owner}|${p.type}`)!);
}

/**
 * Locks a merchant's account of one type and currency for the rest of the transaction and returns
 * its balance (0 when it does not exist yet). Money leaving an account checks the balance under
 * this lock, so concurrent calls can never take it below zero.
 */
export async function lockBalance(tx: DbOrTx, owner: string, currency: string, type: MerchantAccountType): Promise<number> {
  await tx.execute(sql`INSERT INTO ledger_accounts (owner, currency, type) VALUES (${owner}, ${currency}, ${type}) ON CONFLICT DO NOTHING`);
  const [row] = rowsOf<{ balance: string | number }>(
    await tx.execute(sql`SELECT balance FROM ledger_accounts WHERE owner = ${owner} AND currency = ${currency} AND type = ${type} FOR UPDATE`),
  );
  return Number(row?.balance ?? 0);
}
