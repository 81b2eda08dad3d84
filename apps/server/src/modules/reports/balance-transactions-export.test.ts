import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { BALANCE_TRANSACTION_PATHS, type BalanceTransactionRecord } from '@mbo/contracts/balance-transactions';
import { BALANCE_TRANSACTION_EXPORT_COLUMNS } from '@mbo/contracts/lists/balance-transactions-list';
import { formatAmount } from '@mbo/contracts/money';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { exportJobs } from '../../db/payments-schema';
import { users } from '../../db/schema';
import { createSession, SESSION_COOKIE } from '../../plugins/session-store';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { formatInZone } from '../../lib/zoned-time';
import { parseCsv, readXlsx, waitForExport } from './reports-test-helpers';
import { writeExport, type ExportSpec } from './write-export';
import './builtin-types';

const DAY = 24 * 3600_000;
const ALL_COLUMNS = BALANCE_TRANSACTION_EXPORT_COLUMNS.map((c) => c.key);

describe('balance transactions export', () => {
  let t: TestApp;
  let owner: string;
  const range = {
    createdFrom: new Date(Date.now() - 120 * DAY).toISOString(),
    createdTo: new Date(Date.now() + DAY).toISOString(),
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every record of the list under these filters, newest first (pages of 200). */
  async function listAll(filters: Record<string, unknown>): Promise<BalanceTransactionRecord[]> {
    const out: BalanceTransactionRecord[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const res = await call(t.app, 'POST', BALANCE_TRANSACTION_PATHS.list, {
        cookie: owner,
        payload: { ...filters, ...range, pageNum, pageSize: 200 },
      });
      expect(res.body.code).toBe('000000');
      out.push(...res.body.data.records);
      if (res.body.data.records.length < 200) return out;
    }
  }

  async function exportFile(body: Record<string, unknown>, cookie = owner) {
    const created = await call(t.app, 'POST', REPORT_PATHS.create, { cookie, payload: { ...range, ...body } });
    expect(created.body.code, created.body.msg).toBe('000000');
    const done = await waitForExport(t.app, cookie, created.body.data.exportId);
    expect(done.status, done.error).toBe('SUCCESS');
    return t.app.inject({
      method: 'GET',
      url: REPORT_PATHS.download,
      query: { exportId: done.exportId },
      headers: { cookie },
    });
  }

  /** The cells the export writes for a list record, in the list definition's column order. */
  function cellsOf(r: BalanceTransactionRecord, timeZone: string): string[] {
    const money = (v: number) => formatAmount(v, r.currency);
    const cells: Record<string, string> = {
      transactionId: r.transactionId,
      createdAt: formatInZone(r.createdAt, timeZone),
      type: r.type,
      referenceType: r.referenceType,
      referenceId: r.referenceId,
      currency: r.currency,
      net: money(r.net),
      availableChange: money(r.availableChange),
      pendingChange: money(r.pendingChange),
      reservedChange: money(r.reservedChange),
      availableAfter: money(r.availableAfter),
      pendingAfter: money(r.pendingAfter),
      reservedAfter: money(r.reservedAfter),
    };
    return ALL_COLUMNS.map((k) => cells[k]);
  }

  it("writes the list's rows under its filters, every column as the list shows it, newest first", async () => {
    const filters = { type: ['REFUND', 'SETTLEMENT'], currency: 'EUR' };
    const listed = await listAll(filters);
    expect(listed.length).toBeGreaterThan(20);
    expect(new Set(listed.map((r) => r.type))).toEqual(new Set(['REFUND', 'SETTLEMENT']));
    const res = await exportFile({
      type: 'BALANCE_TRANSACTIONS',
      format: 'CSV',
      timeZone: 'Asia/Tokyo',
      filters,
      columns: ALL_COLUMNS,
    });
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="balance_transactions_\d{8}_\d{6}\.csv"/);
    const [header, ...rows] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(header).toEqual(
      BALANCE_TRANSACTION_EXPORT_COLUMNS.map((c) => (c.kind === 'datetime' ? `${c.label} (Asia/Tokyo)` : c.label)),
    );
    expect(rows).toEqual(listed.map((r) => cellsOf(r, 'Asia/Tokyo')));
  });

  it('writes the default columns by a reference id, and XLSX with numbers for money', async () => {
    const [refund] = await listAll({ type: ['REFUND'] });
    const res = await exportFile({
      type: 'BALANCE_TRANSACTIONS',
      format: 'CSV',
      timeZone: 'UTC',
      filters: { keyword: refund.referenceId },
    });
    const [header, ...rows] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    const defaults = BALANCE_TRANSACTION_EXPORT_COLUMNS.filter((c) => c.default);
    expect(header).toEqual(defaults.map((c) => (c.kind === 'datetime' ? `${c.label} (UTC)` : c.label)));
    expect(rows).toEqual([cellsOf(refund, 'UTC').filter((_, i) => BALANCE_TRANSACTION_EXPORT_COLUMNS[i].default)]);
    const xlsx = await exportFile({
      type: 'BALANCE_TRANSACTIONS',
      format: 'XLSX',
      timeZone: 'UTC',
      filters: { keyword: refund.referenceId },
      columns: ['referenceId', 'net', 'availableAfter'],
    });
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet[1]).toEqual([
      refund.referenceId,
      Number(formatAmount(refund.net, refund.currency)),
      Number(formatAmount(refund.availableAfter, refund.currency)),
    ]);
  });

  it("writes the same file through PostgreSQL's COPY as in JS", async () => {
    const spec: ExportSpec = {
      type: 'BALANCE_TRANSACTIONS',
      merchantId: 'M1000001',
      format: 'CSV',
      params: { ...range, timeZone: 'Europe/Amsterdam', filters: { currency: 'JPY' }, columns: ALL_COLUMNS },
    };
    const written = async (noCopy: boolean) => {
      const chunks: Buffer[] = [];
      const out = new Writable({
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk);
          done();
        },
      });
      const result = await writeExport(t.app.db, spec, out, { noCopy, batchSize: 50 });
      return { method: result.method, rows: result.rows, text: Buffer.concat(chunks).toString('utf8') };
    };
    const [copied, inJs] = [await written(false), await written(true)];
    expect(copied.method).toBe(t.kind === 'postgres' ? 'copy' : 'rows');
    expect(inJs.rows).toBeGreaterThan(50);
    expect(copied.text).toBe(inJs.text);
    expect(parseCsv(inJs.text.slice(1)).slice(1)).toEqual(
      (await listAll({ currency: 'JPY' })).map((r) => cellsOf(r, 'Europe/Amsterdam')),
    );
  });

  it('is open only to roles that see the balance page; bad filters are refused naming the field', async () => {
    const jobs = async () => Number((await t.app.db.select({ n: count() }).from(exportJobs))[0].n);
    const before = await jobs();
    const [user] = await t.app.db
      .insert(users)
      .values({
        merchantId: 'M1000001',
        email: 'export-ops@demo.test',
        name: 'Ops',
        roleCode: 'OPERATIONS',
        status: 'ACTIVE',
      })
      .returning({ id: users.id });
    await t.app.db.execute(
      sql`UPDATE roles SET menu_urls = array_remove(menu_urls, '/account/balance') WHERE code = 'OPERATIONS'`,
    );
    const ops = `${SESSION_COOKIE}=${await createSession(t.app.db, { userId: user.id, merchantId: 'M1000001', ip: '127.0.0.1', userAgent: 'export-test' })}`;
    const body = { ...range, type: 'BALANCE_TRANSACTIONS', format: 'CSV', timeZone: 'UTC' };
    const refused = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: ops, payload: body });
    expect(refused.body).toMatchObject({ code: '001000B001', msg: 'Invalid request: type is not open to your role.' });
    for (const [filters, field] of [
      [{ status: ['SUCCESS'] }, 'filters'],
      [{ currency: 'XXX' }, 'filters.currency'],
      [{ type: ['NOPE'] }, 'filters.type.0'],
      [{ keyword: 'K'.repeat(65) }, 'filters.keyword'],
    ] as const) {
      const res = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload: { ...body, filters } });
      expect(res.body.code, field).toBe('001000B001');
      expect(res.body.msg, field).toMatch(new RegExp(`^Invalid request: ${field.replaceAll('.', '\\.')} `));
    }
    expect(await jobs()).toBe(before);
  });
});
