import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerTransactions } from '../../db/payments-schema';

export type MerchantAccountType = 'PENDING' | 'AVAILABLE' | 'RESERVED' | 'FEES' | 'CLEARING';
export type SystemAccountType = 'CLEARING' | 'FEE_REVENUE';
export type AccountType = MerchantAccountType | SystemAccountType;
export const SYSTEM = 'SYSTEM';

export interface Posting {
  /** A merchant id or SYSTEM. */
  owner: string;
  type: AccountType;
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
  /** When it happened (default: now); the data generator writes history with the instants it simulates. */
  at?: Date;
}

/** The accounts of a ledger transaction, locked for the rest of the database transaction. */
export interface LockedAccounts {
  currency: string;
  /** The balance of one of the locked accounts (as it is now, under the lock). */
  balance(owner: string, type: AccountType): number;
  /** The id of one of the locked accounts. */
  id(owner: string, type: AccountType): number;
}

/**
 * Locks every account the postings touch, creating those met for the first time, in ONE fixed
 * order: ascending account id, with a single `SELECT … WHERE id IN (…) ORDER BY id FOR UPDATE`.
 * Every posting takes its account locks this way and no account lock before it, so two postings
 * never wait on each other in a cycle (a capture, a refund and a settlement of one merchant share
 * accounts, and each lists them in another order). A caller that checks a balance before posting
 * (a refund: "does the available balance cover it?") locks with this, checks under the lock, then
 * passes the result to postTransaction with the same postings.
 */
export async function lockAccounts(tx: DbOrTx, currency: string, postings: Posting[]): Promise<LockedAccounts> {
  if (!(tx instanceof PgTransaction))
    throw new Error('lockAccounts: call it inside a database transaction (a lock ends with its statement otherwise)');
  const keys = [...new Set(postings.map((p) => keyOf(p.owner, p.type)))].sort();
  const ids = await accountIds(tx, currency, keys);
  const rows = ids.size
    ? await tx
        .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, [...ids.values()]))
        .orderBy(ledgerAccounts.id)
        .for('update')
    : [];
  const balances = new Map(rows.map((r) => [r.id, r.balance]));
  const idOf = (owner: string, type: AccountType) => {
    const id = ids.get(keyOf(owner, type));
    if (id === undefined)
      throw new Error(`ledger account ${owner} ${currency} ${type} is not among the locked accounts`);
    return id;
  };
  return { currency, id: idOf, balance: (owner, type) => balances.get(idOf(owner, type))! };
}

/**
 * Posts one balanced ledger transaction inside the caller's database transaction: locks its
 * accounts in id order (lockAccounts; pass its result when the caller locked them already), then
 * writes the transaction (in its one currency) and its entries. The database applies each entry to
 * its account's balance (the only way a balance changes), keeps the new balance on the entry
 * (ledger_entries.balance_after, migration 0014) and refuses, at commit, a transaction that does
 * not sum to zero or has no entries; the checks here only fail earlier with a clearer message. Entries keep
 * the caller's order: every account is locked already, so it decides no lock order, only the order
 * in which one account's balance moves (a capture adds the gross to pending before it takes the fee).
 * Given the database rather than a transaction, it opens one: the ledger transaction and its entries
 * commit together (the database refuses a ledger transaction that commits without entries).
 */
export async function postTransaction(
  tx: DbOrTx,
  input: LedgerTransactionInput,
  locked?: LockedAccounts,
): Promise<number> {
  if (!(tx instanceof PgTransaction)) {
    if (locked) throw new Error('postTransaction: accounts locked outside a transaction hold no lock');
    return tx.transaction((inner) => postTransaction(inner, input));
  }
  const postings = checkedPostings(input);
  if (locked && locked.currency !== input.currency)
    throw new Error(`ledger transaction ${input.kind} ${input.referenceId}: accounts locked in another currency`);
  const accounts = locked ?? (await lockAccounts(tx, input.currency, postings));
  const at = input.at ? sql`${input.at.toISOString()}::timestamptz` : sql`now()`;
  const [txRow] = await tx
    .insert(ledgerTransactions)
    .values({
      merchantId: input.merchantId,
      kind: input.kind,
      currency: input.currency,
      referenceType: input.referenceType,
      referenceId: input.referenceId,
      createdAt: at,
    })
    .returning({ id: ledgerTransactions.id });
  await insertEntries(
    tx,
    postings.map((p) => sql`(${txRow.id}, ${accounts.id(p.owner, p.type)}, ${input.currency}, ${p.amount}, ${at})`),
  );
  return txRow.id;
}

/**
 * Writes ledger entries, each `(transaction_id, account_id, currency, amount, created_at)`. Plain SQL
 * on purpose: balance_after is the posting trigger's to write (migration 0014), so the statement
 * names only the columns the caller gives; an insert of the query builder would name them all.
 */
async function insertEntries(tx: DbOrTx, values: SQL[]): Promise<void> {
  await tx.execute(
    sql`INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, created_at) VALUES ${sql.join(values, sql`, `)}`,
  );
}

/** The non-zero postings of a transaction, refused when there are none or they do not balance. */
function checkedPostings(input: LedgerTransactionInput): Posting[] {
  const postings = input.postings.filter((p) => p.amount !== 0);
  const total = postings.reduce((sum, p) => sum + p.amount, 0);
  if (!postings.length || total !== 0 || postings.some((p) => !Number.isSafeInteger(p.amount))) {
    throw new Error(
      `ledger transaction ${input.kind} ${input.referenceId} has no entries or does not balance (${total})`,
    );
  }
  return postings;
}

/**
 * Posts many balanced ledger transactions of ONE currency at once (a run of subscription charges):
 * the same rules and locks as postTransaction, its accounts locked once for all of them, written
 * with one statement for the transactions and one for their entries (in the inputs' order, each
 * transaction's entries in the caller's order). Each keeps its own reference, as if posted alone.
 */
export async function postTransactions(tx: DbOrTx, inputs: LedgerTransactionInput[]): Promise<void> {
  if (!inputs.length) return;
  if (!(tx instanceof PgTransaction)) throw new Error('postTransactions: call it inside a database transaction');
  const currency = inputs[0].currency;
  if (inputs.some((i) => i.currency !== currency)) throw new Error('postTransactions: one currency per call');
  const checked = inputs.map((input) => ({ input, postings: checkedPostings(input) }));
  const accounts = await lockAccounts(
    tx,
    currency,
    checked.flatMap((c) => c.postings),
  );
  const atOf = (input: LedgerTransactionInput) => (input.at ? sql`${input.at.toISOString()}::timestamptz` : sql`now()`);
  const key = (i: LedgerTransactionInput) => `${i.referenceType}|${i.referenceId}`;
  if (new Set(inputs.map(key)).size !== inputs.length)
    throw new Error('postTransactions: one transaction per reference');
  const rows = await tx
    .insert(ledgerTransactions)
    .values(
      checked.map(({ input }) => ({
        merchantId: input.merchantId,
        kind: input.kind,
        currency,
        referenceType: input.referenceType,
        referenceId: input.referenceId,
        createdAt: atOf(input),
      })),
    )
    .returning({
      id: ledgerTransactions.id,
      referenceType: ledgerTransactions.referenceType,
      referenceId: ledgerTransactions.referenceId,
    });
  const idOf = new Map(rows.map((r) => [`${r.referenceType}|${r.referenceId}`, r.id]));
  await insertEntries(
    tx,
    checked.flatMap(({ input, postings }) =>
      postings.map(
        (p) =>
          sql`(${idOf.get(key(input))}, ${accounts.id(p.owner, p.type)}, ${currency}, ${p.amount}, ${atOf(input)})`,
      ),
    ),
  );
}

function keyOf(owner: string, type: string): string {
  return `${owner}|${type}`;
}

/**
 * The ids of the accounts (keys owner|type, sorted), creating the missing ones. Takes no row lock:
 * creating an account can wait for another transaction creating the same one, and it must not hold
 * account locks then (the lock order would no longer be by id alone).
 */
async function accountIds(tx: DbOrTx, currency: string, keys: string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const split = keys.map((k) => k.split('|') as [string, string]);
  const find = async () =>
    new Map(
      (
        await tx
          .select({ id: ledgerAccounts.id, owner: ledgerAccounts.owner, type: ledgerAccounts.type })
          .from(ledgerAccounts)
          .where(
            and(
              eq(ledgerAccounts.currency, currency),
              sql`(${ledgerAccounts.owner}, ${ledgerAccounts.type}) IN (${sql.join(
                split.map(([owner, type]) => sql`(${owner}, ${type})`),
                sql`, `,
              )})`,
            ),
          )
      ).map((r) => [keyOf(r.owner, r.type), r.id]),
    );
  let ids = await find();
  if (ids.size < keys.length) {
    // First posting to an account: create it (sorted, so that two transactions creating the same
    // accounts insert them in one order too), then read the ids again.
    const missing = split.filter(([owner, type]) => !ids.has(keyOf(owner, type)));
    await tx
      .insert(ledgerAccounts)
      .values(missing.map(([owner, type]) => ({ owner, currency, type })))
      .onConflictDoNothing();
    ids = await find();
  }
  return ids;
}
