import type { z } from 'zod';
import type { SQL } from 'drizzle-orm';
import type { ExportColumn } from '@mbo/contracts/reports';
import type { DbOrTx } from '../../db/client';
import { t, type Locale } from '../../lib/i18n/i18n';

/** What a column's value is: money and counts are written as numbers in XLSX; text is neutralised. */
export type CellKind = 'text' | 'money' | 'integer' | 'datetime';

export interface ExportContext {
  timeZone: string;
}

export interface ExportColumnDef<Row> extends ExportColumn {
  kind: CellKind;
  /** The cell's text (money as major-unit decimal text, times already in the zone). */
  value(row: Row, ctx: ExportContext): string;
  /**
   * The same cell's raw value as SQL over the type's `source` (text, minor units, or a timestamptz),
   * which sql-cells.ts formats exactly like `value`: PostgreSQL then writes the CSV itself
   * (`COPY … TO STDOUT`). A column without it makes the export format its rows in JS.
   */
  sql?: SQL;
}

/** The rows of an export as one SELECT: what `COPY (SELECT …) TO STDOUT` reads. */
export interface ExportSource {
  /** FROM and joins: the refunds export names its refunds joined with their payments. */
  from: SQL;
  /** The list's own WHERE (scoped to the merchant) with the export's date range. */
  where: SQL;
  /** The newest-first order (the list's index order). */
  orderBy: SQL;
  /** The currency of a row's money columns. */
  currency: SQL;
}

/** The validated parameters of one export, as stored in export_jobs.params. */
export interface ExportParams {
  createdFrom: string;
  createdTo: string;
  timeZone: string;
  filters: Record<string, unknown>;
  columns: string[];
  /**
   * The language of the headers: the one of the user who asked for the export (a scheduled run's: its creator's).
   * Absent in exports queued before headers followed the language: English.
   */
  locale?: Locale;
}

/**
 * An export type. A module adds one with `registerExportType` and nothing else: the routes, the
 * runner, the file writers and the web page work from this description.
 */
export interface ExportTypeDef<Row = Record<string, unknown>> {
  type: string;
  /** File names start with it: payments_20261122_140305.csv. */
  fileLabel: string;
  /** A code the role must grant besides API_REPORT_EXPORT (e.g. a page's code). */
  permission?: string;
  /** A menu (page) the user must see besides API_REPORT_EXPORT: the exported list's own, e.g. '/account/balance'. */
  menu?: string;
  /** The list's filters, without the date range. */
  filtersSchema: z.ZodType<Record<string, unknown>>;
  columns: ExportColumnDef<Row>[];
  /** The rows' count for the progress bar. */
  count(db: DbOrTx, merchantId: string, params: ExportParams): Promise<number>;
  /** The rows in order, in batches (keyset pagination): memory stays flat whatever the count. */
  batches(db: DbOrTx, merchantId: string, params: ExportParams, batchSize: number): AsyncGenerator<Row[]>;
  /** The same rows as one SELECT, for `COPY … TO STDOUT` on a PostgreSQL server (with the columns' `sql`). */
  source?(merchantId: string, params: ExportParams): ExportSource;
}

const registry = new Map<string, ExportTypeDef>();

export function registerExportType<Row>(def: ExportTypeDef<Row>): void {
  registry.set(def.type, def as unknown as ExportTypeDef);
}

export function exportType(type: string): ExportTypeDef | undefined {
  return registry.get(type);
}

export function registeredExportTypes(): string[] {
  return [...registry.keys()];
}

/** The columns an export writes: the chosen keys in order, or the defaults. */
export function chosenColumns<Row>(def: ExportTypeDef<Row>, keys: readonly string[]): ExportColumnDef<Row>[] {
  if (keys.length === 0) return def.columns.filter((c) => c.default);
  const byKey = new Map(def.columns.map((c) => [c.key, c]));
  return keys.map((k) => byKey.get(k)).filter((c): c is ExportColumnDef<Row> => c !== undefined);
}

/**
 * A column's name in a language: `columns.<type>.<key>` of the server's `exports` namespace
 * (lib/i18n/locales/<lng>/exports.json), whose English is the definition's label.
 */
export function columnLabel(type: string, column: ExportColumn, locale: Locale): string {
  return t(`exports:columns.${type}.${column.key}`, locale, { defaultValue: column.label });
}

/**
 * The header of a column in the export's language; times name their zone, e.g. "Created at (Europe/Amsterdam)",
 * "创建时间（Europe/Amsterdam）". Only the headers follow the language: the cells' codes (statuses, types) stay the
 * API's codes in every language, so a file reads the same to a script whoever exported it.
 */
export function columnHeader(
  type: string,
  column: ExportColumn & { kind: CellKind },
  ctx: ExportContext,
  locale: Locale,
): string {
  const label = columnLabel(type, column, locale);
  return column.kind === 'datetime' ? t('exports:zoned', locale, { label, zone: ctx.timeZone }) : label;
}
