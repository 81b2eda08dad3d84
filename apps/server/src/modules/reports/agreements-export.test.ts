import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AGREEMENT_EXPORT_COLUMNS } from '@mbo/contracts/lists/agreements-list';
import { formatAmount } from '@mbo/contracts/money';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { AGREEMENT_PATHS, describePlanInterval, type AgreementRecord } from '@mbo/contracts/subscriptions';
import { users } from '../../db/schema';
import { agreements } from '../../db/subscriptions-schema';
import { createSession, SESSION_COOKIE } from '../../plugins/session-store';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { formatInZone } from '../../lib/zoned-time';
import { neutraliseFormula } from './cell-format';
import { exportCsvRows, parseCsv, waitForExport } from './reports-test-helpers';
import { writeExport, type ExportSpec } from './write-export';
import './builtin-types';

const DAY = 86_400_000;
const ALL_COLUMNS = AGREEMENT_EXPORT_COLUMNS.map((c) => c.key);
const SWITCH = '/usercenter/web/v1/switch-user-access-merchant';

/**
 * The AGREEMENTS export (on the demo's subscriptions): the list's rows under its filters, cells as the list shows them,
 * nothing of another merchant.
 */
describe('agreements export', () => {
  let t: TestApp;
  let owner: string;
  const range = () => ({
    createdFrom: new Date(Date.now() - 120 * DAY).toISOString(),
    createdTo: new Date(Date.now() + DAY).toISOString(),
  });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every record of the list under these filters and the export helper's range, newest first. */
  async function listAll(cookie: string, filters: Record<string, unknown>): Promise<AgreementRecord[]> {
    const res = await call(t.app, 'POST', AGREEMENT_PATHS.list, {
      cookie,
      payload: { ...filters, ...range(), pageSize: 200 },
    });
    expect(res.body.code, res.body.msg).toBe('000000');
    expect(res.body.data.records.length).toBe(res.body.data.total);
    return res.body.data.records;
  }

  /** The cells the export writes for a list record, in the contract's column order. */
  function cellsOf(r: AgreementRecord, timeZone: string): string[] {
    const money = (v: number) => formatAmount(v, r.currency);
    const cells: Record<string, string> = {
      agreementId: r.agreementId,
      status: r.status,
      customerName: r.customerName,
      customerEmail: r.customerEmail,
      amount: money(r.amount),
      currency: r.currency,
      plan: describePlanInterval(r.interval, r.intervalCount),
      cyclesCharged: String(r.cyclesCharged),
      totalCollected: money(r.totalCollected),
      payMethodName: r.payMethodName,
      cardLast4: r.cardLast4 ?? '',
      country: r.country,
      createdAt: formatInZone(r.createdAt, timeZone),
      nextChargeAt: formatInZone(r.nextChargeAt, timeZone),
      cancelledAt: formatInZone(r.cancelledAt, timeZone),
      endReason: r.endReason ?? '',
    };
    return AGREEMENT_EXPORT_COLUMNS.map((c) => (c.kind === 'text' ? neutraliseFormula(cells[c.key]) : cells[c.key]));
  }

  it('writes the rows the list shows under the same filters, every column as the list shows it, text neutralised', async () => {
    // A customer name a spreadsheet would run as a formula.
    await t.database.db.execute(
      sql`UPDATE agreements SET customer_name = '=HYPERLINK("http://evil")' WHERE merchant_id = 'M1000001' AND status = 'CANCELLED'`,
    );
    for (const filters of [
      { status: ['ACTIVE', 'CANCELLED'], currency: 'EUR' },
      { payMethodName: 'VISA', country: 'GB' },
      { nextChargeFrom: new Date().toISOString() },
      { keyword: 'lotte.visser@example.com' },
    ]) {
      const records = await listAll(owner, filters);
      expect(records.length, JSON.stringify(filters)).toBeGreaterThan(0);
      const [header, ...rows] = await exportCsvRows(t.app, owner, 'AGREEMENTS', { filters, columns: ALL_COLUMNS });
      expect(header).toEqual(
        AGREEMENT_EXPORT_COLUMNS.map(
          (c, i) => `${i === 0 ? '\ufeff' : ''}${c.kind === 'datetime' ? `${c.label} (UTC)` : c.label}`,
        ),
      );
      expect(rows, JSON.stringify(filters)).toEqual(records.map((r) => cellsOf(r, 'UTC')));
    }
    const cancelled = (
      await exportCsvRows(t.app, owner, 'AGREEMENTS', {
        filters: { status: ['CANCELLED'] },
        columns: ['customerName', 'plan', 'amount', 'totalCollected'],
      })
    ).slice(1);
    expect(cancelled.length).toBeGreaterThan(2);
    for (const row of cancelled) expect(row[0]).toBe('\'=HYPERLINK("http://evil")');
    // The default columns, by a name prefix: the monthly 24.90 EUR coffee plan, in major units and words.
    const [marta] = await listAll(owner, { keyword: 'marta k' });
    const defaults = await exportCsvRows(t.app, owner, 'AGREEMENTS', { filters: { keyword: 'marta k' } });
    const isDefault = AGREEMENT_EXPORT_COLUMNS.map((c) => c.default);
    expect(defaults.slice(1)).toEqual([cellsOf(marta, 'UTC').filter((_, i) => isDefault[i])]);
    expect(defaults[1].slice(4, 7)).toEqual(['24.90', 'EUR', 'every month']);
  });

  it("writes the same file through PostgreSQL's COPY as in JS, in another zone", async () => {
    const spec: ExportSpec = {
      type: 'AGREEMENTS',
      merchantId: 'M1000001',
      format: 'CSV',
      params: {
        createdFrom: new Date(Date.now() - 365 * DAY).toISOString(),
        createdTo: new Date().toISOString(),
        timeZone: 'Asia/Tokyo',
        filters: {},
        columns: ALL_COLUMNS,
      },
    };
    const written = async (noCopy: boolean) => {
      const chunks: Buffer[] = [];
      const out = new Writable({
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk);
          done();
        },
      });
      const result = await writeExport(t.app.db, spec, out, { noCopy, batchSize: 7 });
      return { method: result.method, rows: result.rows, text: Buffer.concat(chunks).toString('utf8') };
    };
    const [copied, inJs] = [await written(false), await written(true)];
    expect(copied.method).toBe(t.kind === 'postgres' ? 'copy' : 'rows');
    expect(inJs.rows).toBeGreaterThan(15);
    expect(copied.text).toBe(inJs.text);
    const plans = new Set(
      parseCsv(inJs.text.slice(1))
        .slice(1)
        .map((r) => r[ALL_COLUMNS.indexOf('plan')]),
    );
    expect(plans).toEqual(new Set(['every week', 'every month', 'every 3 months', 'every year']));
  });

  it("never writes another merchant's agreements", async () => {
    const [own, others] = ['M1000001', 'M1000002'].map(
      async (m) =>
        new Set(
          (await t.database.db.select({ id: agreements.id }).from(agreements).where(eq(agreements.merchantId, m))).map(
            (r) => r.id,
          ),
        ),
    );
    const store = await own;
    const europe = await others;
    const ids = (await exportCsvRows(t.app, owner, 'AGREEMENTS', { filters: {}, columns: ['agreementId'] }))
      .slice(1)
      .map((r) => r[0]);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.filter((id) => !store.has(id))).toEqual([]);
    // Switched to Demo Store Europe, the same user exports Europe's agreements only.
    const sub = await loginAs(t.app, 'owner@demo.test');
    expect((await call(t.app, 'POST', SWITCH, { cookie: sub, payload: { merchantId: 'M1000002' } })).body.code).toBe(
      '000000',
    );
    const subIds = (await exportCsvRows(t.app, sub, 'AGREEMENTS', { filters: {}, columns: ['agreementId'] }))
      .slice(1)
      .map((r) => r[0]);
    expect(subIds.length).toBeGreaterThan(0);
    expect(subIds.filter((id) => !europe.has(id))).toEqual([]);
  });

  it('is refused to a payout merchant and to a role without the agreements page, and refuses filters of another list', async () => {
    const body = { ...range(), type: 'AGREEMENTS', format: 'CSV', timeZone: 'UTC' };
    const notOpen = { code: '001000B001', msg: 'Invalid request: type is not open to your role.' };
    const payouts = await loginAs(t.app, 'payouts@demo.test');
    expect((await call(t.app, 'POST', AGREEMENT_PATHS.list, { cookie: payouts, payload: {} })).status).toBe(430);
    expect((await call(t.app, 'POST', REPORT_PATHS.create, { cookie: payouts, payload: body })).body).toMatchObject(
      notOpen,
    );
    // A role that may export but does not see the agreements page.
    const [user] = await t.app.db
      .insert(users)
      .values({
        merchantId: 'M1000001',
        email: 'agreements-export-ops@demo.test',
        name: 'Ops',
        roleCode: 'OPERATIONS',
        status: 'ACTIVE',
      })
      .returning({ id: users.id });
    await t.app.db.execute(
      sql`UPDATE roles SET menu_urls = array_remove(menu_urls, '/subscription/agreements') WHERE code = 'OPERATIONS'`,
    );
    const ops = `${SESSION_COOKIE}=${await createSession(t.app.db, { userId: user.id, merchantId: 'M1000001', ip: '127.0.0.1', userAgent: 'export-test' })}`;
    const payments = await call(t.app, 'POST', REPORT_PATHS.create, {
      cookie: ops,
      payload: { ...body, type: 'PAYMENTS' },
    });
    expect(payments.body.code).toBe('000000');
    expect((await waitForExport(t.app, ops, payments.body.data.exportId)).status).toBe('SUCCESS');
    expect((await call(t.app, 'POST', REPORT_PATHS.create, { cookie: ops, payload: body })).body).toMatchObject(
      notOpen,
    );
    for (const [filters, field] of [
      [{ type: ['CHARGEBACK'] }, 'filters'],
      [{ status: ['PAID'] }, 'filters.status.0'],
      [{ country: 'nl' }, 'filters.country'],
    ] as const) {
      const res = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload: { ...body, filters } });
      expect(res.body.code, field).toBe('001000B001');
      expect(res.body.msg, field).toMatch(new RegExp(`^Invalid request: ${field.replaceAll('.', '\\.')} `));
    }
  });
});
