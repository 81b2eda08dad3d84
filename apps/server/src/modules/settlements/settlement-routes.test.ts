import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, between, desc, eq, gt, sql } from 'drizzle-orm';
import { formatAmount } from '@mbo/contracts/money';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import {
  SETTLEMENT_PATHS,
  type SettlementBatchRecord,
  type SettlementDetail,
  type SettlementRecord,
  type SettlementTransactionRecord,
} from '@mbo/contracts/settlements';
import { users } from '../../db/schema';
import { settlementBatches, settlements } from '../../db/settlements-schema';
import { computed, computedOrNull, typedRows } from '../../db/typed-rows';
import { createSession, SESSION_COOKIE } from '../../plugins/session-store';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { parseCsv, waitForExport } from '../reports/reports-test-helpers';

const DAY = 86_400_000;
const SWITCH = '/usercenter/web/v1/switch-user-access-merchant';

/** The settlement calls on the demo data (90 days of settlements and today's open batches), as every demo user. */
describe('settlement read API', () => {
  let t: TestApp;
  let owner: string;
  const post = (url: string, payload: unknown, cookie = owner) => call(t.app, 'POST', url, { cookie, payload });
  const get = (url: string, query: Record<string, string>, cookie = owner) =>
    call(t.app, 'GET', url, { cookie, query });
  const ok = <T>(res: { body: { code: string; msg: string; data: T } }): T => {
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data;
  };
  /** A settlement of another merchant (Demo Store Europe), and one of its batches. */
  let foreign: { settlement: string; batch: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    [foreign] = await t.database.db
      .select({ settlement: settlements.id, batch: settlementBatches.id })
      .from(settlements)
      .innerJoin(settlementBatches, eq(settlementBatches.settlementId, settlements.id))
      .where(eq(settlements.merchantId, 'M1000002'))
      .limit(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists settlements newest first with totals per currency over every matching row, and filters them', async () => {
    const page = ok<{
      total: number;
      records: SettlementRecord[];
      totals: { currency: string; count: number; net: number; gross: number }[];
    }>(await post(SETTLEMENT_PATHS.list, { pageSize: 50 }));
    const [all] = await typedRows(
      t.database.db,
      { n: computed(Number), net: computedOrNull(Number) },
      sql`SELECT count(*)::int AS n, sum(net) AS net FROM settlements WHERE merchant_id = 'M1000001'`,
    );
    expect(page.total).toBe(all.n);
    expect(page.totals.reduce((n, t) => n + t.count, 0)).toBe(all.n);
    expect(page.totals.reduce((n, t) => n + t.net, 0)).toBe(all.net ?? 0);
    const days = page.records.map((r) => r.settlementDay);
    expect(days).toEqual([...days].sort().reverse());
    for (const r of page.records) expect(r.gross - r.refunds - r.fees - r.disputes - r.reserve).toBe(r.net);

    const usd = ok<{ records: SettlementRecord[]; totals: { currency: string }[] }>(
      await post(SETTLEMENT_PATHS.list, { currency: 'USD', pageSize: 200 }),
    );
    expect(new Set(usd.records.map((r) => r.currency))).toEqual(new Set(['USD']));
    expect(usd.totals.map((x) => x.currency)).toEqual(['USD']);
    const one = page.records[3];
    expect(
      ok<{ records: SettlementRecord[] }>(await post(SETTLEMENT_PATHS.list, { keyword: one.settlementId })).records,
    ).toEqual([one]);
    expect(
      ok<{ records: SettlementRecord[] }>(await post(SETTLEMENT_PATHS.list, { keyword: one.bankReference })).records,
    ).toEqual([one]);
    // A day range: its instants are read as days in the merchant's zone; noon UTC is that day in any zone from UTC−11
    // to UTC+11.
    const day = one.settlementDay;
    const ranged = ok<{ records: SettlementRecord[] }>(
      await post(SETTLEMENT_PATHS.list, {
        createdFrom: `${day}T12:00:00Z`,
        createdTo: `${day}T12:00:00Z`,
        pageSize: 200,
      }),
    );
    expect(ranged.records.length).toBeGreaterThan(0);
    expect(new Set(ranged.records.map((r) => r.settlementDay))).toEqual(new Set([day]));
    const oldest = ok<{ records: SettlementRecord[] }>(
      await post(SETTLEMENT_PATHS.list, { sort: 'settlementDay:asc', pageSize: 5 }),
    );
    expect(oldest.records[0].settlementDay <= days.at(-1)!).toBe(true);
    expect(ok<{ total: number }>(await post(SETTLEMENT_PATHS.list, { status: ['FAILED'] })).total).toBe(0);
  });

  it('details a settlement with its batches, and pages its payments, whose nets add up to it', async () => {
    const [small] = await t.database.db
      .select({ id: settlements.id })
      .from(settlements)
      .where(
        and(
          eq(settlements.merchantId, 'M1000001'),
          between(settlements.paymentCount, 3, 60),
          gt(settlements.refunds, 0),
        ),
      )
      .orderBy(desc(settlements.settlementDay))
      .limit(1);
    const detail = ok<SettlementDetail>(await get(SETTLEMENT_PATHS.detail, { settlementId: small.id }));
    expect(detail.batches.length).toBe(detail.batchCount);
    expect(detail.batches.reduce((n, b) => n + b.net, 0)).toBe(detail.net);
    expect(detail.batches.every((b) => b.status === 'SETTLED' && b.settlementId === small.id)).toBe(true);
    expect(detail.ledgerTransactionId).toMatch(/^\d+$/);
    const seen: SettlementTransactionRecord[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = ok<{ total: number; records: SettlementTransactionRecord[] }>(
        await post(SETTLEMENT_PATHS.transactions, { settlementId: small.id, pageNum, pageSize: 7 }),
      );
      expect(page.total).toBe(detail.paymentCount);
      seen.push(...page.records);
      if (page.records.length < 7) break;
    }
    expect(seen).toHaveLength(detail.paymentCount);
    expect(new Set(seen.map((r) => r.paymentId)).size).toBe(detail.paymentCount);
    const times = seen.map((r) => r.capturedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(seen.reduce((n, r) => n + r.net, 0)).toBe(detail.net);
    expect(seen.reduce((n, r) => n + r.refunded, 0)).toBe(detail.refunds);
    for (const r of seen) expect(r.gross - r.fee - r.refunded).toBe(r.net);
    // One batch's payments.
    const batch = detail.batches[0];
    const ofBatch = ok<{ total: number; records: SettlementTransactionRecord[] }>(
      await post(SETTLEMENT_PATHS.transactions, { batchId: batch.batchId, pageSize: 200 }),
    );
    expect(ofBatch.total).toBe(batch.paymentCount);
    expect(ofBatch.records.reduce((n, r) => n + r.net, 0)).toBe(batch.net);
  });

  it('lists open batches and the closed history apart, with their details', async () => {
    const open = ok<{ total: number; records: SettlementBatchRecord[] }>(
      await post(SETTLEMENT_PATHS.batchList, { state: 'OPEN', pageSize: 200 }),
    );
    expect(open.total).toBeGreaterThan(0);
    expect(
      open.records.every(
        (b) => b.status === 'OPEN' && b.settlementId === null && b.net === b.gross - b.fees - b.refunds - b.disputes,
      ),
    ).toBe(true);
    const closed = ok<{ total: number; records: SettlementBatchRecord[] }>(
      await post(SETTLEMENT_PATHS.batchList, { state: 'CLOSED', pageSize: 20 }),
    );
    expect(closed.records.every((b) => b.status !== 'OPEN')).toBe(true);
    const cutoffs = closed.records.map((b) => b.closesAt);
    expect(cutoffs).toEqual([...cutoffs].sort().reverse());
    const eur = ok<{ records: SettlementBatchRecord[] }>(
      await post(SETTLEMENT_PATHS.batchList, { state: 'CLOSED', currency: 'EUR', pageSize: 50 }),
    );
    expect(eur.records.every((b) => b.currency === 'EUR')).toBe(true);
    const since = new Date(Date.now() - 3 * DAY).toISOString();
    const recent = ok<{ records: SettlementBatchRecord[] }>(
      await post(SETTLEMENT_PATHS.batchList, {
        state: 'CLOSED',
        createdFrom: since,
        createdTo: new Date().toISOString(),
        pageSize: 200,
      }),
    );
    expect(recent.records.every((b) => b.closesAt >= since)).toBe(true);
    const detail = ok<SettlementBatchRecord>(
      await get(SETTLEMENT_PATHS.batchDetail, { batchId: open.records[0].batchId }),
    );
    expect(detail).toEqual(open.records[0]);
    expect(
      ok<{ records: SettlementBatchRecord[] }>(
        await post(SETTLEMENT_PATHS.batchList, { state: 'OPEN', keyword: detail.batchId }),
      ).records,
    ).toEqual([detail]);
  });

  it("answers another merchant's or an unknown settlement and batch with 002001B023, never data", async () => {
    const notFound = async (res: Promise<{ body: { code: string; data: unknown } }>) => {
      const { body } = await res;
      expect(body.code).toBe('002001B023');
      expect(body.data ?? null).toBeNull();
    };
    await notFound(get(SETTLEMENT_PATHS.detail, { settlementId: foreign.settlement }));
    await notFound(get(SETTLEMENT_PATHS.detail, { settlementId: 'STL0000000000NOPE' }));
    await notFound(get(SETTLEMENT_PATHS.batchDetail, { batchId: foreign.batch }));
    await notFound(post(SETTLEMENT_PATHS.transactions, { settlementId: foreign.settlement }));
    await notFound(post(SETTLEMENT_PATHS.transactions, { batchId: foreign.batch }));
    expect(
      ok<{ records: SettlementRecord[] }>(await post(SETTLEMENT_PATHS.list, { keyword: foreign.settlement })).records,
    ).toEqual([]);
    expect(
      ok<{ records: SettlementBatchRecord[] }>(
        await post(SETTLEMENT_PATHS.batchList, { state: 'CLOSED', keyword: foreign.batch }),
      ).records,
    ).toEqual([]);
  });

  it('refuses bad input with a clear error naming the field, and writes nothing', async () => {
    const bad = async (res: Promise<{ body: { code: string; msg: string } }>, field: RegExp) => {
      const { body } = await res;
      expect(body.code, body.msg).toBe('001000B001');
      expect(body.msg).toMatch(field);
    };
    const from = new Date(Date.now() - 400 * DAY).toISOString();
    await bad(post(SETTLEMENT_PATHS.list, { createdFrom: from, createdTo: new Date().toISOString() }), /createdTo/);
    await bad(post(SETTLEMENT_PATHS.list, { currency: 'XXX' }), /currency/);
    await bad(post(SETTLEMENT_PATHS.list, { createdFrom: '0000-01-01T00:00:00Z' }), /createdFrom/);
    await bad(post(SETTLEMENT_PATHS.batchList, { state: 'MAYBE' }), /state/);
    await bad(post(SETTLEMENT_PATHS.batchList, { state: 'OPEN', pageSize: 10_000 }), /pageSize/);
    await bad(get(SETTLEMENT_PATHS.detail, { settlementId: "'; DROP TABLE settlements; --" }), /settlementId/);
    await bad(post(SETTLEMENT_PATHS.transactions, { settlementId: 'STL1', batchId: 'BAT1' }), /settlementId/);
    await bad(post(SETTLEMENT_PATHS.transactions, {}), /settlementId/);
    await bad(get(SETTLEMENT_PATHS.calendar, { month: '2026-13' }), /month/);
    await bad(get(SETTLEMENT_PATHS.calendar, { month: '0000-01' }), /month/);
    await bad(get(SETTLEMENT_PATHS.calendar, { month: '2026-11', country: 'ZZ' }), /country/);
    await bad(get(SETTLEMENT_PATHS.estimation, { days: '400' }), /days/);
  });

  it('estimates the coming days and draws the month calendar', async () => {
    const estimate = ok<{
      from: string;
      to: string;
      days: { day: string; net: number }[];
      next: { day: string } | null;
    }>(await get(SETTLEMENT_PATHS.estimation, { days: '30' }));
    expect(estimate.days.length).toBeGreaterThan(0);
    expect(estimate.days.every((d) => d.day >= estimate.from && d.day <= estimate.to)).toBe(true);
    const [{ unsettled }] = await typedRows(
      t.database.db,
      { unsettled: computedOrNull(Number) },
      sql`
      SELECT sum(gross - fees - refunds - disputes) AS unsettled FROM settlement_batches WHERE merchant_id = 'M1000001' AND status <> 'SETTLED'`,
    );
    expect(estimate.days.reduce((n, d) => n + d.net, 0)).toBe(unsettled ?? 0);
    expect(estimate.next?.day).toBe(estimate.days[0].day);

    const month = estimate.from.slice(0, 7);
    const calendar = ok<{
      country: string;
      countries: string[];
      days: { day: string; working: boolean; weekend: boolean; paid: unknown[]; holidays: string[] }[];
    }>(await get(SETTLEMENT_PATHS.calendar, { month }));
    expect(calendar.countries.length).toBeGreaterThan(1);
    expect(calendar.days[0].day).toBe(`${month}-01`);
    expect(calendar.days.filter((d) => d.weekend).every((d) => !d.working)).toBe(true);
    expect(calendar.days.some((d) => d.paid.length > 0)).toBe(true);
    // One country's calendar shows the batches that settle there (the euro's, in Germany), never on its closed days.
    const germany = ok<{
      days: { day: string; working: boolean; paid: { currency: string }[]; expected: { currency: string }[] }[];
    }>(await get(SETTLEMENT_PATHS.calendar, { month, country: 'DE' }));
    const shown = germany.days.flatMap((d) => [...d.paid, ...d.expected].map((a) => a.currency));
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set(['EUR']));
    expect(germany.days.filter((d) => !d.working && d.paid.length)).toEqual([]);
    const december = ok<{ days: { day: string; holidays: string[] }[] }>(
      await get(SETTLEMENT_PATHS.calendar, { month: '2026-12', country: 'DE' }),
    );
    expect(december.days.find((d) => d.day === '2026-12-25')?.holidays).toEqual(['Christmas Day']);
  });

  it('opens every call to the direct-payment roles and refuses the payout merchant (430)', async () => {
    const [settlement] = await t.database.db
      .select({ id: settlements.id, batch: settlementBatches.id })
      .from(settlements)
      .innerJoin(settlementBatches, eq(settlementBatches.settlementId, settlements.id))
      .where(eq(settlements.merchantId, 'M1000001'))
      .limit(1);
    const calls = (cookie: string) => [
      post(SETTLEMENT_PATHS.list, {}, cookie),
      get(SETTLEMENT_PATHS.detail, { settlementId: settlement.id }, cookie),
      post(SETTLEMENT_PATHS.transactions, { settlementId: settlement.id }, cookie),
      post(SETTLEMENT_PATHS.transactions, { batchId: settlement.batch }, cookie),
      post(SETTLEMENT_PATHS.batchList, { state: 'OPEN' }, cookie),
      get(SETTLEMENT_PATHS.batchDetail, { batchId: settlement.batch }, cookie),
      get(SETTLEMENT_PATHS.estimation, {}, cookie),
      get(SETTLEMENT_PATHS.calendar, { month: '2026-11' }, cookie),
    ];
    for (const email of ['owner@demo.test', 'finance@demo.test', 'viewer@demo.test']) {
      const cookie = await loginAs(t.app, email);
      for (const res of await Promise.all(calls(cookie)))
        expect(res.body.code, `${email}: ${res.body.msg}`).toBe('000000');
    }
    const payouts = await loginAs(t.app, 'payouts@demo.test');
    for (const res of await Promise.all(calls(payouts))) expect(res.status).toBe(430);
    // A role without the settlement pages (Operations) is refused by the server, the calendar's code included.
    await t.database.db.execute(
      sql`INSERT INTO users (merchant_id, email, name, role_code, status) VALUES ('M1000001', 'ops-settlements@demo.test', 'Ops', 'OPERATIONS', 'ACTIVE')`,
    );
    const [ops] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'ops-settlements@demo.test'));
    const opsCookie = `${SESSION_COOKIE}=${await createSession(t.database.db, { userId: ops.id, merchantId: 'M1000001', ip: '127.0.0.1', userAgent: 'settlement-test' })}`;
    for (const res of await Promise.all(calls(opsCookie))) expect(res.status).toBe(430);
  });

  it('exports the history and one settlement\u2019s payments, each row as the pages show it', async () => {
    // From noon UTC (the same day in UTC, where the export counts days, and in the merchant's zone, where the page
    // does).
    const since = `${new Date(Date.now() - 120 * DAY).toISOString().slice(0, 10)}T12:00:00.000Z`;
    const range = {
      createdFrom: since,
      createdTo: new Date(Date.now() + DAY).toISOString(),
      timeZone: 'UTC',
      format: 'CSV',
    };
    const exportCsv = async (body: Record<string, unknown>) => {
      const created = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload: { ...range, ...body } });
      expect(created.body.code, created.body.msg).toBe('000000');
      const done = await waitForExport(t.app, owner, created.body.data.exportId);
      expect(done.status, done.error).toBe('SUCCESS');
      const file = await t.app.inject({
        method: 'GET',
        url: REPORT_PATHS.download,
        query: { exportId: done.exportId },
        headers: { cookie: owner },
      });
      return parseCsv(file.body.replace(/^\uFEFF/, ''));
    };
    // The page under the export's range (the demo's subscriptions settled in USD before it).
    const usd = ok<{ total: number; records: SettlementRecord[] }>(
      await post(SETTLEMENT_PATHS.list, {
        currency: 'USD',
        pageSize: 200,
        createdFrom: range.createdFrom,
        createdTo: range.createdTo,
      }),
    );
    const history = await exportCsv({ type: 'SETTLEMENTS', filters: { currency: 'USD' } });
    expect(history[0]).toEqual([
      'Settlement ID',
      'Settlement day',
      'Currency',
      'Status',
      'Payments',
      'Gross',
      'Refunds',
      'Fees',
      'Dispute adjustments',
      'Net',
      'Bank reference',
      'Paid at (UTC)',
    ]);
    const rows = history.slice(1);
    expect(rows).toHaveLength(usd.total);
    const first = usd.records.find((r) => r.settlementId === rows[0][0])!;
    expect(rows[0].slice(1, 11)).toEqual([
      first.settlementDay,
      'USD',
      'PAID',
      String(first.paymentCount),
      formatAmount(first.gross, 'USD'),
      formatAmount(first.refunds, 'USD'),
      formatAmount(first.fees, 'USD'),
      formatAmount(first.disputes, 'USD'),
      formatAmount(first.net, 'USD'),
      first.bankReference,
    ]);

    const settlement = usd.records[0];
    const payments = await exportCsv({
      type: 'SETTLEMENT_TRANSACTIONS',
      filters: { settlementId: settlement.settlementId },
    });
    expect(payments[0]).toEqual([
      'Payment ID',
      'Merchant order no.',
      'Batch ID',
      'Captured at (UTC)',
      'Method',
      'Currency',
      'Gross',
      'Fee',
      'Refund deducted',
      'Net',
    ]);
    expect(payments.slice(1)).toHaveLength(settlement.paymentCount);
    const netOf = payments.slice(1).reduce((n, r) => n + Math.round(Number(r[9]) * 100), 0);
    expect(netOf).toBe(settlement.net);
    // Another merchant's settlement exports nothing of theirs.
    expect(
      (await exportCsv({ type: 'SETTLEMENT_TRANSACTIONS', filters: { settlementId: foreign.settlement } })).slice(1),
    ).toEqual([]);
    // The sub-merchant's own user sees it after switching: the filter follows the active merchant.
    expect((await call(t.app, 'POST', SWITCH, { cookie: owner, payload: { merchantId: 'M1000001' } })).body.code).toBe(
      '000000',
    );
  });
});
