import fs from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '@mbo/contracts/reports';
import { csvRecord, neutraliseFormula } from './cell-format';
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
export const CONTENT_TYPES: Record<ExportFormat, string> = {
  CSV: 'text/csv; charset=utf-8',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Text cells are neutralised; money and counts are ours, never user input. */
function safeCells(cells: readonly string[], kinds: readonly CellKind[]): string[] {
  return cells.map((cell, i) => (kinds[i] === 'text' ? neutraliseFormula(cell) : cell));
}

/** CSV per RFC 4180 (CRLF, quoted fields), UTF-8 with a BOM so spreadsheet apps read the accents. */
export function createCsvWriter(filePath: string, headers: readonly string[], kinds: readonly CellKind[]): ExportFileWriter {
  const stream = fs.createWriteStream(filePath, { encoding: 'utf8' });
  const write = async (chunk: string) => {
    if (!stream.write(chunk)) await once(stream, 'drain');
  };
  let ready = write(`\uFEFF${csvRecord(headers.map(neutraliseFormula))}`);
  return {
    async writeRows(rows) {
      await ready;
      ready = write(rows.map((row) => csvRecord(safeCells(row, kinds))).join(''));
      await ready;
    },
    async finish() {
      await ready;
      stream.end();
      await once(stream, 'finish');
    },
    async abort() {
      stream.destroy();
    },
  };
}

interface Buffered {
  buffers?: unknown[];
  pipes?: Buffered[];
  _writableState?: { length: number };
  _readableState?: { length: number };
  writableLength?: number;
}

/** Bytes (or 64 kB chunks) exceljs holds for the sheet, the zip and the file; internal fields, read defensively. */
function backlog(workbook: unknown, sheet: unknown): number {
  const sheetStream = (sheet as { stream?: Buffered }).stream;
  const zip = (workbook as { zip?: Buffered }).zip;
  const file = (workbook as { stream?: Buffered }).stream;
  const deflating = (sheetStream?.pipes ?? []).reduce((sum, pipe) => sum + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0), 0);
  return (sheetStream?.buffers?.length ?? 0) * 65536 + deflating + (zip?._readableState?.length ?? 0) + (file?.writableLength ?? 0);
}

/**
 * exceljs' streaming writer has no backpressure: rows pile up in memory when the zip and the disk are
 * slower than the database. Wait (bounded) until its buffers are below 1 MB before the next batch.
 */
async function drained(workbook: unknown, sheet: unknown): Promise<void> {
  const until = Date.now() + 10_000;
  await new Promise((resolve) => setImmediate(resolve));
  while (backlog(workbook, sheet) > 1024 * 1024 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** XLSX through exceljs' streaming WorkbookWriter: each row is committed to the zip as it comes. */
export function createXlsxWriter(filePath: string, headers: readonly string[], kinds: readonly CellKind[], sheetName: string): ExportFileWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: filePath, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = headers.map((header, i) => ({
    header: neutraliseFormula(header),
    width: Math.min(Math.max(header.length + 2, kinds[i] === 'datetime' ? 20 : 12), 40),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
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
          if (kinds[i] === 'money' && cell.includes('.')) added.getCell(i + 1).numFmt = `0.${'0'.repeat(cell.split('.')[1].length)}`;
        });
        added.commit();
      }
      await drained(workbook, sheet);
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
    async abort() {
      try {
        await workbook.commit();
      } catch {
        // The partial file is discarded by the caller.
      }
    },
  };
}
