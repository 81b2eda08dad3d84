import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { buildApp } from '../../app';
import { exportJobs, payments } from '../../db/payments-schema';
import { computed, typedRows } from '../../db/typed-rows';
import { priceCapture } from '../payin-services';
import { recordPayment } from '../payments';
import { sized } from '../../test/deep';
import { call, createTestApp, loginAs, TEST_JOBS, type TestApp } from '../../test/harness';
import { exportRetentionJob } from './export-retention-job';
import { exportType } from './export-types';
import { parseCsv, readXlsx, waitForExport } from './reports-test-helpers';

// A window of their own, so the seeded demo payments stay out of the comparisons.
const FROM = '2024-03-01T00:00:00.000Z';
const TO = '2024-03-31T23:59:59.999Z';
/** Payments of the streaming test: five batches of the writer in every run, twenty-five under `npm run test:deep`. */
const BULK_ROWS = sized(10_000, 50_000);
const EVIL_NAMES = [
  '=HYPERLINK("http://evil.test","x")',
  '+1+2',
  '-3+4',
  '@SUM(A1)',
  '\tTabbed',
  'Ann, "the" Customer',
];

describe('report centre exports', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    const db = t.app.db;
    for (let i = 0; i < 30; i++) {
      const currency = i % 5 === 0 ? 'JPY' : 'USD';
      const amount = currency === 'JPY' ? 1000 + i : 1000 + i * 37;
      const status = i % 4 === 3 ? 'FAILED' : 'SUCCESS';
      const payMethodName = i % 2 ? 'VISA' : 'MASTERCARD';
      await recordPayment(
        db,
        {
          merchantId: 'M1000001',
          amount,
          currency,
          status,
          payMethodType: 'CARD',
          payMethodName,
          country: i % 3 ? 'NL' : 'DE',
          customerEmail: `buyer${i}@example.test`,
          customerName: EVIL_NAMES[i % EVIL_NAMES.length],
          cardBin: '411111',
          cardLast4: '1111',
          // Two payments share an instant: the keyset order must still be total.
          createdAt: new Date(Date.parse(FROM) + Math.floor(i / 2) * 36e5 * 24 + 3_600_000),
        },
        await priceCapture(db, 'M1000001', { payMethodName, currency, amount }),
      );
    }
    await recordPayment(
      db,
      {
        merchantId: 'M1000002',
        amount: 999,
        currency: 'USD',
        status: 'SUCCESS',
        payMethodType: 'CARD',
        payMethodName: 'VISA',
        country: 'NL',
        customerEmail: 'other@example.test',
        customerName: 'Other Merchant',
        createdAt: new Date('2024-03-10T10:00:00Z'),
      },
      await priceCapture(db, 'M1000002', { payMethodName: 'VISA', currency: 'USD', amount: 999 }),
    );
  });

  afterAll(async () => {
    await t.close();
  });

  async function exportAndDownload(cookie: string, body: Record<string, unknown>) {
    const created = await call(t.app, 'POST', REPORT_PATHS.create, { cookie, payload: body });
    expect(created.body.code, created.body.msg).toBe('000000');
    const done = await waitForExport(t.app, cookie, created.body.data.exportId);
    expect(done.status, done.error).toBe('SUCCESS');
    const res = await t.app.inject({
      method: 'GET',
      url: REPORT_PATHS.download,
      query: { exportId: done.exportId },
      headers: { cookie },
    });
    return { done, res };
  }

  async function listAll(cookie: string, filters: Record<string, unknown>) {
    const res = await call(t.app, 'POST', PAYMENT_PATHS.list, {
      cookie,
      payload: { ...filters, createdFrom: FROM, createdTo: TO, pageSize: 200 },
    });
    expect(res.body.code).toBe('000000');
    return res.body.data.records as {
      paymentId: string;
      amount: number;
      fee: number;
      currency: string;
      createdAt: string;
      customerName: string;
    }[];
  }

  it('exports filtered payments to CSV with the chosen columns, in the chosen time zone, as the list shows them', async () => {
    const filters = { status: ['SUCCESS'], currency: 'USD' };
    const { done, res } = await exportAndDownload(owner, {
      type: 'PAYMENTS',
      format: 'CSV',
      timeZone: 'Asia/Tokyo',
      createdFrom: FROM,
      createdTo: TO,
      filters,
      columns: ['paymentId', 'createdAt', 'amount', 'fee', 'net', 'currency', 'customerName', 'card'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payments_\d{8}_\d{6}\.csv"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(Number(res.headers['content-length'])).toBe(done.fileSize);

    const [header, ...rows] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(header).toEqual([
      'Payment ID',
      'Created at (Asia/Tokyo)',
      'Amount',
      'Fee',
      'Net',
      'Currency',
      'Customer name',
      'Card',
    ]);
    const listed = await listAll(owner, filters);
    expect(listed.length).toBeGreaterThan(10);
    expect(rows.map((r) => r[0])).toEqual(listed.map((p) => p.paymentId));
    expect(done.totalRows).toBe(listed.length);
    expect(done.processedRows).toBe(listed.length);
    expect(done.progress).toBe(100);
    rows.forEach((row, i) => {
      const p = listed[i];
      const tokyo = new Date(Date.parse(p.createdAt) + 9 * 36e5).toISOString().slice(0, 19).replace('T', ' ');
      expect(row[1]).toBe(tokyo);
      expect(row[2]).toBe((p.amount / 100).toFixed(2));
      expect(row[3]).toBe((p.fee / 100).toFixed(2));
      expect(row[4]).toBe(((p.amount - p.fee) / 100).toFixed(2));
      expect(row[5]).toBe('USD');
      expect(row[6]).toBe(/^[=+\-@\t\r]/.test(p.customerName) ? `'${p.customerName}` : p.customerName);
      expect(row[7]).toBe('411111••••••1111');
    });
    expect(rows.some((r) => r[6] === `'=HYPERLINK("http://evil.test","x")`)).toBe(true);
    expect(rows.some((r) => r[6] === 'Ann, "the" Customer')).toBe(true);
  });

  it('exports payments to XLSX with numbers for amounts and zero-decimal currencies kept whole', async () => {
    const filters = { country: 'DE' };
    const { res } = await exportAndDownload(owner, {
      type: 'PAYMENTS',
      format: 'XLSX',
      timeZone: 'UTC',
      createdFrom: FROM,
      createdTo: TO,
      filters,
      columns: [],
    });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="payments_\d{8}_\d{6}\.xlsx"/);
    const [header, ...rows] = await readXlsx(res.rawPayload);
    expect(header.slice(0, 3)).toEqual(['Payment ID', 'Merchant order no.', 'Created at (UTC)']);
    const amountAt = header.indexOf('Amount');
    const nameAt = header.indexOf('Customer name');
    const listed = await listAll(owner, filters);
    expect(rows.map((r) => r[0])).toEqual(listed.map((p) => p.paymentId));
    rows.forEach((row, i) => {
      const p = listed[i];
      expect(row[2]).toBe(p.createdAt.slice(0, 19).replace('T', ' '));
      expect(row[amountAt]).toBe(p.currency === 'JPY' ? p.amount : p.amount / 100);
      expect(String(row[nameAt])).toBe(/^[=+\-@\t\r]/.test(p.customerName) ? `'${p.customerName}` : p.customerName);
    });
    expect(rows.some((r) => typeof r[nameAt] === 'string' && (r[nameAt] as string).startsWith("'="))).toBe(true);
  });

  it('exports refunds with the refunds list filters', async () => {
    const [pay] = await typedRows(
      t.app.db,
      { id: payments.id, amount: payments.amount },
      sql`SELECT id, amount FROM payments WHERE merchant_id = 'M1000001' AND currency = 'USD' AND status = 'SUCCESS' AND created_at BETWEEN ${FROM}::timestamptz AND ${TO}::timestamptz LIMIT 1`,
    );
    await t.app.db
      .execute(sql`INSERT INTO refunds (id, merchant_id, payment_id, amount, currency, reason, status, created_at, finished_at)
      VALUES ('RFDTEST000001', 'M1000001', ${pay.id}, 100, 'USD', 'DUPLICATE', 'SUCCESS', '2024-03-20T08:00:00Z', '2024-03-20T08:05:00Z')`);
    const { res } = await exportAndDownload(owner, {
      type: 'REFUNDS',
      format: 'CSV',
      timeZone: 'UTC',
      createdFrom: FROM,
      createdTo: TO,
      filters: { status: ['SUCCESS'] },
      columns: ['refundId', 'paymentId', 'amount', 'createdAt', 'finishedAt'],
    });
    const [header, ...rows] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(header).toEqual(['Refund ID', 'Payment ID', 'Refund amount', 'Created at (UTC)', 'Finished at (UTC)']);
    expect(rows).toEqual([['RFDTEST000001', pay.id, '1.00', '2024-03-20 08:00:00', '2024-03-20 08:05:00']]);
  });

  it('answers 012001B039 while the user has an unfinished export, and accepts a new one after it', async () => {
    t.app.jobs.pause();
    const body = { type: 'PAYMENTS', format: 'CSV', timeZone: 'UTC', createdFrom: FROM, createdTo: TO };
    const first = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload: body });
    expect(first.body.data.status).toBe('QUEUED');
    const parallel = await Promise.all(
      [1, 2, 3].map(() => call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload: body })),
    );
    for (const res of parallel) {
      expect(res.status).toBe(200);
      expect(res.body.code).toBe('012001B039');
      expect(res.body.msg).toBe('last export not completed');
    }
    // Another user of the merchant is not blocked by it.
    const finance = await loginAs(t.app, 'finance@demo.test');
    const theirs = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: finance, payload: body });
    expect(theirs.body.code).toBe('000000');
    t.app.jobs.resume();
    await waitForExport(t.app, owner, first.body.data.exportId);
    await waitForExport(t.app, finance, theirs.body.data.exportId);
    const again = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload: body });
    expect(again.body.code).toBe('000000');
    await waitForExport(t.app, owner, again.body.data.exportId);
    const list = await call(t.app, 'POST', REPORT_PATHS.list, { cookie: owner, payload: { pageNum: 1, pageSize: 2 } });
    expect(list.body.data.records.map((r: { exportId: string }) => r.exportId)).toEqual([
      again.body.data.exportId,
      first.body.data.exportId,
    ]);
    expect(list.body.data.total).toBeGreaterThanOrEqual(5);
  });

  it('lets only the owning merchant and user download, and only a finished export', async () => {
    const created = await call(t.app, 'POST', REPORT_PATHS.create, {
      cookie: owner,
      payload: { type: 'PAYMENTS', format: 'CSV', timeZone: 'UTC', createdFrom: FROM, createdTo: TO },
    });
    const exportId = created.body.data.exportId as string;
    await waitForExport(t.app, owner, exportId);
    const finance = await loginAs(t.app, 'finance@demo.test');
    expect((await call(t.app, 'GET', REPORT_PATHS.download, { cookie: finance, query: { exportId } })).body.code).toBe(
      '012001B040',
    );
    expect((await call(t.app, 'GET', REPORT_PATHS.detail, { cookie: finance, query: { exportId } })).body.code).toBe(
      '012001B040',
    );
    const viewer = await loginAs(t.app, 'viewer@demo.test');
    expect((await call(t.app, 'GET', REPORT_PATHS.download, { cookie: viewer, query: { exportId } })).status).toBe(430);
    // The owner switched into a sub-merchant sees none of the parent's exports.
    const sub = await loginAs(t.app, 'owner@demo.test');
    expect(
      (
        await call(t.app, 'POST', '/usercenter/web/v1/switch-user-access-merchant', {
          cookie: sub,
          payload: { merchantId: 'M1000002' },
        })
      ).body.code,
    ).toBe('000000');
    expect((await call(t.app, 'GET', REPORT_PATHS.download, { cookie: sub, query: { exportId } })).body.code).toBe(
      '012001B040',
    );
    expect((await call(t.app, 'POST', REPORT_PATHS.list, { cookie: sub, payload: {} })).body.data.total).toBe(0);
    // Its exports hold its own payments only.
    const { res } = await exportAndDownload(sub, {
      type: 'PAYMENTS',
      format: 'CSV',
      timeZone: 'UTC',
      createdFrom: FROM,
      createdTo: TO,
      columns: ['customerName'],
    });
    expect(parseCsv(res.rawPayload.toString('utf8').slice(1))).toEqual([['Customer name'], ['Other Merchant']]);
    // Not finished yet: 012001B041.
    t.app.jobs.pause();
    const queued = await call(t.app, 'POST', REPORT_PATHS.create, {
      cookie: owner,
      payload: { type: 'REFUNDS', format: 'XLSX', timeZone: 'UTC', createdFrom: FROM, createdTo: TO },
    });
    expect(
      (
        await call(t.app, 'GET', REPORT_PATHS.download, {
          cookie: owner,
          query: { exportId: queued.body.data.exportId },
        })
      ).body.code,
    ).toBe('012001B041');
    t.app.jobs.resume();
    await waitForExport(t.app, owner, queued.body.data.exportId);
  });

  it('answers bad input with a clear error naming the field, never a 5xx, and writes nothing', async () => {
    const [{ n: before }] = await t.app.db.select({ n: count() }).from(exportJobs);
    const good = { type: 'PAYMENTS', format: 'CSV', timeZone: 'UTC', createdFrom: FROM, createdTo: TO };
    const cases: [unknown, string][] = [
      [{ ...good, type: 'NOPE' }, 'type'],
      [{ ...good, format: 'PDF' }, 'format'],
      [{ ...good, timeZone: 'Mars/Base' }, 'timeZone'],
      [{ ...good, timeZone: 'x'.repeat(5000) }, 'timeZone'],
      [{ ...good, createdFrom: 'yesterday' }, 'createdFrom'],
      [{ ...good, createdFrom: TO, createdTo: FROM }, 'createdFrom'],
      [{ ...good, createdFrom: '2022-01-01T00:00:00Z' }, 'createdTo'],
      [{ ...good, filters: { status: ['MAYBE'] } }, 'filters.status'],
      [{ ...good, filters: { amountMin: -5 } }, 'filters.amountMin'],
      [{ ...good, filters: { hacker: 1 } }, 'filters'],
      [{ ...good, filters: 'x' }, 'filters'],
      [{ ...good, columns: ['paymentId', 'password'] }, 'columns'],
      [{ ...good, columns: 'paymentId' }, 'columns'],
      [{ ...good, type: 'REFUNDS', filters: { country: 'NL' } }, 'filters'],
      [{ ...good, filters: { keyword: 'a\u0000b' } }, 'filters.keyword'],
      [[], '(body)'],
      [null, 'type'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload });
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(200);
      expect(res.body.code, JSON.stringify(payload).slice(0, 80)).toBe('001000B001');
      expect(res.body.msg).toContain(field);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: REPORT_PATHS.create,
      headers: { cookie: owner, 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json().code).toBe('001000B001');
    for (const [url, query] of [
      [REPORT_PATHS.detail, {}],
      [REPORT_PATHS.download, { exportId: 'x'.repeat(500) }],
      [REPORT_PATHS.columns, { type: 'NOPE' }],
      [REPORT_PATHS.detail, { exportId: "' OR 1=1 --" }],
    ] as const) {
      const res = await call(t.app, 'GET', url, { cookie: owner, query });
      expect(res.status).toBe(200);
      expect(['001000B001', '012001B040']).toContain(res.body.code);
    }
    expect(
      (await call(t.app, 'POST', REPORT_PATHS.list, { cookie: owner, payload: { pageSize: 10_000 } })).body.code,
    ).toBe('001000B001');
    expect((await call(t.app, 'POST', REPORT_PATHS.create, { payload: good })).status).toBe(431);
    const viewer = await loginAs(t.app, 'viewer@demo.test');
    expect((await call(t.app, 'POST', REPORT_PATHS.create, { cookie: viewer, payload: good })).status).toBe(430);
    const [{ n: after }] = await t.app.db.select({ n: count() }).from(exportJobs);
    expect(after).toBe(before);
  });

  it('lists the columns of a type with their defaults', async () => {
    const res = await call(t.app, 'GET', REPORT_PATHS.columns, { cookie: owner, query: { type: 'PAYMENTS' } });
    expect(res.body.data.columns).toContainEqual({ key: 'paymentId', label: 'Payment ID', default: true });
    expect(res.body.data.columns).toContainEqual({ key: 'card', label: 'Card', default: false });
  });

  it('finishes an export after a restart when the server stopped in the middle of it; the stopped run writes nothing', async () => {
    t.app.jobs.pause();
    const def = exportType('PAYMENTS')!;
    const count = def.count;
    let entered!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first run stops inside the export (after it claimed it), as a long export would be when the server stops.
    def.count = async (...args) => {
      entered();
      await gate;
      return count.apply(def, args);
    };
    const first = await buildApp({ config: t.app.config, database: t.database, logger: false, jobs: TEST_JOBS });
    await first.ready();
    let second: FastifyInstance | undefined;
    try {
      const created = await call(first, 'POST', REPORT_PATHS.create, {
        cookie: owner,
        payload: { type: 'PAYMENTS', format: 'CSV', timeZone: 'UTC', createdFrom: FROM, createdTo: TO },
      });
      const exportId = created.body.data.exportId as string;
      await inside;
      const [running] = await t.app.db
        .select({ status: exportJobs.status, run_token: exportJobs.runToken })
        .from(exportJobs)
        .where(eq(exportJobs.id, exportId));
      expect(running.status).toBe('RUNNING');
      await first.jobs.stop({ timeoutMs: 50 });
      await first.close();
      def.count = count;

      second = await buildApp({ config: t.app.config, database: t.database, logger: false, jobs: TEST_JOBS });
      await second.ready();
      await second.jobs.drain();
      const done = await waitForExport(second, owner, exportId);
      expect(done.status).toBe('SUCCESS');
      expect(done.processedRows).toBe(done.totalRows);
      const [after] = await t.app.db
        .select({ run_token: exportJobs.runToken, storage_key: exportJobs.storageKey })
        .from(exportJobs)
        .where(eq(exportJobs.id, exportId));
      expect(after.run_token).not.toBe(running.run_token);
      // The stopped run goes on now: its writes are refused (another run owns the export) and it leaves no file.
      release();
      await second.jobs.drain();
      const res = await second.inject({
        method: 'GET',
        url: REPORT_PATHS.download,
        query: { exportId },
        headers: { cookie: owner },
      });
      expect(parseCsv(res.rawPayload.toString('utf8').slice(1)).length - 1).toBe(done.totalRows);
      const [final] = await t.app.db
        .select({ status: exportJobs.status, storage_key: exportJobs.storageKey })
        .from(exportJobs)
        .where(eq(exportJobs.id, exportId));
      expect(final).toEqual({ status: 'SUCCESS', storage_key: after.storage_key });
    } finally {
      def.count = count;
      release();
      await second?.close();
      t.app.jobs.resume();
    }
  });

  it('queues no build job when the export is refused (one unfinished export per user): the transaction left nothing', async () => {
    t.app.jobs.pause();
    try {
      const body = { type: 'REFUNDS', format: 'CSV', timeZone: 'UTC', createdFrom: FROM, createdTo: TO };
      const jobsBefore = await t.app.jobs.pendingCount();
      const first = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload: body });
      expect(first.body.code).toBe('000000');
      expect(await t.app.jobs.pendingCount()).toBe(jobsBefore + 1);
      const refused = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload: body });
      expect(refused.body.code).toBe('012001B039');
      expect(await t.app.jobs.pendingCount()).toBe(jobsBefore + 1);
    } finally {
      t.app.jobs.resume();
    }
    await t.app.jobs.drain();
  });

  it('expires exports past the retention period: files deleted, the list says EXPIRED, download refused with 012001B042', async () => {
    const created = await call(t.app, 'POST', REPORT_PATHS.create, {
      cookie: owner,
      payload: { type: 'PAYMENTS', format: 'CSV', timeZone: 'UTC', createdFrom: FROM, createdTo: TO },
    });
    const exportId = created.body.data.exportId as string;
    await t.app.jobs.drain();
    const fresh = await call(t.app, 'POST', REPORT_PATHS.create, {
      cookie: owner,
      payload: { type: 'REFUNDS', format: 'CSV', timeZone: 'UTC', createdFrom: FROM, createdTo: TO },
    });
    await t.app.jobs.drain();
    const days = t.app.config.exportRetentionDays ?? 7;
    await t.app.db.execute(
      sql`UPDATE export_jobs SET finished_at = now() - make_interval(days => ${days}, hours => 1) WHERE id = ${exportId}`,
    );
    const [{ storage_key: key }] = await typedRows(
      t.app.db,
      { storage_key: computed(String) },
      sql`SELECT storage_key FROM export_jobs WHERE id = ${exportId}`,
    );
    expect(await t.app.exportFiles.exists(key)).toBe(true);

    await t.app.jobs.send(exportRetentionJob, {});
    t.app.jobs.wake(exportRetentionJob.name);
    await t.app.jobs.drain();

    expect(await t.app.exportFiles.exists(key)).toBe(false);
    const detail = await call(t.app, 'GET', REPORT_PATHS.detail, { cookie: owner, query: { exportId } });
    expect(detail.body.data.status).toBe('EXPIRED');
    const download = await call(t.app, 'GET', REPORT_PATHS.download, { cookie: owner, query: { exportId } });
    expect(download.body.code).toBe('012001B042');
    expect(download.body.msg).toContain(`kept for ${days} days`);
    expect(download.body.msg_params?.isGwErrorMapEnabled).toBe(1);
    // A newer export is kept and still downloads.
    expect(
      (await call(t.app, 'GET', REPORT_PATHS.detail, { cookie: owner, query: { exportId: fresh.body.data.exportId } }))
        .body.data.status,
    ).toBe('SUCCESS');
    const kept = await t.app.inject({
      method: 'GET',
      url: REPORT_PATHS.download,
      query: { exportId: fresh.body.data.exportId },
      headers: { cookie: owner },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it(
    'streams every one of many payments to CSV and to XLSX, in order, across many batches (memory: npm run bench)',
    async () => {
      await t.app.db.execute(sql`
      INSERT INTO payments (id, merchant_id, merchant_order_no, amount, currency, fee, status, pay_method_type, pay_method_name, country, customer_email, customer_name, created_at, updated_at)
      SELECT 'PAYBULK' || lpad(g::text, 8, '0'), 'M1000003', 'ORD' || g, 100 + g, 'SGD', 0, 'FAILED', 'CARD', 'VISA', 'SG',
             'bulk' || g || '@example.test', 'Bulk Buyer ' || g, timestamptz '2024-06-01' + g * interval '1 second', now()
        FROM generate_series(1, ${BULK_ROWS}) AS g`);
      const sub = await loginAs(t.app, 'owner@demo.test');
      await call(t.app, 'POST', '/usercenter/web/v1/switch-user-access-merchant', {
        cookie: sub,
        payload: { merchantId: 'M1000003' },
      });
      const first = 'PAYBULK00000001';
      const last = `PAYBULK${String(BULK_ROWS).padStart(8, '0')}`;
      for (const format of ['CSV', 'XLSX'] as const) {
        const { done, res } = await exportAndDownload(sub, {
          type: 'PAYMENTS',
          format,
          timeZone: 'Asia/Singapore',
          createdFrom: '2024-06-01T00:00:00Z',
          createdTo: '2024-06-30T00:00:00Z',
          filters: { status: ['FAILED'] },
          columns: ['paymentId', 'amount'],
        });
        expect(done.totalRows, format).toBe(BULK_ROWS);
        const [header, ...rows] =
          format === 'CSV' ? parseCsv(res.rawPayload.toString('utf8').slice(1)) : await readXlsx(res.rawPayload);
        expect(header, format).toHaveLength(2);
        expect(rows, format).toHaveLength(BULK_ROWS);
        // Newest first, as the list: every row once, none lost between batches.
        expect(rows[0][0], format).toBe(last);
        expect(rows[rows.length - 1][0], format).toBe(first);
        expect(new Set(rows.map((r) => r[0])).size, format).toBe(BULK_ROWS);
      }
      // The memory of such an export (peak RSS, heap left behind) is a row of `npm run bench`, not an assertion here.
    },
    sized(180_000, 900_000),
  );
});
