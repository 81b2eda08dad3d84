import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { computed, typedRows, type RowField, type RowOf } from '../../db/typed-rows';

/** Where a batch ended: created_at as PostgreSQL text (microseconds kept, unlike a JS Date) and the id as text. */
export interface KeysetCursor {
  cursorTs: string;
  id: string;
}

export interface KeysetQuery {
  /** The SELECT list, its result names the shape's keys; must include `<alias>.id AS id`, nothing named cursor_ts. */
  columns: SQL;
  /** FROM and joins: the refunds export names its refunds joined with their payments. */
  from: SQL;
  /** The list's own WHERE (scoped to the merchant). */
  where: SQL;
  /** The created_at and id columns of the row, e.g. sql`r.created_at`, sql`r.id`. */
  createdAt: SQL;
  id: SQL;
}

/** The batch query's created_at as PostgreSQL text: the cursor, read as it is. */
const CURSOR = { cursor_ts: computed(String) };

/**
 * Rows newest first in batches by keyset pagination on (created_at, id): each batch is one indexed
 * query from the cursor, on PGlite and PostgreSQL alike, and only one batch is held at a time. The
 * order spells the lists' indexes' NULLS LAST (both columns are NOT NULL, so the order is the same),
 * so each batch walks the index from the cursor instead of sorting every remaining row. The rows are
 * typed and decoded by `shape` (typedRows), whose keys are the result names of `q.columns`.
 */
export async function* keysetBatches<S extends Record<string, RowField> & { id: RowField }>(
  db: DbOrTx,
  shape: S,
  q: KeysetQuery,
  batchSize: number,
): AsyncGenerator<RowOf<S>[]> {
  const withCursor = { ...shape, ...CURSOR };
  let cursor: KeysetCursor | null = null;
  for (;;) {
    const after: SQL = cursor
      ? sql` AND (${q.createdAt}, ${q.id}) < (${cursor.cursorTs}::timestamptz, ${cursor.id})`
      : sql``;
    const rows = await typedRows(
      db,
      withCursor,
      sql`
      SELECT ${q.columns}, ${q.createdAt}::text AS cursor_ts FROM ${q.from}
       WHERE ${q.where}${after}
       ORDER BY ${q.createdAt} DESC NULLS LAST, ${q.id} DESC NULLS LAST LIMIT ${batchSize}`,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    // Both read as text: cursor_ts is already (computed(String)); an id of mode number as PostgreSQL writes it.
    const last: Record<string, unknown> = rows[rows.length - 1];
    cursor = { cursorTs: String(last.cursor_ts), id: String(last.id) };
  }
}

/** The number of rows of a list's WHERE. */
export async function countRows(db: DbOrTx, from: SQL, where: SQL): Promise<number> {
  const rows = await typedRows(db, { n: computed(Number) }, sql`SELECT count(*) AS n FROM ${from} WHERE ${where}`);
  return rows[0]?.n ?? 0;
}
