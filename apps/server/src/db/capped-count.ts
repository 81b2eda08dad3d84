import { sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT } from '@mbo/contracts/payments';
import type { DbOrTx } from './client';
import { computed, typedRows } from './typed-rows';

/** @reads payments (tables other modules own: db/table-owners.ts) */

/** A planner estimate this far above EXACT_COUNT_LIMIT is taken as "above the limit" without counting. */
const TRUSTED_ESTIMATE = 5 * EXACT_COUNT_LIMIT;

export interface CappedCount {
  total: number;
  /** False: an estimate above EXACT_COUNT_LIMIT. */
  exact: boolean;
}

/**
 * How many rows a list's filters match (the payments and balance transactions lists): exact up to
 * EXACT_COUNT_LIMIT, else the planner's estimate (never below the limit + 1). Counting a million rows
 * exactly would take a list far past its 50 ms budget. The estimate comes first (planning only, no
 * rows read): when it is five times the limit or more, the list shows it and counts nothing.
 * Otherwise a capped count stops at the limit + 1: one index-only scan of `matching`, or, when the
 * filters are better answered as alternatives (each its own indexed SELECT of an `id` column, e.g.
 * a keyword's id, order no and email prefix), one capped scan per alternative and their UNION.
 *
 * @param matching a SELECT of the matching rows, e.g. sql`SELECT 1 FROM payments WHERE …`
 * @param alternatives SELECTs of `id` whose union is the matching rows (they may overlap)
 */
export async function cappedCount(db: DbOrTx, matching: SQL, alternatives: SQL[] = []): Promise<CappedCount> {
  const estimate = await estimateRows(db, matching);
  if (estimate >= TRUSTED_ESTIMATE) return { total: estimate, exact: false };
  const cap = EXACT_COUNT_LIMIT + 1;
  const capped = alternatives.length
    ? sql`SELECT count(*) AS n FROM (SELECT id FROM (${sql.join(
        alternatives.map((a) => sql`(${a} LIMIT ${cap})`),
        sql` UNION `,
      )}) u LIMIT ${cap}) s`
    : sql`SELECT count(*) AS n FROM (${matching} LIMIT ${cap}) s`;
  const [row] = await typedRows(db, { n: computed(Number) }, capped);
  const n = row?.n ?? 0;
  if (n <= EXACT_COUNT_LIMIT) return { total: n, exact: true };
  return { total: Math.max(estimate, cap), exact: false };
}

/** The planner's estimate of a query's rows (EXPLAIN, nothing run). */
export async function estimateRows(db: DbOrTx, query: SQL): Promise<number> {
  const [row] = await typedRows(db, { 'QUERY PLAN': computed((value) => value) }, sql`EXPLAIN (FORMAT JSON) ${query}`);
  const raw = row ? row['QUERY PLAN'] : null;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | null;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}
