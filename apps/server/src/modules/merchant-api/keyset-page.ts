import { sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { ApiList, ApiPageQuery } from '@mbo/contracts/merchant-api';
import type { Db } from '../../db/client';
import { computed, typedRows, type RowField, type RowOf } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { createdRangeConditions } from '../../lib/date-range';

/** One list of the API: its table, the object's columns and mapper, and how its merchant index orders. */
export interface KeysetSource<S extends Record<string, RowField>, T> {
  /** The FROM (a table, or a join). */
  from: SQL;
  /** The table's alias in `from` with its dot ('r.'), or '' for a plain table. */
  alias: string;
  columns: SQL;
  /** The row `columns` select, typed and decoded by the schema (typed-rows.ts). */
  shape: S;
  map: (row: RowOf<S>) => T;
  /**
   * The null order of the merchant's (merchant_id, created_at DESC, id DESC) index, spelled in the
   * ORDER BY so PostgreSQL walks the index instead of sorting: payments and refunds were indexed
   * NULLS LAST (migration 0003), the later tables with the default (NULLS FIRST).
   */
  nulls: 'NULLS LAST' | 'NULLS FIRST';
}

/**
 * A page of a list, newest first, by keyset on (created_at, id): the page after `starting_after` is
 * `(created_at, id) < (its created_at, its id)`, which the merchant's index answers directly however
 * deep the page is (no OFFSET). The cursor's time is read as text and compared in the database, so
 * microseconds are kept (a JavaScript Date would round them and skip or repeat rows). `limit + 1`
 * rows tell whether more follow. A cursor that is not an object of this merchant's list is a 400.
 */
export async function keysetPage<S extends Record<string, RowField>, T extends { id: string }>(
  db: Db,
  merchantId: string,
  source: KeysetSource<S, T>,
  query: ApiPageQuery,
  filters: SQL[],
): Promise<ApiList<T>> {
  const a = sql.raw(source.alias);
  const where: SQL[] = [sql`${a}merchant_id = ${merchantId}`, ...filters];
  // The range is read by lib/date-range.ts: the years 1 to 9999, normalised and clamped.
  where.push(...createdRangeConditions(sql`${a}created_at`, query));
  if (query.starting_after !== undefined) {
    const [cursor] = await typedRows(
      db,
      { at: computed(String) },
      sql`SELECT ${a}created_at::text AS at FROM ${source.from} WHERE ${a}id = ${query.starting_after} AND ${a}merchant_id = ${merchantId}`,
    );
    if (!cursor) {
      const message = 'must be the id of an object of this list';
      throw new AppError(ERROR_CODES.INVALID_REQUEST, {
        msg: `Invalid request: starting_after ${message}.`,
        data: { fields: [{ field: 'starting_after', message }] },
      });
    }
    where.push(sql`(${a}created_at, ${a}id) < (${cursor.at}::timestamptz, ${query.starting_after})`);
  }
  const nulls = sql.raw(source.nulls);
  const rows = await typedRows(
    db,
    source.shape,
    sql`
      SELECT ${source.columns} FROM ${source.from} WHERE ${sql.join(where, sql` AND `)}
       ORDER BY ${a}created_at DESC ${nulls}, ${a}id DESC ${nulls} LIMIT ${query.limit + 1}`,
  );
  const hasMore = rows.length > query.limit;
  // The objects' ids are their rows' ids: the last one is the next page's cursor.
  const data = (hasMore ? rows.slice(0, query.limit) : rows).map(source.map);
  return { object: 'list', data, hasMore, nextCursor: hasMore ? data[data.length - 1].id : null };
}
