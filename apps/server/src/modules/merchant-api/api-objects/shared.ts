import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { rowsOf } from '../../../db/client';

export type When = string | Date;
export type Num = string | number;

/** The first row of a query, or null. */
export async function firstRow<T>(db: DbOrTx, query: SQL): Promise<T | null> {
  return rowsOf<T>(await db.execute(query))[0] ?? null;
}

/** A card's BIN and last 4, or null for a method without a card. */
export const cardOf = (bin: string | null, last4: string | null) =>
  bin === null && last4 === null ? null : { bin, last4 };
