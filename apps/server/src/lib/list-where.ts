import { sql, type SQL } from 'drizzle-orm';
import { createdRangeConditions } from './date-range';

/** The filters every money list shares (refunds, disputes, withdrawals, payouts). */
export interface MoneyListFilters {
  createdFrom?: string;
  createdTo?: string;
  status?: readonly string[];
  currency?: string;
  amountMin?: number;
  amountMax?: number;
}

/** Text a user typed, as a LIKE pattern's literal part: its `\`, `%` and `_` match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE pattern of a typed prefix, lower-cased (compare with `lower(column)`). */
export function likePrefix(text: string): string {
  return `${escapeLike(text.toLowerCase())}%`;
}

/** `column IN (values…)`, each value a parameter. */
export function inList(column: SQL, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/**
 * The WHERE of a money list over the table aliased `alias` (its merchant_id, created_at, status, currency
 * and amount columns): always the merchant, then each shared filter given, then the list's own
 * conditions (an undefined one is skipped), joined with AND.
 */
export function moneyListWhere(
  alias: string,
  merchantId: string,
  f: MoneyListFilters,
  own: (SQL | undefined)[] = [],
): SQL {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const where: (SQL | undefined)[] = [
    sql`${col('merchant_id')} = ${merchantId}`,
    ...createdRangeConditions(col('created_at'), f),
    f.status?.length ? inList(col('status'), f.status) : undefined,
    f.currency ? sql`${col('currency')} = ${f.currency}` : undefined,
    f.amountMin !== undefined ? sql`${col('amount')} >= ${f.amountMin}` : undefined,
    f.amountMax !== undefined ? sql`${col('amount')} <= ${f.amountMax}` : undefined,
    ...own,
  ];
  return sql.join(
    where.filter((c): c is SQL => c !== undefined),
    sql` AND `,
  );
}
