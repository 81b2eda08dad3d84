import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, sql } from 'drizzle-orm';
import {
  BALANCE_TRANSACTION_PATHS,
  type BalanceTransactionRecord,
  type ListBalanceTransactionsRequest,
} from '@mbo/contracts/balance-transactions';
import { EXACT_COUNT_LIMIT } from '@mbo/contracts/payments';
import { ledgerTransactions } from '../../db/payments-schema';
import { users } from '../../db/schema';
import { settlements } from '../../db/settlements-schema';
import { computed, typedRows } from '../../db/typed-rows';
import { createSession, SESSION_COOKIE } from '../../plugins/session-store';
import { seedDemoPayinServices } from '../../seed/demo-payin-services';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { createPayment, postRefund, settleAll } from '../payments/test-payments';
import { processDueRefunds } from '../refunds';
import { listBalanceTransactions } from './list-balance-transactions';
import { listBalances } from './list-balances';

/** A merchant of this file's own, so every balance starts at zero and every row is known. */
const MT = 'M3000001';
const SWITCH = '/usercenter/web/v1/switch-user-access-merchant';

describe('balance transactions and sub-merchant balances', () => {
  let t: TestApp;
  let cookie: string;
  const db = () => t.database.db;

  async function sessionOf(merchantId: string, email: string, roleCode: string): Promise<string> {
    const [user] = await db()
      .insert(users)
      .values({ merchantId, email, name: 'Balance tester', roleCode, status: 'ACTIVE' })
      .returning({ id: users.id });
    return `${SESSION_COOKIE}=${await createSession(db(), { userId: user.id, merchantId, ip: '127.0.0.1', userAgent: 'balance-test' })}`;
  }

  async function list(payload: ListBalanceTransactionsRequest, as = cookie) {
    const res = await call(t.app, 'POST', BALANCE_TRANSACTION_PATHS.list, { cookie: as, payload });
    expect(res.body.code, JSON.stringify(res.body)).toBe('000000');
    return res.body.data as { total: number; totalExact: boolean; records: BalanceTransactionRecord[] };
  }
  const ids = async (payload: ListBalanceTransactionsRequest) =>
    (await list({ pageSize: 100, ...payload })).records.map((r) => r.transactionId);

  // The merchant's history, oldest first (one ledger transaction each).
  const history: BalanceTransactionRecord[] = [];
  let capture: { id: string; fee: number; net: number };
  let second: { id: string; fee: number; net: number };
  let yen: { id: string; fee: number; net: number };
  let refundId: string;
  let failedRefundId: string;
  /** The two settlements the settlement cycle made: the first capture's, then the second's. */
  let settlementIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxRefundDelayMs: 600_000 } });
    await db().execute(
      sql`INSERT INTO merchants (id, name, parent_id, sign_product, time_zone) VALUES (${MT}, 'Balance Test Ltd', NULL, 'DIRECT_PAYMENT', 'Europe/Amsterdam')`,
    );
    await seedDemoPayinServices(db(), [MT]);
    cookie = await sessionOf(MT, 'balance-owner@demo.test', 'OWNER');
    capture = await createPayment(db(), { merchantId: MT, amount: 10_000, currency: 'EUR', settle: false });
    await settleAll(db(), MT);
    const refund = await postRefund(t.app, cookie, {
      paymentId: capture.id,
      amount: '12.34',
      reason: 'REQUESTED_BY_CUSTOMER',
    });
    expect(refund.body.code, refund.body.msg).toBe('000000');
    refundId = refund.body.data.refundId;
    second = await createPayment(db(), { merchantId: MT, amount: 5_000, currency: 'EUR' });
    const failing = await postRefund(t.app, cookie, {
      paymentId: second.id,
      amount: '1.00',
      reason: 'OTHER',
      note: 'sandbox:fail',
    });
    expect(failing.body.code, failing.body.msg).toBe('000000');
    failedRefundId = failing.body.data.refundId;
    expect(await processDueRefunds(db(), 0)).toBeGreaterThanOrEqual(2);
    yen = await createPayment(db(), { merchantId: MT, amount: 5_000, currency: 'JPY', settle: false });
    settlementIds = (
      await db()
        .select({ id: settlements.id })
        .from(settlements)
        .where(eq(settlements.merchantId, MT))
        .orderBy(asc(settlements.createdAt), asc(settlements.id))
    ).map((r) => r.id);
    expect(settlementIds).toHaveLength(2);
    history.push(...(await list({ pageSize: 100, sort: 'createdAt:asc' })).records);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every ledger movement of the merchant with its changes and the balances after it', () => {
    /**
     * The expected record: [type, reference type, reference id, currency], [available, pending] changes, [available,
     * pending] after.
     */
    const row = (
      [type, referenceType, referenceId, currency]: string[],
      [availableChange, pendingChange]: number[],
      [availableAfter, pendingAfter]: number[],
    ) => ({
      transactionId: expect.any(String),
      createdAt: expect.any(String),
      type,
      referenceType,
      referenceId,
      currency,
      availableChange,
      pendingChange,
      reservedChange: 0,
      net: availableChange + pendingChange,
      availableAfter,
      pendingAfter,
      reservedAfter: 0,
    });
    const [net1, net2] = [capture.net, second.net];
    expect(history).toEqual([
      // A capture: the gross less the fee into pending.
      row(['CAPTURE', 'PAYMENT', capture.id, 'EUR'], [0, net1], [0, net1]),
      // A settlement: pending to available, the merchant's money unchanged (net 0).
      row(['SETTLEMENT', 'SETTLEMENT', settlementIds[0], 'EUR'], [net1, -net1], [net1, 0]),
      // A refund: out of available.
      row(['REFUND', 'REFUND', refundId, 'EUR'], [-1234, 0], [net1 - 1234, 0]),
      row(['CAPTURE', 'PAYMENT', second.id, 'EUR'], [0, net2], [net1 - 1234, net2]),
      row(['SETTLEMENT', 'SETTLEMENT', settlementIds[1], 'EUR'], [net2, -net2], [net1 - 1234 + net2, 0]),
      row(['REFUND', 'REFUND', failedRefundId, 'EUR'], [-100, 0], [net1 - 1234 + net2 - 100, 0]),
      // The failed refund's money goes back to available.
      row(['REFUND_REVERSAL', 'REFUND', failedRefundId, 'EUR'], [100, 0], [net1 - 1234 + net2, 0]),
      // Another currency has balances of its own.
      row(['CAPTURE', 'PAYMENT', yen.id, 'JPY'], [0, yen.net], [0, yen.net]),
    ]);
    expect(history.map((r) => r.net)).toEqual([net1, 0, -1234, net2, 0, -100, 100, yen.net]);
    expect(capture.fee).toBeGreaterThan(0);
    const times = history.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('agrees with the balances per currency after the last movement', async () => {
    const balances = await listBalances(db(), MT);
    for (const b of balances) {
      const last = history.filter((r) => r.currency === b.currency).at(-1)!;
      expect({ available: last.availableAfter, pending: last.pendingAfter, reserved: last.reservedAfter }).toEqual({
        available: b.available,
        pending: b.pending,
        reserved: b.reserved,
      });
    }
    expect(balances.map((b) => b.currency).sort()).toEqual(['EUR', 'JPY']);
  });

  it('sorts newest or oldest first and pages with an exact total', async () => {
    const newest = await list({ pageSize: 100 });
    expect(newest).toMatchObject({ total: 8, totalExact: true });
    expect(newest.records).toEqual([...history].reverse());
    const pages: string[] = [];
    for (let pageNum = 1; pageNum <= 3; pageNum++) {
      const page = await list({ pageNum, pageSize: 3, sort: 'createdAt:asc' });
      expect(page.total).toBe(8);
      pages.push(...page.records.map((r) => r.transactionId));
    }
    expect(pages).toEqual(history.map((r) => r.transactionId));
    expect((await list({ pageNum: 4, pageSize: 3 })).records).toEqual([]);
  });

  it('filters by currency, type set, created date range and reference id, alone and together', async () => {
    const idsOf = (pick: (r: BalanceTransactionRecord) => boolean) =>
      history
        .filter(pick)
        .map((r) => r.transactionId)
        .reverse();
    expect(await ids({ currency: 'JPY' })).toEqual(idsOf((r) => r.currency === 'JPY'));
    expect(await ids({ currency: 'EUR' })).toEqual(idsOf((r) => r.currency === 'EUR'));
    expect(await ids({ currency: 'GBP' })).toEqual([]);
    expect(await ids({ type: ['CAPTURE'] })).toEqual(idsOf((r) => r.type === 'CAPTURE'));
    expect(await ids({ type: ['REFUND', 'REFUND_REVERSAL'] })).toEqual(idsOf((r) => r.type.startsWith('REFUND')));
    expect(await ids({ type: ['CAPTURE'], currency: 'JPY' })).toEqual(
      idsOf((r) => r.type === 'CAPTURE' && r.currency === 'JPY'),
    );
    expect(await ids({ type: ['SETTLEMENT', 'CAPTURE'], sort: 'createdAt:asc' })).toEqual(
      idsOf((r) => r.type === 'SETTLEMENT' || r.type === 'CAPTURE').reverse(),
    );
    // Paging through the union of the type branches.
    const refunds = idsOf((r) => r.type.startsWith('REFUND'));
    const second = await list({ type: ['REFUND_REVERSAL', 'REFUND'], pageNum: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, totalExact: true });
    expect(second.records.map((r) => r.transactionId)).toEqual(refunds.slice(2));
    // The keyword is an exact reference id of any type (a refund's id finds it and its reversal).
    expect(await ids({ keyword: failedRefundId })).toEqual(idsOf((r) => r.referenceId === failedRefundId));
    expect(await ids({ keyword: ` ${capture.id} ` })).toEqual(idsOf((r) => r.referenceId === capture.id));
    expect(await ids({ keyword: capture.id.slice(0, -1) })).toEqual([]);
    expect(await ids({ keyword: failedRefundId, type: ['REFUND_REVERSAL'] })).toEqual(
      idsOf((r) => r.type === 'REFUND_REVERSAL'),
    );
    // Created dates, both ends included (to the microsecond: the record's createdAt is cut to milliseconds).
    const exact = async (r: BalanceTransactionRecord) =>
      (
        await typedRows(
          db(),
          { at: computed(String) },
          sql`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM ledger_transactions WHERE id = ${r.transactionId}`,
        )
      )[0].at;
    const [from, to] = [await exact(history[2]), await exact(history[5])];
    expect(await ids({ createdFrom: from, createdTo: to })).toEqual(
      history
        .slice(2, 6)
        .map((r) => r.transactionId)
        .reverse(),
    );
    expect(await ids({ createdFrom: from, createdTo: to, type: ['SETTLEMENT'] })).toEqual([history[4].transactionId]);
    const counted = await list({ createdFrom: from, currency: 'EUR' });
    expect(counted).toMatchObject({ total: 5, totalExact: true });
  });

  it("never shows another merchant's rows; a sub-merchant switch shows the sub-merchant's own", async () => {
    const owner = await loginAs(t.app, 'owner@demo.test');
    const demo = await list({ pageSize: 200 }, owner);
    expect(demo.total).toBeGreaterThan(200);
    const merchantsOf = async (records: BalanceTransactionRecord[]) => [
      ...new Set(
        (
          await typedRows(
            db(),
            { merchant_id: ledgerTransactions.merchantId },
            sql`SELECT DISTINCT merchant_id FROM ledger_transactions WHERE id IN (${sql.join(
              records.map((r) => sql`${r.transactionId}`),
              sql`, `,
            )})`,
          )
        ).map((r) => r.merchant_id),
      ),
    ];
    expect(await merchantsOf(demo.records)).toEqual(['M1000001']);
    // Another merchant's reference is "nothing", both ways.
    expect((await list({ keyword: capture.id }, owner)).records).toEqual([]);
    expect((await list({ keyword: demo.records[0].referenceId })).records).toEqual([]);
    expect((await call(t.app, 'POST', SWITCH, { cookie: owner, payload: { merchantId: 'M1000002' } })).body.code).toBe(
      '000000',
    );
    const europe = await list({ pageSize: 200 }, owner);
    expect(europe.records.length).toBeGreaterThan(0);
    expect(await merchantsOf(europe.records)).toEqual(['M1000002']);
    const [row] = await db()
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.merchantId, 'M1000002'));
    expect(europe).toMatchObject({ total: row.n, totalExact: true });
    // Its sub-merchant roll-up is empty: a sub-merchant has none.
    expect(
      (await call(t.app, 'GET', BALANCE_TRANSACTION_PATHS.subMerchantBalances, { cookie: owner })).body,
    ).toMatchObject({ code: '000000', data: [] });
  });

  it("rolls up the sub-merchants' balances for a parent, [] for a merchant without any", async () => {
    const owner = await loginAs(t.app, 'owner@demo.test');
    const res = await call(t.app, 'GET', BALANCE_TRANSACTION_PATHS.subMerchantBalances, { cookie: owner });
    expect(res.body.code).toBe('000000');
    expect(
      res.body.data.map((m: { merchantId: string; merchantName: string }) => [m.merchantId, m.merchantName]),
    ).toEqual([
      ['M1000003', 'Demo Store Asia'],
      ['M1000002', 'Demo Store Europe'],
    ]);
    for (const m of res.body.data as { merchantId: string; balances: unknown[] }[]) {
      expect(m.balances.length).toBeGreaterThan(0);
      expect(m.balances).toEqual(await listBalances(db(), m.merchantId));
    }
    // A new sub-merchant without money yet is listed with no balances.
    await db().execute(
      sql`INSERT INTO merchants (id, name, parent_id, sign_product) VALUES ('M3000002', 'Demo Store Zero', 'M1000001', 'DIRECT_PAYMENT')`,
    );
    const again = await call(t.app, 'GET', BALANCE_TRANSACTION_PATHS.subMerchantBalances, { cookie: owner });
    expect(again.body.data.at(-1)).toEqual({ merchantId: 'M3000002', merchantName: 'Demo Store Zero', balances: [] });
    expect((await call(t.app, 'GET', BALANCE_TRANSACTION_PATHS.subMerchantBalances, { cookie })).body).toMatchObject({
      code: '000000',
      data: [],
    });
  });

  it('answers the roles with the balance page, of either product type, and refuses the others', async () => {
    const viewer = await loginAs(t.app, 'viewer@demo.test');
    expect((await list({ pageSize: 5 }, viewer)).records).toHaveLength(5);
    // A payout merchant has a balance page too: its own (empty) movements and no sub-merchants.
    const payouts = await loginAs(t.app, 'payouts@demo.test');
    // The payout merchant (no card payments) sees its own top-ups, withdrawals and payouts only.
    const theirs = await list({ pageSize: 200 }, payouts);
    expect(theirs.total).toBeGreaterThan(0);
    expect(new Set(theirs.records.map((r: { type: string }) => r.type))).toEqual(
      new Set(['TOP_UP', 'WITHDRAWAL', 'WITHDRAWAL_PAID', 'PAYOUT', 'PAYOUT_PAID', 'PAYOUT_RETURN']),
    );
    expect(
      (await call(t.app, 'GET', BALANCE_TRANSACTION_PATHS.subMerchantBalances, { cookie: payouts })).body,
    ).toMatchObject({ code: '000000', data: [] });
    const developer = await sessionOf('M1000001', 'balance-developer@demo.test', 'DEVELOPER');
    for (const [method, url] of [
      ['POST', BALANCE_TRANSACTION_PATHS.list],
      ['GET', BALANCE_TRANSACTION_PATHS.subMerchantBalances],
    ] as const) {
      const res = await call(t.app, method, url, { cookie: developer, payload: method === 'POST' ? {} : undefined });
      expect(res.status, url).toBe(430);
      expect(res.body, url).toMatchObject({ code: '002001B024', data: null });
    }
    expect((await call(t.app, 'POST', BALANCE_TRANSACTION_PATHS.list, { payload: {} })).status).toBe(431);
  });

  it('answers bad input with a catalogue error naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: ['PAYOUT_TO_MARS'] }, 'type.0'],
      [{ type: 'CAPTURE' }, 'type'],
      [{ currency: 'XXX' }, 'currency'],
      [{ keyword: 'K'.repeat(65) }, 'keyword'],
      [{ createdFrom: '0000-01-01T00:00:00Z' }, 'createdFrom'],
      [{ createdTo: '10000-01-01T00:00:00Z' }, 'createdTo'],
      [{ sort: 'amount:desc' }, 'sort'],
      [{ pageSize: 201 }, 'pageSize'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(t.app, 'POST', BALANCE_TRANSACTION_PATHS.list, { cookie, payload });
      expect(res.status).toBe(200);
      expect(res.body.code, field).toBe('001000B001');
      expect(res.body.msg, field).toMatch(new RegExp(`^Invalid request: ${field.replace('.', '\\.')} `));
      expect(res.body.data.fields[0].field).toBe(field);
    }
  });

  it('counts exactly up to the limit and estimates above it, also under a type filter', async () => {
    const M = 'M3000009';
    await db().execute(
      sql`INSERT INTO ledger_accounts (owner, currency, type) VALUES (${M}, 'EUR', 'CLEARING'), (${M}, 'EUR', 'PENDING')`,
    );
    // In batches: within one transaction every entry updates the same two account rows.
    const batches = 11;
    const per = Math.ceil((EXACT_COUNT_LIMIT + 50) / batches);
    for (let b = 0; b < batches; b++) {
      await db().transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO ledger_transactions (merchant_id, kind, currency, reference_type, reference_id, created_at)
          SELECT ${M}, CASE WHEN g % 2500 = 0 THEN 'REFUND_REVERSAL' ELSE 'CAPTURE' END, 'EUR', 'PAYMENT', 'PAYBULK' || g,
                 timestamptz '2021-01-01T00:00:00Z' + g * interval '1 minute'
            FROM generate_series(${b * per + 1}::int, ${(b + 1) * per}::int) g`);
        await tx.execute(sql`
          INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
          SELECT t.id, a.id, 'EUR', CASE a.type WHEN 'CLEARING' THEN -100 ELSE 100 END
            FROM ledger_transactions t JOIN ledger_accounts a ON a.owner = t.merchant_id AND a.currency = t.currency
           WHERE t.merchant_id = ${M} AND t.reference_id IN (SELECT 'PAYBULK' || g FROM generate_series(${b * per + 1}::int, ${(b + 1) * per}::int) g)
           ORDER BY t.id, a.id`);
      });
    }
    const q = { pageNum: 1, pageSize: 20, sort: 'createdAt:desc' } as const;
    const all = await listBalanceTransactions(db(), M, q);
    expect(all.totalExact).toBe(false);
    expect(all.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(all.records[0]).toMatchObject({
      referenceId: `PAYBULK${batches * per}`,
      pendingChange: 100,
      pendingAfter: batches * per * 100,
    });
    const rare = await listBalanceTransactions(db(), M, { ...q, type: ['REFUND_REVERSAL'] });
    expect(rare.totalExact).toBe(true);
    expect(rare).toMatchObject({ total: 4, totalExact: true });
    expect(rare.records.map((r) => r.referenceId)).toEqual([
      'PAYBULK10000',
      'PAYBULK7500',
      'PAYBULK5000',
      'PAYBULK2500',
    ]);
  });
});
