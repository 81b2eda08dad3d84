import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PAYMENT_LINK_PATHS, type PaymentLinkPayment } from '@mbo/contracts/payment-links';
import { paymentLinks } from '../../db/payments-schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

describe('payment link detail and its payments', () => {
  let t: TestApp;
  let owner: string;
  let viewer: string;
  let europe: string;
  let yogaId: string;
  beforeAll(async () => {
    t = await createTestApp();
    [owner, viewer, europe] = await Promise.all([
      loginAs(t.app, 'owner@demo.test'),
      loginAs(t.app, 'viewer@demo.test'),
      loginAs(t.app, 'owner@demo.test'),
    ]);
    // The owner's second session acts for the sub-merchant Demo Store Europe.
    expect(
      (
        await call(t.app, 'POST', '/usercenter/web/v1/switch-user-access-merchant', {
          cookie: europe,
          payload: { merchantId: 'M1000002' },
        })
      ).body.code,
    ).toBe('000000');
    // The demo data's reusable link with payments (seed/demo-payment-links.ts).
    [{ id: yogaId }] = await t.database.db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.description, 'Yoga class drop-in'), eq(paymentLinks.merchantId, 'M1000001')));
  });
  afterAll(async () => {
    await t.close();
  });

  const detail = (linkId: string, cookie = owner) =>
    call(t.app, 'GET', PAYMENT_LINK_PATHS.detail, { cookie, query: { linkId } });
  const payments = (payload: unknown, cookie = owner) =>
    call(t.app, 'POST', PAYMENT_LINK_PATHS.payments, { cookie, payload });

  it('shows the link with its URL and totals', async () => {
    const res = await detail(yogaId);
    expect(res.body.code).toBe('000000');
    expect(res.body.data).toMatchObject({
      linkId: yogaId,
      url: `http://localhost:8080/pay/${yogaId}`,
      amount: 1500,
      currency: 'EUR',
      description: 'Yoga class drop-in',
      reusable: true,
      status: 'ACTIVE',
      paidCount: 4,
      deactivatedAt: null,
      pendingPaymentId: null,
      totals: { payments: 5, succeeded: 4, succeededAmount: 6000, pending: 0, failed: 1 },
    });
    const deactivated = (
      await t.database.db
        .select({ id: paymentLinks.id })
        .from(paymentLinks)
        .where(eq(paymentLinks.description, 'Tokyo pop-up ticket'))
    )[0];
    const jpy = (await detail(deactivated.id)).body.data;
    expect(jpy).toMatchObject({
      status: 'DEACTIVATED',
      currency: 'JPY',
      totals: { succeeded: 2, succeededAmount: 6000 },
    });
    expect(Date.parse(jpy.deactivatedAt)).toBeLessThan(Date.now());
  });

  it('pages the link payments newest first, card as brand and last 4 only', async () => {
    const first = await payments({ linkId: yogaId, pageSize: 2 });
    expect(first.body.code).toBe('000000');
    expect(first.body.data.total).toBe(5);
    const records: PaymentLinkPayment[] = first.body.data.records;
    expect(records).toHaveLength(2);
    expect(Date.parse(records[0].createdAt)).toBeGreaterThan(Date.parse(records[1].createdAt));
    expect(Object.keys(records[0]).sort()).toEqual(
      [
        'amount',
        'cardLast4',
        'createdAt',
        'currency',
        'customerEmail',
        'customerName',
        'failureReason',
        'paidAt',
        'payMethodName',
        'paymentId',
        'status',
      ].sort(),
    );
    const last = await payments({ linkId: yogaId, pageNum: 3, pageSize: 2 });
    expect(last.body.data.records).toHaveLength(1);
    const all = (await payments({ linkId: yogaId, pageSize: 100 })).body.data.records as PaymentLinkPayment[];
    expect(all.map((p) => p.status)).toEqual(['SUCCESS', 'SUCCESS', 'FAILED', 'SUCCESS', 'SUCCESS']);
    expect(all.every((p) => p.amount === 1500 && p.currency === 'EUR' && (p.cardLast4 ?? '').length === 4)).toBe(true);
    expect(all.find((p) => p.status === 'FAILED')).toMatchObject({
      failureReason: 'Card declined (sandbox test card)',
      paidAt: null,
    });
    // Each one opens on the payment detail.
    const one = await call(t.app, 'GET', '/acquiring/web/v1/payment/detail', {
      cookie: owner,
      query: { paymentId: all[0].paymentId },
    });
    expect(one.body.data).toMatchObject({ paymentId: all[0].paymentId, paymentLinkId: yogaId });
  });

  it('shows a new link with no payments yet', async () => {
    const created = await call(t.app, 'POST', PAYMENT_LINK_PATHS.create, {
      cookie: owner,
      payload: { amount: '9.99', currency: 'USD', description: 'Fresh link', reusable: false, expiresInDays: 3 },
    });
    const linkId = created.body.data.linkId;
    expect((await detail(linkId)).body.data).toMatchObject({
      status: 'ACTIVE',
      totals: { payments: 0, succeeded: 0, succeededAmount: 0, pending: 0, failed: 0 },
    });
    expect((await payments({ linkId })).body.data).toEqual({ total: 0, records: [] });
  });

  it('lets a viewer look, and keeps merchants apart ("Order not found.")', async () => {
    expect((await detail(yogaId, viewer)).body.data.linkId).toBe(yogaId);
    expect((await payments({ linkId: yogaId }, viewer)).body.data.total).toBe(5);
    expect((await detail(yogaId, europe)).body).toMatchObject({ code: '003001B022', msg: 'Order not found.' });
    expect((await payments({ linkId: yogaId }, europe)).body).toMatchObject({ code: '003001B022' });
    expect((await detail('PL0000000000000000000')).body.code).toBe('003001B022');
    expect((await call(t.app, 'GET', PAYMENT_LINK_PATHS.detail, { query: { linkId: yogaId } })).status).toBe(431);
  });

  it('answers bad input with an error naming the field', async () => {
    for (const query of [{}, { linkId: '' }, { linkId: 'x'.repeat(100) }] as Record<string, string>[]) {
      const res = await call(t.app, 'GET', PAYMENT_LINK_PATHS.detail, { cookie: owner, query });
      expect(res.body.code, JSON.stringify(query)).toBe('001000B001');
      expect(res.body.msg).toContain('linkId');
    }
    for (const payload of [{}, { linkId: yogaId, pageSize: 101 }, { linkId: yogaId, pageNum: 0 }, { linkId: 42 }]) {
      const res = await payments(payload);
      expect(res.status, JSON.stringify(payload)).toBe(200);
      expect(res.body.code, JSON.stringify(payload)).toBe('001000B001');
    }
  });
});
