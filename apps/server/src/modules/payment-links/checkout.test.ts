import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_LINK_PATHS, TEST_CARDS } from '@mbo/contracts/payment-links';
import { ledgerTransactions, paymentLinks, payments } from '../../db/payments-schema';
import { computed, typedRows } from '../../db/typed-rows';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

/** The payment columns these tests look at. */
const PAYMENT = {
  id: payments.id,
  merchant_id: payments.merchantId,
  amount: payments.amount,
  currency: payments.currency,
  fee: payments.fee,
  status: payments.status,
  pay_method_type: payments.payMethodType,
  pay_method_name: payments.payMethodName,
  card_bin: payments.cardBin,
  card_last4: payments.cardLast4,
  customer_email: payments.customerEmail,
  failure_reason: payments.failureReason,
  payment_link_id: payments.paymentLinkId,
  country: payments.country,
};

const CUSTOMER = { email: 'ana@example.com', name: 'Ana Customer', expiry: '12/39', cvc: '123' };

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

describe('hosted checkout', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  async function newLink(overrides: Record<string, unknown> = {}): Promise<string> {
    const res = await call(t.app, 'POST', PAYMENT_LINK_PATHS.create, {
      cookie: owner,
      payload: {
        amount: '25.00',
        currency: 'EUR',
        description: 'Concert <ticket> & "fees"',
        reusable: false,
        expiresInDays: 7,
        ...overrides,
      },
    });
    expect(res.body.code).toBe('000000');
    return res.body.data.linkId;
  }

  const open = (linkId: string) => t.app.inject({ method: 'GET', url: `/pay/${linkId}` });
  // Each payment from its own address: the per-address pay limit is not what these tests are about.
  let payAddress = 0;
  const pay = (linkId: string, cardNumber: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/pay/${linkId}`,
      remoteAddress: `127.77.${(payAddress >> 8) & 255}.${payAddress++ & 255}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'shop.test:8080',
        origin: 'http://shop.test:8080',
      },
      payload: form({ ...CUSTOMER, cardNumber, ...extra }),
    });
  const paymentsOf = async (linkId: string) =>
    t.database.db.select(PAYMENT).from(payments).where(eq(payments.paymentLinkId, linkId)).orderBy(payments.createdAt);
  const capturesOf = async (paymentId: string) =>
    t.database.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.referenceType, 'PAYMENT'), eq(ledgerTransactions.referenceId, paymentId)));
  const linkRow = async (linkId: string) =>
    (
      await t.database.db
        .select({ status: paymentLinks.status, paid_count: paymentLinks.paidCount })
        .from(paymentLinks)
        .where(eq(paymentLinks.id, linkId))
    )[0];

  it('shows the link without a login: merchant, escaped description, amount, the form and the test cards', async () => {
    const linkId = await newLink();
    const res = await open(linkId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('Demo Store');
    expect(html).toContain('Concert &lt;ticket&gt; &amp; &quot;fees&quot;');
    expect(html).toContain('€25.00');
    expect(html).not.toMatch(/<script/i);
    for (const label of ['Email', 'Name on card', 'Card number', 'Expiry (MM/YY)', 'CVC'])
      expect(html).toContain(`>${label}</label>`);
    for (const card of Object.values(TEST_CARDS)) expect(html).toContain(card.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(html).toContain(`action="/pay/${linkId}"`);
  });

  it('pays with the success card: SUCCESS, captured in the ledger, card kept as BIN + last 4, link PAID', async () => {
    const linkId = await newLink();
    const res = await pay(linkId, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(303);
    const [payment] = await paymentsOf(linkId);
    expect(res.headers.location).toBe(`/pay/${linkId}/payments/${payment.id}`);
    expect(payment).toMatchObject({
      merchant_id: 'M1000001',
      currency: 'EUR',
      status: 'SUCCESS',
      pay_method_type: 'CARD',
      pay_method_name: 'VISA',
      card_bin: '424242',
      card_last4: '4242',
      customer_email: 'ana@example.com',
      failure_reason: null,
      country: 'NL',
    });
    expect(Number(payment.amount)).toBe(2500);
    expect(Number(payment.fee)).toBe(72 + 30); // 2.9 % of 2500 = 72.5, rounded half-even (fees.ts), + 30
    expect(await capturesOf(payment.id)).toEqual([{ kind: 'CAPTURE' }]);
    // The whole number is nowhere in the database.
    const leaks = await typedRows(
      t.database.db,
      { n: computed(Number) },
      sql`SELECT count(*) AS n FROM payments p WHERE p::text LIKE ${'%' + TEST_CARDS.SUCCESS + '%'}`,
    );
    expect(leaks[0].n).toBe(0);
    expect(await linkRow(linkId)).toEqual({ status: 'PAID', paid_count: 1 });

    const result = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain('Payment successful');
    expect(result.body).toContain(payment.id);

    // A single-use link refuses a second payment, as a page.
    const again = await pay(linkId, TEST_CARDS.SUCCESS);
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This payment link is no longer active.');
    expect(again.body).toContain('already been paid');
    expect(await paymentsOf(linkId)).toHaveLength(1);
    expect((await open(linkId)).statusCode).toBe(410);

    // The merchant sees it as PAID in the list.
    const listed = await call(t.app, 'POST', PAYMENT_LINK_PATHS.list, { cookie: owner, payload: { keyword: linkId } });
    expect(listed.body.data.records[0]).toMatchObject({ status: 'PAID', paidCount: 1 });
  });

  it('declines the declined card (FAILED, no ledger entry, link still open) and any unknown card', async () => {
    const linkId = await newLink();
    const declined = await pay(linkId, TEST_CARDS.DECLINED);
    expect(declined.statusCode).toBe(303);
    const unknown = await pay(linkId, '5555555555554444');
    expect(unknown.statusCode).toBe(303);
    const [first, second] = await paymentsOf(linkId);
    expect(first).toMatchObject({
      status: 'FAILED',
      failure_reason: 'Card declined (sandbox test card)',
      card_bin: '400000',
      card_last4: '0002',
    });
    expect(Number(first.fee)).toBe(0);
    expect(second).toMatchObject({
      status: 'FAILED',
      failure_reason: 'Unknown test card',
      pay_method_name: 'MASTERCARD',
      card_bin: '555555',
      card_last4: '4444',
    });
    expect(await capturesOf(first.id)).toEqual([]);
    expect(await linkRow(linkId)).toEqual({ status: 'ACTIVE', paid_count: 0 });
    const page = await t.app.inject({ method: 'GET', url: declined.headers.location as string });
    expect(page.body).toContain('Payment declined');
    expect(page.body).toContain('Card declined (sandbox test card)');
    expect(page.body).toContain('Try another card');
  });

  it('leaves the pending card PENDING without a capture', async () => {
    const linkId = await newLink();
    const res = await pay(linkId, TEST_CARDS.PENDING);
    const [payment] = await paymentsOf(linkId);
    expect(payment.status).toBe('PENDING');
    expect(await capturesOf(payment.id)).toEqual([]);
    expect(await linkRow(linkId)).toEqual({ status: 'ACTIVE', paid_count: 0 });
    expect((await t.app.inject({ method: 'GET', url: res.headers.location as string })).body).toContain(
      'Payment pending',
    );
  });

  it('lets a reusable link be paid many times, counting the successes', async () => {
    const linkId = await newLink({ reusable: true, amount: '1200', currency: 'JPY' });
    await pay(linkId, TEST_CARDS.SUCCESS);
    await pay(linkId, TEST_CARDS.DECLINED);
    await pay(linkId, TEST_CARDS.SUCCESS);
    expect(await linkRow(linkId)).toEqual({ status: 'ACTIVE', paid_count: 2 });
    const payments = await paymentsOf(linkId);
    expect(payments.map((p) => p.status)).toEqual(['SUCCESS', 'FAILED', 'SUCCESS']);
    // The demo merchant's Visa service in JPY: 2.90 % + ¥40 (2.9 % of ¥1,200 = ¥34.8 → ¥35).
    expect(Number(payments[0].fee)).toBe(35 + 40);
  });

  it('lets exactly one of 20 parallel payments of a single-use link succeed', async () => {
    const linkId = await newLink();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(linkId, TEST_CARDS.SUCCESS)));
    expect(answers.filter((a) => a.statusCode === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 410)).toHaveLength(19);
    const payments = await paymentsOf(linkId);
    expect(payments.map((p) => p.status)).toEqual(['SUCCESS']);
    expect(await capturesOf(payments[0].id)).toHaveLength(1);
    expect(await linkRow(linkId)).toEqual({ status: 'PAID', paid_count: 1 });
  });

  it('shows expired and deactivated links as inactive and takes no payment on them', async () => {
    const expired = await newLink();
    await t.database.db.execute(
      sql`UPDATE payment_links SET expires_at = now() - interval '1 second' WHERE id = ${expired}`,
    );
    const deactivated = await newLink();
    expect(
      (await call(t.app, 'POST', PAYMENT_LINK_PATHS.deactivate, { cookie: owner, payload: { linkId: deactivated } }))
        .body.code,
    ).toBe('000000');
    for (const [linkId, reason] of [
      [expired, 'It has expired.'],
      [deactivated, 'deactivated'],
    ]) {
      const page = await open(linkId);
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain('This payment link is no longer active.');
      expect(page.body).toContain(reason);
      expect((await pay(linkId, TEST_CARDS.SUCCESS)).statusCode).toBe(410);
      expect(await paymentsOf(linkId)).toEqual([]);
    }
  });

  it('takes no card payment on a link of a payout merchant (no acquiring agreement), even one already in the database', async () => {
    const linkId = await newLink();
    await t.database.db.execute(sql`UPDATE payment_links SET merchant_id = 'M2000001' WHERE id = ${linkId}`);
    expect((await open(linkId)).statusCode).toBe(410);
    expect((await pay(linkId, TEST_CARDS.SUCCESS)).statusCode).toBe(410);
    expect(await paymentsOf(linkId)).toEqual([]);
  });

  it('shows the form again with field errors for bad input, keeping what was typed except the card', async () => {
    const linkId = await newLink();
    const res = await pay(linkId, '4242', { email: 'not-an-email', name: '', expiry: '13/30', cvc: '12' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Email must be a valid email address.');
    expect(res.body).toContain('Name is required.');
    expect(res.body).toContain('Card number must be 12 to 19 digits.');
    expect(res.body).toContain('Expiry must be MM/YY.');
    expect(res.body).toContain('CVC must be 3 or 4 digits.');
    expect(res.body).toContain('value="not-an-email"');
    const expiredCard = await pay(linkId, TEST_CARDS.SUCCESS, { expiry: '01/20' });
    expect(expiredCard.statusCode).toBe(422);
    expect(expiredCard.body).toContain('Your card has expired.');
    expect(expiredCard.body).not.toContain(TEST_CARDS.SUCCESS);
    expect(await paymentsOf(linkId)).toEqual([]);
  });

  it("never answers a 5xx to odd requests, and never leaks another link's payment", async () => {
    const linkId = await newLink();
    const other = await newLink();
    await pay(other, TEST_CARDS.SUCCESS);
    const [otherPayment] = await paymentsOf(other);
    const requests = [
      { method: 'GET' as const, url: '/pay/PLDOESNOTEXIST0000000' },
      { method: 'GET' as const, url: `/pay/${'x'.repeat(300)}` },
      { method: 'GET' as const, url: '/pay/%00' },
      { method: 'GET' as const, url: `/pay/${linkId}/payments/${otherPayment.id}` },
      {
        method: 'POST' as const,
        url: `/pay/${linkId}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      },
      {
        method: 'POST' as const,
        url: `/pay/${linkId}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 5, cardNumber: ['4242'] }),
      },
      {
        method: 'POST' as const,
        url: `/pay/${linkId}`,
        headers: { 'content-type': 'text/plain' },
        payload: 'cardNumber=4242424242424242',
      },
      {
        method: 'POST' as const,
        url: `/pay/${linkId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '%%%&&&==',
      },
      {
        method: 'POST' as const,
        url: `/pay/${linkId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `__proto__=x&constructor=y&email=${'a'.repeat(20_000)}`,
      },
      {
        method: 'POST' as const,
        url: `/pay/${linkId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ ...CUSTOMER, name: 'a\u0000b', cardNumber: TEST_CARDS.SUCCESS }),
      },
      {
        method: 'POST' as const,
        url: `/pay/${linkId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        payload: form({ ...CUSTOMER, cardNumber: TEST_CARDS.SUCCESS }),
      },
    ];
    for (const req of requests) {
      const res = await t.app.inject(req);
      if (req.url.startsWith('/pay/') && (req as { headers?: Record<string, string> }).headers?.origin)
        expect(res.statusCode).toBe(403);
      expect(
        res.statusCode,
        `${req.method} ${req.url.slice(0, 60)} ${String((req as { payload?: string }).payload).slice(0, 40)}`,
      ).toBeLessThan(500);
      expect(res.body).not.toContain(otherPayment.id);
    }
    expect(await paymentsOf(linkId)).toEqual([]);
  });
});
