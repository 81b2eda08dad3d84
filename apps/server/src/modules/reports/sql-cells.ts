import { sql, type SQL } from 'drizzle-orm';
import { CURRENCY_EXPONENTS } from '@mbo/contracts/money';
import type { CellKind, ExportContext } from './export-types';

/**
 * Export cells computed by PostgreSQL, the exact text lib/zoned-time.ts and money.ts write in JS, so
 * that `COPY (SELECT …) TO STDOUT (FORMAT csv)` writes the file itself. Every cell is NULL where JS
 * writes an empty field: PostgreSQL's CSV writes NULL as an empty unquoted field (and would quote an
 * empty string).
 */

/** A text cell: neutraliseFormula (a leading = + - @ TAB or CR gets a single quote). */
export function textCellSql(value: SQL): SQL {
  return sql`(CASE WHEN left(${value}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${value} ELSE NULLIF(${value}, '') END)`;
}

/**
 * One minor unit of a currency as a numeric literal (0.01 for EUR, 1 for JPY, 0.001 for KWD), from
 * money.ts's table: minor units × it is the exact major-unit text formatAmount writes ("10.50",
 * "-0.05", "1050"). An unknown currency fails the export, as formatAmount throws: the cast of the
 * message to numeric raises "invalid input syntax for type numeric: \"XYZ is not a known currency\"".
 */
function minorUnitSql(currency: SQL): SQL {
  const byExponent = new Map<number, string[]>();
  for (const [code, exponent] of Object.entries(CURRENCY_EXPONENTS))
    byExponent.set(exponent, [...(byExponent.get(exponent) ?? []), code]);
  const branches = [...byExponent].map(([exponent, codes]) => {
    const unit = exponent === 0 ? '1' : `0.${'0'.repeat(exponent - 1)}1`;
    return sql`WHEN ${currency} IN (${sql.raw(codes.map((c) => `'${c}'`).join(', '))}) THEN ${sql.raw(unit)}`;
  });
  return sql`(CASE ${sql.join(branches, sql` `)} ELSE (${currency} || ' is not a known currency')::numeric END)`;
}

/** A money cell: minor units as formatAmount's major-unit decimal text. */
export function moneyCellSql(minor: SQL, currency: SQL): SQL {
  return sql`((${minor})::numeric * ${minorUnitSql(currency)})::text`;
}

/** A time cell: formatInZone's "YYYY-MM-DD HH:mm:ss" wall-clock time of the zone (seconds truncated). */
export function dateTimeCellSql(at: SQL, timeZone: string): SQL {
  return sql`to_char((${at}) AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
}

/** The cell of a column's raw SQL value, by its kind. */
export function cellSql(kind: CellKind, value: SQL, ctx: ExportContext, currency: SQL): SQL {
  switch (kind) {
    case 'text':
      return textCellSql(value);
    case 'money':
      return moneyCellSql(value, currency);
    case 'datetime':
      return dateTimeCellSql(value, ctx.timeZone);
    case 'integer':
      return sql`(${value})::text`;
  }
}
