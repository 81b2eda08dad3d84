import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * What one column of a raw query's result is, for the query builder's own typing where plain SQL is
 * clearer (laterals, recursive CTEs, row comparisons an index needs): a column of the schema (its
 * type, nullability and decoding: a bigint of mode number arrives as a number), or `computed(fn)`
 * for an expression the schema does not know (a sum, a count), decoded by fn.
 */
export type RowField = PgColumn | Computed<unknown>;

export interface Computed<T> {
  readonly decode: (value: unknown) => T;
  /** May be null (an outer join, an aggregate over no rows): null is kept as null, not decoded. */
  readonly nullable: boolean;
}

/** An expression's value, decoded by `decode` (Number for sums and counts, which arrive as text). */
export function computed<T>(decode: (value: unknown) => T): Computed<T> {
  return { decode, nullable: false };
}

/** The same as `computed`, when the value may be null. */
export function computedOrNull<T>(decode: (value: unknown) => T): Computed<T | null> {
  return { decode: decode as (value: unknown) => T | null, nullable: true };
}

/** A column made nullable (the table's side of an outer join). */
export function orNull<C extends PgColumn>(column: C): Computed<C['_']['data'] | null> {
  return { decode: (value) => column.mapFromDriverValue(value), nullable: true };
}

type FieldValue<F> = F extends PgColumn
  ? F['_']['notNull'] extends true
    ? F['_']['data']
    : F['_']['data'] | null
  : F extends Computed<infer T>
    ? T
    : never;

/** The row type of a shape: each key's type from its column (or its decoder). */
export type RowOf<S extends Record<string, RowField>> = { [K in keyof S]: FieldValue<S[K]> };

function isColumn(field: RowField): field is PgColumn {
  return !('decode' in field);
}

/**
 * Runs a raw query whose result columns are named as the keys of `shape`, and returns its rows typed
 * and decoded from the schema: the row type is never written by hand, and a bigint of mode number or a
 * timestamp reads as the query builder would read it, whichever driver ran the query.
 */
export async function typedRows<S extends Record<string, RowField>>(
  db: DbOrTx,
  shape: S,
  query: SQL,
): Promise<RowOf<S>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const entries = Object.entries(shape);
  return result.rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, field] of entries) {
      const value = raw[key];
      if (value === null || value === undefined) {
        if (isColumn(field) ? field.notNull : !field.nullable)
          throw new Error(`typedRows: column ${key} is null, but its shape says it never is`);
        row[key] = null;
      } else {
        row[key] = isColumn(field) ? field.mapFromDriverValue(value) : field.decode(value);
      }
    }
    return row as RowOf<S>;
  });
}
