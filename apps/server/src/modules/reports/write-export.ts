import type { Writable } from 'node:stream';
import { DEFAULT_LOCALE } from '@mbo/contracts/locale';
import type { ExportFormat } from '@mbo/contracts/reports';
import type { Db } from '../../db/client';
import { readRequiredDateRange } from '../../lib/date-range';
import { copyCsvInto, copyCsvText, pgPoolOf, zoneAgrees } from './copy-csv';
import {
  chosenColumns,
  columnHeader,
  exportType,
  type ExportColumnDef,
  type ExportContext,
  type ExportParams,
  type ExportTypeDef,
} from './export-types';
import {
  CONTENT_TYPES,
  FILE_EXTENSIONS,
  csvHead,
  csvStreamWriter,
  writeChunk,
  xlsxStreamWriter,
  type ExportFileWriter,
} from './file-writers';

/** What to export: an export job's own fields (export_jobs.type, merchant_id, params, format). */
export interface ExportSpec {
  type: string;
  merchantId: string;
  params: ExportParams;
  format: ExportFormat;
}

export interface ExportProgress {
  processedRows: number;
  /** The rows the export will write, counted before the first one. */
  totalRows: number;
}

export interface WriteExportOptions {
  /**
   * Called with the total before the first row, then at most every `progressEveryMs` while rows are
   * written; awaited (the rows wait for it), so a job can record progress and beat its heartbeat here.
   */
  onProgress?: (progress: ExportProgress) => void | Promise<void>;
  progressEveryMs?: number;
  /** Rows per keyset batch when the rows are formatted in JS (default 2,000). */
  batchSize?: number;
  /** Never use `COPY … TO STDOUT` (tests compare both ways). */
  noCopy?: boolean;
}

export interface WrittenExport {
  rows: number;
  /** How the rows were written: by PostgreSQL's COPY (CSV on a PostgreSQL server) or formatted in JS. */
  method: 'copy' | 'rows';
  /** File name parts: `${fileLabel}_${stamp}.${extension}`. */
  fileLabel: string;
  extension: string;
  contentType: string;
}

/**
 * Writes one export file into `out` (a file or a storage upload stream) and ends it; the promise
 * settles when every byte has been flushed to `out`. Memory stays flat whatever the number of rows:
 * - CSV on a PostgreSQL server: `COPY (SELECT …) TO STDOUT (FORMAT csv)`, the cells formatted by
 *   PostgreSQL exactly as in JS (sql-cells.ts), piped with backpressure from the socket to `out`;
 * - otherwise (PGlite, XLSX, a time zone PostgreSQL reads differently): keyset batches formatted in
 *   JS, each written before the next is read.
 * On failure `out` is destroyed and the caller removes the partial file.
 */
export async function writeExport(
  db: Db,
  spec: ExportSpec,
  out: Writable,
  options: WriteExportOptions = {},
): Promise<WrittenExport> {
  const def = exportType(spec.type);
  if (!def) throw new Error(`Export type ${spec.type} is not available.`);
  const ctx: ExportContext = { timeZone: spec.params.timeZone };
  const columns = chosenColumns(def, spec.params.columns);
  const headers = columns.map((c) => columnHeader(def.type, c, ctx, spec.params.locale ?? DEFAULT_LOCALE));
  const totalRows = await def.count(db, spec.merchantId, spec.params);
  const progress = throttled(options, totalRows);
  await progress(0, true);
  const written = {
    fileLabel: def.fileLabel,
    extension: FILE_EXTENSIONS[spec.format],
    contentType: CONTENT_TYPES[spec.format],
  };
  try {
    const pool = options.noCopy || spec.format !== 'CSV' ? undefined : pgPoolOf(db);
    const source = def.source?.(spec.merchantId, spec.params);
    // One column: PostgreSQL would quote a lone "\." (its old end-of-data mark), which JS writes bare.
    if (
      pool &&
      source &&
      columns.length > 1 &&
      columns.every((c) => c.sql) &&
      (await zoneAgrees(pool, ctx.timeZone, sampleInstants(spec.params)))
    ) {
      await writeChunk(out, csvHead(headers));
      const rows = await copyCsvInto(pool, copyCsvText(source, columns, ctx), out, (n) => progress(n, false));
      await progress(rows, true);
      return { rows, method: 'copy', ...written };
    }
    const writer =
      spec.format === 'CSV'
        ? csvStreamWriter(
            out,
            headers,
            columns.map((c) => c.kind),
          )
        : xlsxStreamWriter(
            out,
            headers,
            columns.map((c) => c.kind),
            def.fileLabel,
          );
    const rows = await writeRows(db, def, spec, columns, ctx, writer, options.batchSize ?? 2000, progress);
    return { rows, method: 'rows', ...written };
  } catch (err) {
    out.destroy();
    throw err;
  }
}

async function writeRows(
  db: Db,
  def: ExportTypeDef,
  spec: ExportSpec,
  columns: ExportColumnDef<Record<string, unknown>>[],
  ctx: ExportContext,
  writer: ExportFileWriter,
  batchSize: number,
  progress: (rows: number, force: boolean) => Promise<void>,
): Promise<number> {
  let rows = 0;
  for await (const batch of def.batches(db, spec.merchantId, spec.params, batchSize)) {
    await writer.writeRows(batch.map((row) => columns.map((c) => c.value(row, ctx))));
    rows += batch.length;
    await progress(rows, false);
  }
  await writer.finish();
  await progress(rows, true);
  return rows;
}

/** The progress callback, called at most every progressEveryMs (default 1 s) unless forced. */
function throttled(options: WriteExportOptions, totalRows: number) {
  const every = options.progressEveryMs ?? 1000;
  let last = -Infinity;
  return async (processedRows: number, force: boolean) => {
    if (!options.onProgress || (!force && performance.now() - last < every)) return;
    last = performance.now();
    await options.onProgress({ processedRows, totalRows });
  };
}

const SIX_HOURS = 6 * 3600_000;

/**
 * Instants every six hours across the export's range (at most a year: 1,465), at which PostgreSQL's
 * zone data must agree with Node's: a DST change moved by a law one of them does not know yet shows.
 */
function sampleInstants(params: ExportParams): Date[] {
  const range = readRequiredDateRange(params.createdFrom, params.createdTo);
  const from = range.from.at.getTime();
  const to = range.to.at.getTime();
  const instants = [new Date(to)];
  for (let at = from; at < to && instants.length < 2000; at += SIX_HOURS) instants.push(new Date(at));
  return instants;
}
