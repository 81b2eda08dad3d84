import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_PATHS } from '@mbo/contracts/account';
import { EXACT_COUNT_LIMIT, PAYMENT_PATHS } from '@mbo/contracts/payments';
import { payments } from '../../db/payments-schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { listPayments, paymentStatusCounts } from './list-payments';
import { balanceOf, createPayment, postRefund } from './test-payments';

/** The demo data has payments of its own: these tests look at a month of 2001 that only they fill. */
const RANGE = { createdFrom: '2001-03-01T00:00:00Z', createdTo: '2001-03-31T23:59:59Z' };
const at = (day: number) => new Date(Date.UTC(2001, 2, day, 12));

describe('payments', () => {
  let t: TestApp;
  let owner: string;
  const ids: Record<string, string> = {};
  const db = () => t.database.db;
  const list = async (filters: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', PAYMENT_PATHS.list, { cookie: owner, payload: { ...RANGE, ...filters } });
    expect(res.body.code, JSON.stringify(res.body)).toBe('000000');
    return res.body.data as { total: number; totalExact: boolean; records: { paymentId: string }[] };
  };
  const listed = async (filters: Record<string, unknown>) => (await list(filters)).records.map((r) => r.paymentId);

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxRefundDelayMs: 600_000 } });
    owner = await loginAs(t.app, 'owner@demo.test');
    ids.a = (
      await createPayment(db(), {
        amount: 1000,
        currency: 'USD',
        createdAt: at(1),
        customerEmail: 'alice@shop.test',
        country: 'NL',
      })
    ).id;
    ids.b = (
      await createPayment(db(), {
        amount: 5000,
        currency: 'USD',
        status: 'FAILED',
        createdAt: at(2),
        payMethodName: 'MASTERCARD',
        country: 'DE',
      })
    ).id;
    ids.c = (
      await createPayment(db(), {
        amount: 3000,
        currency: 'EUR',
        createdAt: at(3),
        customerEmail: 'Bob.Smith@Shop.test',
        payMethodType: 'EWALLET',
        payMethodName: 'PAYPAL',
      })
    ).id;
    ids.d = (
      await createPayment(db(), { amount: 700, currency: 'JPY', status: 'PENDING', createdAt: at(4), country: 'JP' })
    ).id;
    ids.e = (await createPayment(db(), { amount: 2000, currency: 'USD', status: 'CANCELLED', createdAt: at(5) })).id;
    // Another merchant's payment in the same month never shows.
    await createPayment(db(), { merchantId: 'M1000002', amount: 1000, currency: 'USD', createdAt: at(6) });
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the merchant's payments newest first, with the total and money in minor units", async () => {
    const page = await list({});
    expect(page).toMatchObject({ total: 5, totalExact: true });
    expect(page.records.map((r) => r.paymentId)).toEqual([ids.e, ids.d, ids.c, ids.b, ids.a]);
    expect(page.records[4]).toMatchObject({
      paymentId: ids.a,
      amount: 1000,
      fee: 59,
      net: 941,
      currency: 'USD',
      status: 'SUCCESS',
      refundStatus: 'NONE',
      refundedAmount: 0,
      payMethodType: 'CARD',
      payMethodName: 'VISA',
      country: 'NL',
      customerEmail: 'alice@shop.test',
      cardMasked: '411111••••••1111',
      createdAt: at(1).toISOString(),
      paidAt: at(1).toISOString(),
    });
    const second = await list({ pageNum: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 5 });
    expect(second.records.map((r) => r.paymentId)).toEqual([ids.c, ids.b]);
  });

  it('applies every filter and sort', async () => {
    expect(await listed({ status: ['SUCCESS'] })).toEqual([ids.c, ids.a]);
    expect(await listed({ status: ['FAILED', 'PENDING'] })).toEqual([ids.d, ids.b]);
    expect(await listed({ payMethodType: 'EWALLET' })).toEqual([ids.c]);
    expect(await listed({ payMethodName: 'MASTERCARD' })).toEqual([ids.b]);
    expect(await listed({ currency: 'USD' })).toEqual([ids.e, ids.b, ids.a]);
    expect(await listed({ amountMin: 2000, amountMax: 3000 })).toEqual([ids.e, ids.c]);
    expect(await listed({ country: 'JP' })).toEqual([ids.d]);
    expect(await listed({ createdFrom: at(2).toISOString(), createdTo: at(3).toISOString() })).toEqual([ids.c, ids.b]);
    expect(await listed({ sort: 'amount:asc' })).toEqual([ids.d, ids.a, ids.e, ids.c, ids.b]);
    expect(await listed({ sort: 'amount:desc' })).toEqual([ids.b, ids.c, ids.e, ids.a, ids.d]);
    expect(await listed({ sort: 'createdAt:asc' })).toEqual([ids.a, ids.b, ids.c, ids.d, ids.e]);
  });

  it('searches by exact payment id, exact merchant order no, or customer email prefix (any case)', async () => {
    expect(await listed({ keyword: ids.c })).toEqual([ids.c]);
    const [order] = await db()
      .select({ merchant_order_no: payments.merchantOrderNo })
      .from(payments)
      .where(eq(payments.id, ids.d));
    expect(await listed({ keyword: order.merchant_order_no })).toEqual([ids.d]);
    expect(await listed({ keyword: 'bob.smith@shop' })).toEqual([ids.c]);
    expect(await listed({ keyword: 'ALICE@SHOP.TEST' })).toEqual([ids.a]);
    expect(await listed({ keyword: '%' })).toEqual([]);
    expect(await listed({ keyword: ids.c.slice(0, 10) })).toEqual([]);
  });

  it('counts per status with the same filters except status', async () => {
    const res = await call(t.app, 'POST', PAYMENT_PATHS.statusCount, {
      cookie: owner,
      payload: { ...RANGE, status: ['SUCCESS'] },
    });
    expect(res.body.data).toEqual({ ALL: 5, SUCCESS: 2, FAILED: 1, PENDING: 1, CANCELLED: 1 });
    const usd = await call(t.app, 'POST', PAYMENT_PATHS.statusCount, {
      cookie: owner,
      payload: { ...RANGE, currency: 'USD' },
    });
    expect(usd.body.data).toEqual({ ALL: 3, SUCCESS: 1, FAILED: 1, PENDING: 0, CANCELLED: 1 });
  });

  it("shows a payment's detail with timeline, dispute and why it cannot be refunded", async () => {
    await db().execute(sql`
      INSERT INTO disputes (id, merchant_id, type, status, payment_id, amount, currency, reason, due_at)
      VALUES ('DSP-TEST-1', 'M1000001', 'CHARGEBACK', 'EVIDENCE_REQUIRED', ${ids.a}, 1000, 'USD', 'FRAUDULENT', '2001-04-01T00:00:00Z')`);
    const res = await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: owner, query: { paymentId: ids.a } });
    expect(res.body.data).toMatchObject({
      paymentId: ids.a,
      amount: 1000,
      fee: 59,
      net: 941,
      description: '',
      failureReason: null,
      paymentLinkId: null,
      agreement: null,
      events: [
        { type: 'CREATED', status: 'PENDING' },
        { type: 'CAPTURED', status: 'SUCCESS' },
      ],
      refund: null,
      dispute: {
        disputeId: 'DSP-TEST-1',
        type: 'CHARGEBACK',
        status: 'EVIDENCE_REQUIRED',
        amount: 1000,
        reason: 'FRAUDULENT',
        dueAt: '2001-04-01T00:00:00.000Z',
      },
      refundableAmount: 0,
      refundBlocked: 'DISPUTED',
    });
    const failed = await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: owner, query: { paymentId: ids.b } });
    expect(failed.body.data).toMatchObject({
      status: 'FAILED',
      failureReason: 'Declined',
      refundableAmount: 0,
      refundBlocked: 'NOT_SUCCEEDED',
    });
    const fresh = await createPayment(db(), { amount: 4321 });
    const ok = await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: owner, query: { paymentId: fresh.id } });
    expect(ok.body.data).toMatchObject({ refundableAmount: 4321, refundBlocked: null, dispute: null });
    const missing = await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: owner, query: { paymentId: 'PAY0000' } });
    expect(missing.body).toMatchObject({ code: '003001B022', msg: 'Order not found.' });
  });

  it("gives KPIs for today, 7 and 30 days in the merchant's time zone, and a 30-day series", async () => {
    const kpis = async (currency?: string) =>
      (await call(t.app, 'GET', PAYMENT_PATHS.kpis, { cookie: owner, query: currency ? { currency } : {} })).body.data;
    const before = await kpis('SGD');
    await createPayment(db(), { amount: 10_000, currency: 'SGD' });
    const refunded = await createPayment(db(), { amount: 5_000, currency: 'SGD' });
    await createPayment(db(), { amount: 7_000, currency: 'SGD', status: 'FAILED' });
    expect(
      (await postRefund(t.app, owner, { paymentId: refunded.id, amount: '10', reason: 'DUPLICATE' })).body.code,
    ).toBe('000000');
    const after = await kpis('SGD');
    expect(after.currency).toBe('SGD');
    expect(after.currencies).toContain('SGD');
    for (const w of ['today', 'last7Days', 'last30Days'] as const) {
      expect(after[w].volume - before[w].volume).toBe(15_000);
      expect(after[w].count - before[w].count).toBe(3);
      expect(after[w].successCount - before[w].successCount).toBe(2);
      expect(after[w].refundedAmount - before[w].refundedAmount).toBe(1000);
      expect(after[w].refundCount - before[w].refundCount).toBe(1);
      expect(after[w].successRate).toBeGreaterThan(0);
    }
    expect(after.daily).toHaveLength(30);
    expect(after.daily.at(-1).volume - before.daily.at(-1).volume).toBe(15_000);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    expect(after.daily.at(-1).date).toBe(today);
    const preferred = await kpis();
    expect(preferred.currencies.length).toBeGreaterThan(0);
    expect(preferred.currency).toBe(preferred.currencies[0]);
  });

  it('estimates totals above EXACT_COUNT_LIMIT instead of counting a million rows', async () => {
    await db().execute(sql`
      INSERT INTO payments (id, merchant_id, merchant_order_no, amount, currency, status, pay_method_type, pay_method_name, country, customer_email, customer_name, created_at)
      SELECT 'PAYBULK' || g, 'M1000003', 'ORDBULK' || g, 100 + g, 'SGD', CASE WHEN g % 10 = 0 THEN 'FAILED' ELSE 'SUCCESS' END, 'CARD', 'VISA', 'SG',
             'bulk' || g || '@example.test', 'Bulk', TIMESTAMPTZ '2002-01-01' + g * interval '1 minute'
        FROM generate_series(1, ${EXACT_COUNT_LIMIT + 1500}) g`);
    await db().execute(sql`ANALYZE payments`);
    const range = { createdFrom: '2002-01-01T00:00:00Z', createdTo: '2002-12-31T00:00:00Z' };
    const page = await listPayments(db(), 'M1000003', { ...range, pageNum: 1, pageSize: 20, sort: 'createdAt:desc' });
    expect(page.totalExact).toBe(false);
    expect(page.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(page.records[0].paymentId).toBe(`PAYBULK${EXACT_COUNT_LIMIT + 1500}`);
    const failed = await listPayments(db(), 'M1000003', {
      ...range,
      status: ['FAILED'],
      pageNum: 1,
      pageSize: 20,
      sort: 'createdAt:desc',
    });
    expect(failed).toMatchObject({ total: (EXACT_COUNT_LIMIT + 1500) / 10, totalExact: true });
    const counts = await paymentStatusCounts(db(), 'M1000003', range);
    expect(counts.FAILED).toBe((EXACT_COUNT_LIMIT + 1500) / 10);
    expect(counts.SUCCESS).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(counts.ALL).toBe(counts.SUCCESS + counts.FAILED);
  });

  it('lists balances per currency from the ledger', async () => {
    const res = await call(t.app, 'GET', ACCOUNT_PATHS.balances, { cookie: owner });
    const usd = (res.body.data as { currency: string; available: number; pending: number; reserved: number }[]).find(
      (b) => b.currency === 'USD',
    );
    expect(usd).toEqual({
      currency: 'USD',
      available: await balanceOf(db(), 'M1000001', 'USD'),
      pending: await balanceOf(db(), 'M1000001', 'USD', 'PENDING'),
      reserved: await balanceOf(db(), 'M1000001', 'USD', 'RESERVED'),
    });
    const viewer = await loginAs(t.app, 'viewer@demo.test');
    expect((await call(t.app, 'GET', ACCOUNT_PATHS.balances, { cookie: viewer })).body.code).toBe('000000');
  });
});
