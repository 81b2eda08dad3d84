/**
 * A batch payout file: read from a multipart upload (one `file`, at most 5 MB), told CSV or XLSX by
 * its content (an XLSX is a ZIP; a CSV is UTF-8 text without NUL bytes; anything else is refused
 * naming what it is), and parsed as a stream by csv-parse or exceljs' streaming reader into rows of
 * text, at most 10,000. A cell's formula is never evaluated: it is read as its text ("=…"), which
 * the row rules refuse. Headers are the template's keys or labels, in any order and case.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import {
  PAYOUT_LIMITS,
  PAYOUT_ROW_FIELDS,
  PAYOUT_ROW_LABELS,
  type PayoutRowField,
  type PayoutRowInput,
} from '@mbo/contracts/payout-rows';
import { AppError } from '../../lib/app-error';
import { describeRefusedFile, evidenceContentType } from '../../lib/sniff-content-type';

export const BATCH_MULTIPART_LIMITS = {
  fileSize: PAYOUT_LIMITS.maxFileBytes + 1,
  files: 1,
  fields: 2,
  fieldSize: 200,
  parts: 3,
  headerPairs: 100,
};
const REQUIRED: readonly PayoutRowField[] = [
  'beneficiaryName',
  'country',
  'currency',
  'amount',
  'method',
  'accountNumber',
  'purpose',
];

const refused = (msg: string) => new AppError(ERROR_CODES.PAYOUT_FILE_REFUSED, { msg });

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
  hash: string;
}

/** Reads the one file of the upload, refusing more than 5 MB as it streams in. */
export async function readBatchUpload(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart())
    throw new AppError(ERROR_CODES.INVALID_REQUEST, {
      msg: 'Invalid request: send the file as multipart/form-data in the field named file.',
    });
  try {
    const parts: AsyncIterableIterator<Multipart> = request.parts({ limits: BATCH_MULTIPART_LIMITS });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file')
        throw new AppError(ERROR_CODES.INVALID_REQUEST, {
          msg: 'Invalid request: send the file in the field named file.',
        });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > PAYOUT_LIMITS.maxFileBytes) throw tooLarge();
        chunks.push(chunk);
      }
      const bytes = Buffer.concat(chunks);
      if (!bytes.length) throw refused('The file is empty.');
      const name =
        (part.filename ?? '')
          .split(/[\\/]/)
          .pop()
          // eslint-disable-next-line no-control-regex -- control characters are what is removed
          ?.replace(/[\u0000-\u001f\u007f]/g, '')
          .slice(0, 200) || 'payouts';
      return { fileName: name, bytes, hash: createHash('sha256').update(bytes).digest('hex') };
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (err instanceof AppError) throw err;
    throw new AppError(ERROR_CODES.INVALID_REQUEST, { msg: 'Invalid request: the multipart body could not be read.' });
  }
  throw new AppError(ERROR_CODES.INVALID_REQUEST, {
    msg: 'Invalid request: the file is missing: send it in the field named file.',
  });
}

function tooLarge(): AppError {
  return refused(
    `The file is larger than ${PAYOUT_LIMITS.maxFileBytes / 1024 / 1024} MB. Split it into smaller batches.`,
  );
}

/** CSV or XLSX by content, or a refusal naming what the file is. */
export function batchFileType(bytes: Buffer): 'CSV' | 'XLSX' {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'XLSX';
  const head = bytes.subarray(0, 8);
  const known = evidenceContentType(head);
  if (known)
    throw refused(
      `Upload a CSV or XLSX file; this file is a ${known === 'application/pdf' ? 'PDF' : known === 'image/png' ? 'PNG image' : 'JPEG image'}.`,
    );
  if (bytes.subarray(0, 64 * 1024).includes(0))
    throw refused(
      `Upload a CSV or XLSX file; this file is ${describeRefusedFile(head) === 'empty' ? 'empty' : 'not text (it holds binary data)'}.`,
    );
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refused('Upload a CSV file in UTF-8 (or an XLSX file); this file is text in another encoding.');
  }
  const text = bytes.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  if (text.startsWith('<')) throw refused(`Upload a CSV or XLSX file; this file is ${describeRefusedFile(head)}.`);
  return 'CSV';
}

/**
 * Maps a header cell to its field: the key ("beneficiaryName") or the label ("Beneficiary name"), any case and spacing.
 */
function fieldOf(header: string): PayoutRowField | null {
  const norm = header
    .replace(/^\ufeff/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return (
    PAYOUT_ROW_FIELDS.find(
      (f) => f.toLowerCase() === norm || PAYOUT_ROW_LABELS[f].toLowerCase().replace(/[^a-z0-9]/g, '') === norm,
    ) ?? null
  );
}

function mapHeader(headers: string[]): (PayoutRowField | null)[] {
  const fields = headers.map((h) => fieldOf(String(h ?? '')));
  const missing = REQUIRED.filter((f) => !fields.includes(f));
  if (missing.length) {
    throw refused(
      `The file lacks the template's columns: ${missing.map((f) => PAYOUT_ROW_LABELS[f]).join(', ')}. Download the template and keep its first row.`,
    );
  }
  return fields;
}

function toRow(fields: (PayoutRowField | null)[], cells: string[]): PayoutRowInput {
  const row = Object.fromEntries(PAYOUT_ROW_FIELDS.map((f) => [f, ''])) as PayoutRowInput;
  fields.forEach((f, i) => {
    if (f)
      row[f] = String(cells[i] ?? '')
        .trim()
        .slice(0, 100);
  });
  return row;
}

const tooManyRows = () =>
  refused(
    `The file has more than ${PAYOUT_LIMITS.maxRows.toLocaleString('en-US')} payouts. Split it into smaller batches.`,
  );
const isBlank = (cells: string[]) => cells.every((c) => String(c ?? '').trim() === '');

async function parseCsv(bytes: Buffer): Promise<PayoutRowInput[]> {
  const parser = Readable.from([bytes]).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 64 * 1024 }),
  );
  let fields: (PayoutRowField | null)[] | null = null;
  const rows: PayoutRowInput[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!fields) {
        fields = mapHeader(record);
        continue;
      }
      if (isBlank(record)) continue;
      if (rows.length >= PAYOUT_LIMITS.maxRows) throw tooManyRows();
      rows.push(toRow(fields, record));
    }
  } catch (err) {
    parser.destroy();
    if (err instanceof AppError) throw err;
    throw refused(`The CSV could not be read: ${(err as Error).message.slice(0, 160)}`);
  }
  return rows;
}

/** A cell as text: a formula as its own text (never its result), rich text joined, numbers as typed. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if ('formula' in value && value.formula) return `=${value.formula}`;
    if ('sharedFormula' in value && value.sharedFormula) return `=${value.sharedFormula}`;
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

async function parseXlsx(bytes: Buffer): Promise<PayoutRowInput[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  let fields: (PayoutRowField | null)[] | null = null;
  const rows: PayoutRowInput[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
        if (!fields) {
          fields = mapHeader(values);
          continue;
        }
        if (isBlank(values)) continue;
        if (rows.length >= PAYOUT_LIMITS.maxRows) throw tooManyRows();
        rows.push(toRow(fields, values));
      }
      break; // the first sheet only
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refused('The XLSX file could not be read. Save it again from your spreadsheet, or upload a CSV.');
  }
  if (!fields) throw refused('The XLSX file has no rows. Download the template and fill it in.');
  return rows;
}

/** The rows of a batch file (CSV or XLSX by content); a file with no payout rows is refused. */
export async function parseBatchFile(bytes: Buffer): Promise<PayoutRowInput[]> {
  const rows = batchFileType(bytes) === 'XLSX' ? await parseXlsx(bytes) : await parseCsv(bytes);
  if (!rows.length) throw refused('The file has no payouts: fill in rows below the header.');
  return rows;
}
