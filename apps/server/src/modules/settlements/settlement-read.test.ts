import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatAmount } from '@mbo/contracts/money';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import {
  SETTLEMENT_PATHS,
  type SettlementBatchPage,
  type SettlementBatchRecord,
  type SettlementDetail,
  type SettlementPage,
  type SettlementTransactionPage,
} from '@mbo/contracts/settlements';
import { users } from '../../db/schema';
import { createSession, SESSION_COOKIE } from '../../plugins/session-store';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { parseCsv, waitForExport } from '../reports/reports-test-helpers';

/** Two merchants of this file's own (Tokyo and UTC), so every settlement, batch and payment is known. */
const MA = 'M3000071';
const MB = 'M3000072';

/**
 * [id, merchant, currency, day, status, batches, payments, refunds, gross, refunds, fees, net, bank reference, ledger
 * tx, paid at]
 */
const SETTLEMENTS = [
  [
    'STLA1',
    MA,
    'EUR',
    '2026-03-02',
    'PAID',
    1,
    3,
    1,
    17_000,
    2_000,
    510,
    14_490,
    'REF-A1',
    777,
    '2026-03-02T03:00:00Z',
  ],
  ['STLA2', MA, 'EUR', '2026-03-03', 'PENDING', 2, 4, 1, 21_000, 1_000, 630, 19_370, null, null, null],
  ['STLA3', MA, 'USD', '2026-03-03', 'PAID', 1, 1, 0, 2_500, 0, 75, 2_425, 'REF-A3', 778, '2026-03-03T03:00:00Z'],
  ['STLB1', MB, 'EUR', '2026-03-03', 'PAID', 1, 1, 0, 9_999, 0, 0, 9_999, 'REF-B1', 779, '2026-03-03T03:00:00Z'],
] as const;

/**
 * [id, merchant, currency, status, business day, closes at, due day, payments, gross, fees, refund count, refunds,
 * settlement]
 */
const BATCHES = [
  [
    'BATA1',
    MA,
    'EUR',
    'SETTLED',
    '2026-02-27',
    '2026-02-27T06:00:00Z',
    '2026-03-02',
    3,
    17_000,
    510,
    1,
    2_000,
    'STLA1',
  ],
  [
    'BATA2',
    MA,
    'EUR',
    'SETTLED',
    '2026-02-28',
    '2026-02-28T06:00:00Z',
    '2026-03-03',
    2,
    12_000,
    360,
    1,
    1_000,
    'STLA2',
  ],
  ['BATA3', MA, 'EUR', 'SETTLED', '2026-03-01', '2026-03-01T06:00:00Z', '2026-03-03', 2, 9_000, 270, 0, 0, 'STLA2'],
  ['BATA4', MA, 'USD', 'SETTLED', '2026-02-28', '2026-02-28T06:00:00Z', '2026-03-03', 1, 2_500, 75, 0, 0, 'STLA3'],
  ['BATA5', MA, 'EUR', 'CLOSED', '2026-03-02', '2026-03-02T06:00:00Z', '2026-03-04', 1, 1_000, 30, 0, 0, null],
  ['BATA6', MA, 'EUR', 'OPEN', '2026-03-03', '2026-03-03T06:00:00Z', '2026-03-05', 1, 700, 21, 0, 0, null],
  ['BATB1', MB, 'EUR', 'SETTLED', '2026-02-28', '2026-02-28T06:00:00Z', '2026-03-03', 1, 9_999, 0, 0, 0, 'STLB1'],
] as const;

/** [id, merchant, batch, currency, amount, fee, paid at] */
const PAYMENTS = [
  ['PA11', MA, 'BATA1', 'EUR', 10_000, 300, '2026-02-27T01:00:00Z'],
  ['PA12', MA, 'BATA1', 'EUR', 5_000, 150, '2026-02-27T02:00:00Z'],
  ['PA13', MA, 'BATA1', 'EUR', 2_000, 60, '2026-02-27T03:00:00Z'],
  ['PA21', MA, 'BATA2', 'EUR', 8_000, 240, '2026-02-28T01:00:00Z'],
  ['PA22', MA, 'BATA2', 'EUR', 4_000, 120, '2026-02-28T04:00:00Z'],
  // Captured between BATA2's two payments, in another batch of the same settlement: the pages interleave the batches.
  ['PA32', MA, 'BATA3', 'EUR', 3_000, 90, '2026-02-28T03:00:00Z'],
  ['PA31', MA, 'BATA3', 'EUR', 6_000, 180, '2026-03-01T02:00:00Z'],
  ['PA41', MA, 'BATA4', 'USD', 2_500, 75, '2026-02-28T02:00:00Z'],
  ['PA51', MA, 'BATA5', 'EUR', 1_000, 30, '2026-03-02T02:00:00Z'],
  ['PA61', MA, 'BATA6', 'EUR', 700, 21, '2026-03-03T02:00:00Z'],
  ['PB11', MB, 'BATB1', 'EUR', 9_999, 0, '2026-02-28T02:30:00Z'],
] as const;

/** [id, payment, amount, batch]: RA13 came from the available balance (no batch), so it is no deduction of BATA1. */
const REFUNDS = [
  ['RA12', 'PA12', 2_000, 'BATA1'],
  ['RA13', 'PA13', 500, null],
  ['RA22', 'PA22', 1_000, 'BATA2'],
] as const;

describe('settlement read API on fixtures of its own', () => {
  let t: TestApp;
  let owner: string;
  const db = () => t.database.db;
  const post = (url: string, payload: unknown, cookie = owner) => call(t.app, 'POST', url, { cookie, payload });
  const get = (url: string, query: Record<string, string>, cookie = owner) =>
    call(t.app, 'GET', url, { cookie, query });
  const ok = async <T>(res: Promise<{ body: { code: string; msg: string; data: unknown } }>): Promise<T> => {
    const { body } = await res;
    expect(body.code, body.msg).toBe('000000');
    return body.data as T;
  };
  const settlements = (payload: Record<string, unknown>) => ok<SettlementPage>(post(SETTLEMENT_PATHS.list, payload));
  const batches = (payload: Record<string, unknown>) =>
    ok<SettlementBatchPage>(post(SETTLEMENT_PATHS.batchList, payload));
  const transactions = (payload: Record<string, unknown>) =>
    ok<SettlementTransactionPage>(post(SETTLEMENT_PATHS.transactions, payload));

  async function sessionOf(merchantId: string, email: string, roleCode: string): Promise<string> {
    const [user] = await db()
      .insert(users)
      .values({ merchantId, email, name: 'Settlement tester', roleCode, status: 'ACTIVE' })
      .returning({ id: users.id });
    return `${SESSION_COOKIE}=${await createSession(db(), { userId: user.id, merchantId, ip: '127.0.0.1', userAgent: 'settlement-read-test' })}`;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await db().execute(sql`INSERT INTO merchants (id, name, parent_id, sign_product, time_zone) VALUES
      (${MA}, 'Settlement Read KK', NULL, 'DIRECT_PAYMENT', 'Asia/Tokyo'), (${MB}, 'Settlement Other Ltd', NULL, 'DIRECT_PAYMENT', 'UTC')`);
    for (const [
      id,
      merchant,
      currency,
      day,
      status,
      batchCount,
      payments,
      refundCount,
      gross,
      refunds,
      fees,
      net,
      reference,
      ledger,
      paidAt,
    ] of SETTLEMENTS) {
      await db()
        .execute(sql`INSERT INTO settlements (id, merchant_id, currency, settlement_day, status, batch_count, payment_count, refund_count,
          gross, refunds, fees, net, bank_account, bank_reference, ledger_transaction_id, created_at, paid_at)
        VALUES (${id}, ${merchant}, ${currency}, ${day}, ${status}, ${batchCount}, ${payments}, ${refundCount}, ${gross}, ${refunds}, ${fees}, ${net},
          'DE89 **** 3000', ${reference}, ${ledger}, ${`${day}T00:30:00Z`}, ${paidAt})`);
    }
    for (const [
      id,
      merchant,
      currency,
      status,
      businessDay,
      closesAt,
      dueDay,
      payments,
      gross,
      fees,
      refundCount,
      refunds,
      settlement,
    ] of BATCHES) {
      await db()
        .execute(sql`INSERT INTO settlement_batches (id, merchant_id, currency, batch_key, settlement_cycle_days, settlement_country, time_zone,
          cutoff_time, business_day, closes_at, due_day, status, payment_count, gross, fees, refund_count, refunds, settlement_id, closed_at, settled_at)
        VALUES (${id}, ${merchant}, ${currency}, ${`test:${id}`}, 2, 'JP', 'Asia/Tokyo', '15:00', ${businessDay}, ${closesAt}, ${dueDay}, ${status},
          ${payments}, ${gross}, ${fees}, ${refundCount}, ${refunds}, ${settlement},
          ${status === 'OPEN' ? null : closesAt}, ${status === 'SETTLED' ? `${dueDay}T00:30:00Z` : null})`);
    }
    for (const [id, merchant, batch, currency, amount, fee, paidAt] of PAYMENTS) {
      const refunded = REFUNDS.find((r) => r[1] === id)?.[2] ?? 0;
      await db()
        .execute(sql`INSERT INTO payments (id, merchant_id, merchant_order_no, amount, currency, fee, status, refund_status, refunded_amount,
          pay_method_type, pay_method_name, country, customer_email, customer_name, batch_id, created_at, paid_at)
        VALUES (${id}, ${merchant}, ${`ORD-${id}`}, ${amount}, ${currency}, ${fee}, 'SUCCESS', ${refunded ? 'PARTIALLY_REFUNDED' : 'NONE'}, ${refunded},
          'CARD', 'Visa', 'JP', 'buyer@example.test', 'Buyer', ${batch}, ${paidAt}, ${paidAt})`);
    }
    for (const [id, payment, amount, batch] of REFUNDS) {
      await db()
        .execute(sql`INSERT INTO refunds (id, merchant_id, payment_id, amount, currency, reason, status, batch_id, finished_at)
        VALUES (${id}, ${MA}, ${payment}, ${amount}, 'EUR', 'REQUESTED_BY_CUSTOMER', 'SUCCESS', ${batch}, now())`);
    }
    owner = await sessionOf(MA, 'settlement-read-owner@demo.test', 'OWNER');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the merchant\u2019s settlements by day (ties by id), pages them, and totals every matching row per currency', async () => {
    const all = await settlements({ pageSize: 1 });
    expect(all.total).toBe(3);
    expect(all.records.map((r) => r.settlementId)).toEqual(['STLA3']);
    expect(all.totals).toEqual([
      { currency: 'EUR', count: 2, gross: 38_000, refunds: 3_000, fees: 1_140, disputes: 0, reserve: 0, net: 33_860 },
      { currency: 'USD', count: 1, gross: 2_500, refunds: 0, fees: 75, disputes: 0, reserve: 0, net: 2_425 },
    ]);
    expect((await settlements({ pageSize: 2, pageNum: 2 })).records.map((r) => r.settlementId)).toEqual(['STLA1']);
    expect((await settlements({ pageSize: 2, pageNum: 3 })).records).toEqual([]);
    expect((await settlements({ sort: 'settlementDay:asc' })).records.map((r) => r.settlementId)).toEqual([
      'STLA1',
      'STLA2',
      'STLA3',
    ]);
    const [first] = (await settlements({ sort: 'settlementDay:asc', pageSize: 1 })).records;
    expect(first).toEqual({
      settlementId: 'STLA1',
      currency: 'EUR',
      settlementDay: '2026-03-02',
      status: 'PAID',
      batchCount: 1,
      paymentCount: 3,
      refundCount: 1,
      gross: 17_000,
      refunds: 2_000,
      fees: 510,
      disputes: 0,
      reserve: 0,
      net: 14_490,
      bankAccount: 'DE89 **** 3000',
      bankReference: 'REF-A1',
      createdAt: '2026-03-02T00:30:00.000Z',
      paidAt: '2026-03-02T03:00:00.000Z',
    });
  });

  it('filters by status, currency, exact keyword and by settlement days in the merchant\u2019s zone', async () => {
    const ids = async (payload: Record<string, unknown>) =>
      (await settlements(payload)).records.map((r) => r.settlementId);
    expect(await ids({ status: ['PENDING'] })).toEqual(['STLA2']);
    const paid = await settlements({ status: ['PAID'] });
    expect(paid.records.map((r) => r.settlementId)).toEqual(['STLA3', 'STLA1']);
    expect(paid.totals.map((x) => [x.currency, x.count, x.net])).toEqual([
      ['EUR', 1, 14_490],
      ['USD', 1, 2_425],
    ]);
    expect(await ids({ currency: 'USD' })).toEqual(['STLA3']);
    expect(await ids({ currency: 'JPY' })).toEqual([]);
    expect(await ids({ keyword: 'STLA2' })).toEqual(['STLA2']);
    expect(await ids({ keyword: 'REF-A3' })).toEqual(['STLA3']);
    expect(await ids({ keyword: 'STLA' })).toEqual([]);
    // 3 March in Tokyo is 2 March 15:00 UTC to 3 March 14:59 UTC: read as UTC days it would also take 2 March (STLA1).
    expect(await ids({ createdFrom: '2026-03-02T15:00:00Z', createdTo: '2026-03-03T14:59:59.999Z' })).toEqual([
      'STLA3',
      'STLA2',
    ]);
    expect(await ids({ createdFrom: '2026-03-01T15:00:00Z', createdTo: '2026-03-02T14:59:59.999Z' })).toEqual([
      'STLA1',
    ]);
    expect(await ids({ createdFrom: '2026-03-03T15:00:00Z' })).toEqual([]);
    const none = await settlements({ status: ['FAILED'] });
    expect([none.total, none.records, none.totals]).toEqual([0, [], []]);
  });

  it('details a settlement with its batches, newest cut-off first, whose nets add up to it', async () => {
    const detail = await ok<SettlementDetail>(get(SETTLEMENT_PATHS.detail, { settlementId: 'STLA2' }));
    expect(detail.batches.map((b) => b.batchId)).toEqual(['BATA3', 'BATA2']);
    expect(detail.batches.map((b) => b.net)).toEqual([8_730, 10_640]);
    expect(detail.batches.reduce((n, b) => n + b.net, 0)).toBe(detail.net);
    expect(detail).toMatchObject({
      settlementId: 'STLA2',
      status: 'PENDING',
      net: 19_370,
      bankReference: null,
      paidAt: null,
      ledgerTransactionId: null,
    });
    expect(
      (await ok<SettlementDetail>(get(SETTLEMENT_PATHS.detail, { settlementId: 'STLA1' }))).ledgerTransactionId,
    ).toBe('777');
  });

  it('pages a settlement\u2019s payments newest capture first across its batches, each net less the refund deducted in its batch', async () => {
    const page1 = await transactions({ settlementId: 'STLA2', pageSize: 2 });
    const page2 = await transactions({ settlementId: 'STLA2', pageSize: 2, pageNum: 2 });
    expect([page1.total, page2.total]).toEqual([4, 4]);
    expect([...page1.records, ...page2.records].map((r) => [r.paymentId, r.batchId, r.net])).toEqual([
      ['PA31', 'BATA3', 5_820],
      ['PA22', 'BATA2', 2_880],
      ['PA32', 'BATA3', 2_910],
      ['PA21', 'BATA2', 7_760],
    ]);
    expect(page1.records[1]).toEqual({
      paymentId: 'PA22',
      merchantOrderNo: 'ORD-PA22',
      batchId: 'BATA2',
      currency: 'EUR',
      payMethodName: 'Visa',
      capturedAt: '2026-02-28T04:00:00.000Z',
      gross: 4_000,
      fee: 120,
      refunded: 1_000,
      refundId: 'RA22',
      disputed: 0,
      disputeId: null,
      net: 2_880,
    });
    expect(await transactions({ settlementId: 'STLA2', pageSize: 2, pageNum: 3 })).toEqual({ total: 4, records: [] });
    // A refund taken from the available balance (RA13) is no deduction of the batch.
    const first = await transactions({ settlementId: 'STLA1' });
    expect(first.records.map((r) => [r.paymentId, r.refunded, r.refundId, r.net])).toEqual([
      ['PA13', 0, null, 1_940],
      ['PA12', 2_000, 'RA12', 2_850],
      ['PA11', 0, null, 9_700],
    ]);
    // Per batch, the payments' nets add up to the batch's net, and per settlement to the settlement's.
    for (const [settlementId] of SETTLEMENTS.filter((s) => s[1] === MA)) {
      const detail = await ok<SettlementDetail>(get(SETTLEMENT_PATHS.detail, { settlementId }));
      expect((await transactions({ settlementId, pageSize: 200 })).records.reduce((n, r) => n + r.net, 0)).toBe(
        detail.net,
      );
      for (const batch of detail.batches) {
        const of = await transactions({ batchId: batch.batchId, pageSize: 200 });
        expect(of.total).toBe(batch.paymentCount);
        expect(of.records.reduce((n, r) => n + r.net, 0)).toBe(batch.net);
        expect(of.records.reduce((n, r) => n + r.refunded, 0)).toBe(batch.refunds);
      }
    }
    expect((await transactions({ batchId: 'BATA6' })).records.map((r) => r.paymentId)).toEqual(['PA61']);
  });

  it('lists open batches and the closed history apart, filtered, sorted and paged, with their details', async () => {
    const ids = async (payload: Record<string, unknown>) => (await batches(payload)).records.map((r) => r.batchId);
    const open = await batches({ state: 'OPEN' });
    expect(open.total).toBe(1);
    expect(open.records).toEqual([
      expect.objectContaining({ batchId: 'BATA6', status: 'OPEN', settlementId: null, closedAt: null, net: 679 }),
    ]);
    const closed = await batches({ state: 'CLOSED' });
    expect(closed.total).toBe(5);
    expect(closed.records.map((b) => [b.batchId, b.status])).toEqual([
      ['BATA5', 'CLOSED'],
      ['BATA3', 'SETTLED'],
      ['BATA4', 'SETTLED'],
      ['BATA2', 'SETTLED'],
      ['BATA1', 'SETTLED'],
    ]);
    expect(await ids({ state: 'CLOSED', sort: 'closesAt:asc' })).toEqual(['BATA1', 'BATA2', 'BATA4', 'BATA3', 'BATA5']);
    const page = await batches({ state: 'CLOSED', pageSize: 2, pageNum: 2 });
    expect([page.total, page.records.map((b) => b.batchId)]).toEqual([5, ['BATA4', 'BATA2']]);
    expect(await ids({ state: 'CLOSED', currency: 'USD' })).toEqual(['BATA4']);
    expect(await ids({ state: 'CLOSED', keyword: 'BATA3' })).toEqual(['BATA3']);
    expect(await ids({ state: 'OPEN', keyword: 'BATA3' })).toEqual([]);
    expect(
      await ids({ state: 'CLOSED', createdFrom: '2026-02-28T06:00:00Z', createdTo: '2026-03-01T06:00:00Z' }),
    ).toEqual(['BATA3', 'BATA4', 'BATA2']);

    const detail = await ok<SettlementBatchRecord>(get(SETTLEMENT_PATHS.batchDetail, { batchId: 'BATA2' }));
    expect(detail).toEqual(closed.records[3]);
    expect(detail).toEqual({
      batchId: 'BATA2',
      currency: 'EUR',
      status: 'SETTLED',
      businessDay: '2026-02-28',
      closesAt: '2026-02-28T06:00:00.000Z',
      dueDay: '2026-03-03',
      settlementCycleDays: 2,
      settlementCountry: 'JP',
      timeZone: 'Asia/Tokyo',
      cutoffTime: '15:00',
      paymentCount: 2,
      gross: 12_000,
      fees: 360,
      refundCount: 1,
      refunds: 1_000,
      disputeCount: 0,
      disputes: 0,
      net: 10_640,
      settlementId: 'STLA2',
      createdAt: expect.any(String),
      closedAt: '2026-02-28T06:00:00.000Z',
      settledAt: '2026-03-03T00:30:00.000Z',
    });
  });

  it('answers another merchant\u2019s or an unknown id with 002001B023 and lists nothing of theirs', async () => {
    const notFound = async (res: Promise<{ body: { code: string; data: unknown } }>) => {
      const { body } = await res;
      expect(body.code).toBe('002001B023');
      expect(body.data ?? null).toBeNull();
    };
    await notFound(get(SETTLEMENT_PATHS.detail, { settlementId: 'STLB1' }));
    await notFound(get(SETTLEMENT_PATHS.detail, { settlementId: 'STLNOPE' }));
    await notFound(get(SETTLEMENT_PATHS.batchDetail, { batchId: 'BATB1' }));
    await notFound(get(SETTLEMENT_PATHS.batchDetail, { batchId: 'BATNOPE' }));
    await notFound(post(SETTLEMENT_PATHS.transactions, { settlementId: 'STLB1' }));
    await notFound(post(SETTLEMENT_PATHS.transactions, { batchId: 'BATB1' }));
    expect((await settlements({ keyword: 'STLB1' })).records).toEqual([]);
    expect((await settlements({ keyword: 'REF-B1' })).records).toEqual([]);
    expect((await batches({ state: 'CLOSED', keyword: 'BATB1' })).records).toEqual([]);
    // And the other way round: the demo merchant's owner gets nothing of this file's merchant.
    const demo = await loginAs(t.app, 'owner@demo.test');
    await notFound(get(SETTLEMENT_PATHS.detail, { settlementId: 'STLA1' }, demo));
    await notFound(post(SETTLEMENT_PATHS.transactions, { batchId: 'BATA1' }, demo));
  });

  it('refuses ids of the wrong shape and bad filters with the validation error naming the field', async () => {
    const bad = async (res: Promise<{ body: { code: string; msg: string } }>, field: RegExp) => {
      const { body } = await res;
      expect(body.code, body.msg).toBe('001000B001');
      expect(body.msg).toMatch(field);
    };
    await bad(get(SETTLEMENT_PATHS.detail, { settlementId: 'BATA1' }), /settlementId/);
    await bad(get(SETTLEMENT_PATHS.batchDetail, { batchId: 'STLA1' }), /batchId/);
    await bad(post(SETTLEMENT_PATHS.transactions, { batchId: 'BAT-A1' }), /batchId/);
    await bad(post(SETTLEMENT_PATHS.batchList, { state: 'CLOSED', currency: 'EURO' }), /currency/);
    await bad(
      post(SETTLEMENT_PATHS.batchList, {
        state: 'CLOSED',
        createdFrom: '2025-01-01T00:00:00Z',
        createdTo: '2026-03-01T00:00:00Z',
      }),
      /createdTo/,
    );
    await bad(
      post(SETTLEMENT_PATHS.list, { createdFrom: '2026-03-02T00:00:00Z', createdTo: '2026-03-01T00:00:00Z' }),
      /createdTo/,
    );
    await bad(post(SETTLEMENT_PATHS.list, { status: ['SETTLED'] }), /status/);
    await bad(post(SETTLEMENT_PATHS.list, { sort: 'net:desc' }), /sort/);
    await bad(get(SETTLEMENT_PATHS.calendar, { month: '2026-3' }), /month/);
  });

  it('refuses every call to a role without the settlement menus (430, 002001B024)', async () => {
    const developer = await sessionOf(MA, 'settlement-read-dev@demo.test', 'DEVELOPER');
    const calls = [
      post(SETTLEMENT_PATHS.list, {}, developer),
      get(SETTLEMENT_PATHS.detail, { settlementId: 'STLA1' }, developer),
      post(SETTLEMENT_PATHS.transactions, { settlementId: 'STLA1' }, developer),
      post(SETTLEMENT_PATHS.transactions, { batchId: 'BATA1' }, developer),
      post(SETTLEMENT_PATHS.batchList, { state: 'OPEN' }, developer),
      get(SETTLEMENT_PATHS.batchDetail, { batchId: 'BATA1' }, developer),
      get(SETTLEMENT_PATHS.estimation, {}, developer),
      get(SETTLEMENT_PATHS.calendar, { month: '2026-03' }, developer),
    ];
    for (const res of await Promise.all(calls))
      expect([res.status, res.body.code, res.body.data ?? null]).toEqual([430, '002001B024', null]);
  });

  it('exports the history with its filters and days in the export\u2019s zone, and a batch\u2019s or settlement\u2019s payments, never another merchant\u2019s', async () => {
    const tokyo = {
      timeZone: 'Asia/Tokyo',
      format: 'CSV',
      createdFrom: '2026-02-01T00:00:00+09:00',
      createdTo: '2026-03-31T23:59:59.999+09:00',
    };
    const exportCsv = async (body: Record<string, unknown>) => {
      const created = await post(REPORT_PATHS.create, { ...tokyo, ...body });
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
    const eur = (minor: number) => formatAmount(minor, 'EUR');
    const history = await exportCsv({ type: 'SETTLEMENTS', filters: { currency: 'EUR' } });
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
      'Paid at (Asia/Tokyo)',
    ]);
    expect(
      history
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['STLA1', 'STLA2']);
    expect(history.find((r) => r[0] === 'STLA1')).toEqual([
      'STLA1',
      '2026-03-02',
      'EUR',
      'PAID',
      '3',
      eur(17_000),
      eur(2_000),
      eur(510),
      eur(0),
      eur(14_490),
      'REF-A1',
      '2026-03-02 12:00:00',
    ]);
    expect(history.find((r) => r[0] === 'STLA2')).toEqual([
      'STLA2',
      '2026-03-03',
      'EUR',
      'PENDING',
      '4',
      eur(21_000),
      eur(1_000),
      eur(630),
      eur(0),
      eur(19_370),
      '',
      '',
    ]);
    // The range's days in Tokyo: 2 March only.
    const day = await exportCsv({
      type: 'SETTLEMENTS',
      createdFrom: '2026-03-02T00:00:00+09:00',
      createdTo: '2026-03-02T23:59:59.999+09:00',
    });
    expect(day.slice(1).map((r) => r[0])).toEqual(['STLA1']);

    const batch = await exportCsv({ type: 'SETTLEMENT_TRANSACTIONS', filters: { batchId: 'BATA2' } });
    expect(batch[0]).toEqual([
      'Payment ID',
      'Merchant order no.',
      'Batch ID',
      'Captured at (Asia/Tokyo)',
      'Method',
      'Currency',
      'Gross',
      'Fee',
      'Refund deducted',
      'Net',
    ]);
    expect(
      batch
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['PA21', 'PA22']);
    expect(batch.find((r) => r[0] === 'PA22')).toEqual([
      'PA22',
      'ORD-PA22',
      'BATA2',
      '2026-02-28 13:00:00',
      'Visa',
      'EUR',
      eur(4_000),
      eur(120),
      eur(1_000),
      eur(2_880),
    ]);
    const settlement = await exportCsv({ type: 'SETTLEMENT_TRANSACTIONS', filters: { settlementId: 'STLA2' } });
    expect(
      settlement
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['PA21', 'PA22', 'PA31', 'PA32']);
    expect(settlement.slice(1).reduce((n, r) => n + Math.round(Number(r[9]) * 100), 0)).toBe(19_370);
    expect((await exportCsv({ type: 'SETTLEMENT_TRANSACTIONS', filters: { settlementId: 'STLB1' } })).slice(1)).toEqual(
      [],
    );
    expect((await exportCsv({ type: 'SETTLEMENT_TRANSACTIONS', filters: { batchId: 'BATB1' } })).slice(1)).toEqual([]);

    const refused = async (body: Record<string, unknown>, field: RegExp) => {
      const res = await post(REPORT_PATHS.create, { ...tokyo, ...body });
      expect(res.body.code, res.body.msg).toBe('001000B001');
      expect(res.body.msg).toMatch(field);
    };
    await refused(
      { type: 'SETTLEMENT_TRANSACTIONS', filters: { settlementId: 'STLA2', batchId: 'BATA2' } },
      /filters\.settlementId/,
    );
    await refused({ type: 'SETTLEMENT_TRANSACTIONS', filters: { settlementId: 'PA21' } }, /filters\.settlementId/);
    await refused({ type: 'SETTLEMENTS', filters: { currency: 'EURO' } }, /filters\.currency/);
  });
});
