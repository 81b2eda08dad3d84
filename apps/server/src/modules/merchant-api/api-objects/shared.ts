import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { typedRows, type RowField, type RowOf } from '../../../db/typed-rows';

/** The first row of a query, typed and decoded by `shape` (typed-rows.ts), or null. */
export async function firstRow<S extends Record<string, RowField>>(
  db: DbOrTx,
  shape: S,
  query: SQL,
): Promise<RowOf<S> | null> {
  return (await typedRows(db, shape, query))[0] ?? null;
}

/** A card's BIN and last 4, or null for a method without a card. */
export const cardOf = (bin: string | null, last4: string | null) =>
  bin === null && last4 === null ? null : { bin, last4 };
