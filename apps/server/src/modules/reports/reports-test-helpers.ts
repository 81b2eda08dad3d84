import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { call } from '../../test/harness';

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The first sheet of an XLSX file as rows of cell values. */
export async function readXlsx(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

/**
 * The export's detail once it is finished: reads it after each time the job queue has nothing left to run (no timer).
 */
export async function waitForExport(app: FastifyInstance, cookie: string, exportId: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(app, 'GET', REPORT_PATHS.detail, { cookie, query: { exportId } });
    if (res.body.code !== '000000') throw new Error(`detail failed: ${res.body.code} ${res.body.msg}`);
    if (res.body.data.status === 'SUCCESS' || res.body.data.status === 'FAILED') return res.body.data;
    if (Date.now() > until) throw new Error(`export ${exportId} still ${res.body.data.status}`);
    await app.jobs.drain({ timeoutMs: Math.max(1, until - Date.now()) });
  }
}

/**
 * Creates a CSV export of `type` over the last 120 days (UTC), waits for it and returns its rows (the header first).
 */
export async function exportCsvRows(
  app: FastifyInstance,
  cookie: string,
  type: string,
  body: Record<string, unknown>,
): Promise<string[][]> {
  const range = {
    createdFrom: new Date(Date.now() - 120 * 86_400_000).toISOString(),
    createdTo: new Date(Date.now() + 86_400_000).toISOString(),
  };
  const created = await call(app, 'POST', REPORT_PATHS.create, {
    cookie,
    payload: { type, format: 'CSV', timeZone: 'UTC', ...range, ...body },
  });
  if (created.body.code !== '000000') throw new Error(`export create failed: ${created.body.code} ${created.body.msg}`);
  const done = await waitForExport(app, cookie, created.body.data.exportId);
  if (done.status !== 'SUCCESS') throw new Error(`export ${done.status}: ${done.error}`);
  const res = await app.inject({
    method: 'GET',
    url: REPORT_PATHS.download,
    query: { exportId: done.exportId },
    headers: { cookie },
  });
  return parseCsv(res.body);
}
