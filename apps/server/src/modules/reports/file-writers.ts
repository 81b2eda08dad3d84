import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '@mbo/contracts/reports';
import type { AttachmentType } from '../../lib/attachment';
import { csvRecord, csvRecords } from '../../lib/csv';
import { neutraliseFormula } from './cell-format';
import type { CellKind } from './export-types';

/** Writes an export file row by row; nothing but the current batch is held in memory. */
export interface ExportFileWriter {
  /** Appends rows (cells as the columns' text); resolves when the stream can take more. */
  writeRows(rows: readonly string[][]): Promise<void>;
  /** Flushes and closes the file. */
  finish(): Promise<void>;
  /** Closes the file after a failure. */
  abort(): Promise<void>;
}

export const FILE_EXTENSIONS: Record<ExportFormat, string> = { CSV: 'csv', XLSX: 'xlsx' };
export const CONTENT_TYPES: Record<ExportFormat, AttachmentType> = {
  CSV: 'text/csv; charset=utf-8',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Text cells are neutralised; money and counts are ours, never user input. */
function safeCells(cells: readonly string[], kinds: readonly CellKind[]): string[] {
  return cells.map((cell, i) => (kinds[i] === 'text' ? neutraliseFormula(cell) : cell));
}

/** Writes a chunk and waits for the stream's buffer to empty when it is full (backpressure). */
export async function writeChunk(out: Writable, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Ends the stream and waits until everything written has been flushed (or it failed). */
export async function endStream(out: Writable): Promise<void> {
  await finished(out.end() as Writable);
}

/** The first bytes of every CSV export: a UTF-8 BOM (spreadsheet apps then read the accents) and the header. */
export function csvHead(headers: readonly string[]): string {
  return `\uFEFF${csvRecord(headers.map(neutraliseFormula))}`;
}

/** CSV per RFC 4180 (CRLF, quoted fields), UTF-8 with a BOM, into any writable stream (a file, a storage upload). */
export function csvStreamWriter(
  out: Writable,
  headers: readonly string[],
  kinds: readonly CellKind[],
): ExportFileWriter {
  let ready = writeChunk(out, csvHead(headers));
  return {
    async writeRows(rows) {
      await ready;
      ready = writeChunk(out, csvRecords(rows.map((row) => safeCells(row, kinds))));
      await ready;
    },
    async finish() {
      await ready;
      await endStream(out);
    },
    async abort() {
      out.destroy();
    },
  };
}

/**
 * XLSX through exceljs' streaming WorkbookWriter (public API): each row is committed to the zip as it
 * comes and only the current batch is held. The zip is piped into `out` with backpressure; after each
 * batch the writer waits until `out` has room again (a slow disk or upload pauses the rows) and
 * yields to the event loop so the deflate stream keeps pace with the rows.
 */
export function xlsxStreamWriter(
  out: Writable,
  headers: readonly string[],
  kinds: readonly CellKind[],
  sheetName: string,
): ExportFileWriter {
  // Fast deflate (level 1): the zip keeps pace with the rows, so little waits in its buffers.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = headers.map((header, i) => ({
    header: neutraliseFormula(header),
    width: Math.min(Math.max(header.length + 2, kinds[i] === 'datetime' ? 20 : 12), 40),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const numFmts = new Map<number, string>();
  const moneyFormat = (decimals: number) => {
    let format = numFmts.get(decimals);
    if (!format) numFmts.set(decimals, (format = `0.${'0'.repeat(decimals)}`));
    return format;
  };
  return {
    async writeRows(rows) {
      for (const row of rows) {
        const values = row.map((cell, i) => {
          const kind = kinds[i];
          if ((kind === 'money' || kind === 'integer') && cell !== '') return Number(cell);
          return kind === 'text' ? neutraliseFormula(cell) : cell;
        });
        const added = sheet.addRow(values);
        row.forEach((cell, i) => {
          const dot = cell.indexOf('.');
          if (kinds[i] === 'money' && dot >= 0) added.getCell(i + 1).numFmt = moneyFormat(cell.length - dot - 1);
        });
        added.commit();
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
    async abort() {
      out.destroy();
    },
  };
}
