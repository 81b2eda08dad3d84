import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PAYMENT_LINK_PATHS, TEST_CARDS } from '@mbo/contracts/payment-links';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import { payinServices, payments } from '../../db/payments-schema';
import { computed, computedOrNull, typedRows } from '../../db/typed-rows';
import { databaseError } from '../../lib/db-error';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { completeLinkPayment } from '../payment-links';
import { computeFee } from '../payments';
import { brokenAccounts, createPayment, unbalancedTransactions } from '../payments/test-payments';
import { AmountOutsideLimitsError, NoPayinServiceError, priceCapture, resolveFeeRule } from './resolve-fee-rule';
import { addPayinService, updatePayinServices } from './test-services';

/** Captures are priced by the merchant's pay-in service, which the payment keeps as a snapshot its detail shows. */
describe('fee rules from pay-in services', () => {
  let t: TestApp;
  let owner: string;
  const db = () => t.database.db;
  const serviceId = async (method: string, currency: string, merchantId = 'M1000001') =>
    (
      await db()
        .select({ id: payinServices.id })
        .from(payinServices)
        .where(
          and(
            eq(payinServices.merchantId, merchantId),
            eq(payinServices.payMethodName, method),
            eq(payinServices.currency, currency),
          ),
        )
    )[0].id;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newLink(amount: string, currency: string): Promise<string> {
    const res = await call(t.app, 'POST', PAYMENT_LINK_PATHS.create, {
      cookie: owner,
      payload: { amount, currency, description: `Priced in ${currency}`, reusable: true, expiresInDays: 7 },
    });
    expect(res.body.code).toBe('000000');
    return res.body.data.linkId;
  }
  let address = 0;
  const pay = (linkId: string, cardNumber: string = TEST_CARDS.SUCCESS) =>
    t.app.inject({
      method: 'POST',
      url: `/pay/${linkId}`,
      remoteAddress: `127.88.0.${address++}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'shop.test:8080',
        origin: 'http://shop.test:8080',
      },
      payload: new URLSearchParams({
        email: 'ana@example.com',
        name: 'Ana Customer',
        cardNumber,
        expiry: '12/39',
        cvc: '123',
      }).toString(),
    });
  const paymentsOf = (linkId: string) =>
    db()
      .select({
        id: payments.id,
        status: payments.status,
        amount: payments.amount,
        fee: payments.fee,
        payin_service_id: payments.payinServiceId,
        fee_percent_bps: payments.feePercentBps,
        fee_fixed_minor: payments.feeFixedMinor,
        fee_minimum_minor: payments.feeMinimumMinor,
      })
      .from(payments)
      .where(eq(payments.paymentLinkId, linkId))
      .orderBy(asc(payments.createdAt));
  const detail = async (paymentId: string) =>
    (await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: owner, query: { paymentId } })).body.data;
  const counts = async () =>
    (
      await typedRows(
        db(),
        { payments: computed(Number), ledger: computed(Number), events: computed(Number) },
        sql`
    SELECT (SELECT count(*)::int FROM payments) AS payments, (SELECT count(*)::int FROM ledger_transactions) AS ledger, (SELECT count(*)::int FROM events) AS events`,
      )
    )[0];

  it("prices a hosted checkout capture with the service's rule, keeps it as a snapshot, and the detail shows it", async () => {
    // Visa in USD priced like the AMEX service (3.50 % + 0.30): 100.00 USD pays 3.80 USD.
    await updatePayinServices(db(), 'M1000001', 'VISA', 'USD', { feePercentBps: 350, feeFixedMinor: 30 });
    const linkId = await newLink('100.00', 'USD');
    expect((await pay(linkId)).statusCode).toBe(303);
    const [payment] = await paymentsOf(linkId);
    const visaUsd = await serviceId('VISA', 'USD');
    expect(payment).toMatchObject({
      status: 'SUCCESS',
      payin_service_id: visaUsd,
      fee_percent_bps: 350,
      fee_minimum_minor: null,
    });
    expect(Number(payment.fee)).toBe(380);
    expect(Number(payment.fee_fixed_minor)).toBe(30);
    const [capture] = await typedRows(
      db(),
      { fees: computedOrNull(Number) },
      sql`
      SELECT sum(e.amount) FILTER (WHERE a.type = 'FEES') AS fees FROM ledger_transactions lt
        JOIN ledger_entries e ON e.transaction_id = lt.id JOIN ledger_accounts a ON a.id = e.account_id
       WHERE lt.reference_type = 'PAYMENT' AND lt.reference_id = ${payment.id} AND lt.kind = 'CAPTURE'`,
    );
    expect(Number(capture.fees)).toBe(380);
    expect(await detail(payment.id)).toMatchObject({
      fee: 380,
      net: 9620,
      feeRule: { percentBps: 350, fixedMinor: 30, minimumMinor: null, currency: 'USD' },
    });

    // A later change of the service prices later payments; the first one keeps what priced it.
    await updatePayinServices(db(), 'M1000001', 'VISA', 'USD', {
      feePercentBps: 250,
      feeFixedMinor: 0,
      feeMinimumMinor: 400,
    });
    expect((await pay(linkId)).statusCode).toBe(303);
    const [, second] = await paymentsOf(linkId);
    expect(Number(second.fee)).toBe(400); // 2.50 % = 2.50 USD, raised to the 4.00 minimum
    expect((await detail(second.id)).feeRule).toEqual({
      percentBps: 250,
      fixedMinor: 0,
      minimumMinor: 400,
      currency: 'USD',
    });
    expect((await detail(payment.id)).feeRule).toEqual({
      percentBps: 350,
      fixedMinor: 30,
      minimumMinor: null,
      currency: 'USD',
    });
  });

  it('prices a zero-decimal currency in its own unit (JPY: 2.90 % + ¥40)', async () => {
    const linkId = await newLink('1250', 'JPY');
    expect((await pay(linkId)).statusCode).toBe(303);
    const [payment] = await paymentsOf(linkId);
    expect(Number(payment.fee)).toBe(36 + 40); // 2.9 % of ¥1,250 = ¥36.25 → ¥36
    expect((await detail(payment.id)).feeRule).toEqual({
      percentBps: 290,
      fixedMinor: 40,
      minimumMinor: null,
      currency: 'JPY',
    });
  });

  it('resolves the rule per method and currency; computeFee rounds it half-even for exponents 0, 2 and 3', async () => {
    const amex = await resolveFeeRule(db(), 'M1000001', { payMethodName: 'AMEX', currency: 'USD' });
    expect(amex).toMatchObject({
      rule: { percentBps: 350, fixedMinor: 30 },
      limits: { minAmount: null, maxAmount: null },
      country: 'US',
      settlementCycleDays: 3,
      cutoffTime: '18:00',
      settlementCountry: 'US',
    });
    expect(computeFee({ amount: 10_000, currency: 'USD', rule: amex!.rule })).toBe(380);
    const yen = await resolveFeeRule(db(), 'M1000001', { payMethodName: 'JCB', currency: 'JPY', country: 'jp' });
    expect(computeFee({ amount: 1250, currency: 'JPY', rule: yen!.rule })).toBe(41 + 40); // 3.25 % of ¥1,250 = ¥40.625 → ¥41
    expect(computeFee({ amount: 1000, currency: 'JPY', rule: { ...yen!.rule, fixedMinor: 0 } })).toBe(32); // ¥32.5 → ¥32 (even)
    // No 3-decimal currency in the catalogue: a Visa service in KWD, 2.90 % + 0.300 KWD.
    await addPayinService(db(), {
      payMethodName: 'VISA',
      currency: 'KWD',
      country: 'KW',
      settlementCountry: 'KW',
      feeFixedMinor: 300,
    });
    const kwd = await resolveFeeRule(db(), 'M1000001', { payMethodName: 'VISA', currency: 'KWD' });
    expect(computeFee({ amount: 12_345, currency: 'KWD', rule: kwd!.rule })).toBe(358 + 300); // 0.358005 KWD → 0.358
    expect(computeFee({ amount: 12_500, currency: 'KWD', rule: { ...kwd!.rule, fixedMinor: 0 } })).toBe(362); // 362.5 → 362 (even)
    // Country narrows; the sub-merchant's own rule; nothing for another merchant's method or a suspended service.
    expect(
      await resolveFeeRule(db(), 'M1000001', { payMethodName: 'AMEX', currency: 'USD', country: 'GB' }),
    ).toBeNull();
    expect((await resolveFeeRule(db(), 'M1000002', { payMethodName: 'VISA', currency: 'EUR' }))?.rule).toEqual({
      percentBps: 180,
      fixedMinor: 25,
    });
    expect(await resolveFeeRule(db(), 'M2000001', { payMethodName: 'VISA', currency: 'EUR' })).toBeNull();
    expect(await resolveFeeRule(db(), 'M1000001', { payMethodName: 'GRABPAY', currency: 'PHP' })).toBeNull();
    await expect(
      priceCapture(db(), 'M1000001', { payMethodName: 'GRABPAY', currency: 'PHP', amount: 1000 }),
    ).rejects.toBeInstanceOf(NoPayinServiceError);
    await expect(
      priceCapture(db(), 'M1000001', { payMethodName: 'SEPA', currency: 'EUR', amount: 99 }),
    ).rejects.toBeInstanceOf(AmountOutsideLimitsError);
    // The test helper prices like the checkout: a PayPal payment of 10.00 EUR pays the 0.50 minimum.
    expect(
      (await createPayment(db(), { amount: 1000, currency: 'EUR', payMethodType: 'EWALLET', payMethodName: 'PAYPAL' }))
        .fee,
    ).toBe(50);
  });

  it('refuses a payment no active service takes, with a clear page, and writes nothing', async () => {
    // A link in a currency with no card service cannot be created (payment-links.test.ts); here the
    // VISA service of the link's currency is taken away after the link was made.
    const usd = await newLink('20.00', 'USD');
    await updatePayinServices(db(), 'M1000001', 'VISA', 'USD', { status: 'SUSPENDED' });
    const before = await counts();
    const res = await pay(usd);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('This card cannot be used for this payment.');
    expect(res.body).toContain('Demo Store does not take VISA payments in USD.');
    expect(await counts()).toEqual(before);
    await updatePayinServices(db(), 'M1000001', 'VISA', 'USD', { status: 'ACTIVE' });
    // Likewise for another currency, whatever the card.
    await updatePayinServices(db(), 'M1000001', 'VISA', 'GBP', { status: 'SUSPENDED' });
    const gbp = await newLink('20.00', 'GBP');
    expect((await pay(gbp)).statusCode).toBe(422);
    expect((await pay(gbp, TEST_CARDS.DECLINED)).statusCode).toBe(422);
    expect(await counts()).toEqual(before);
    expect(await paymentsOf(gbp)).toEqual([]);
    await updatePayinServices(db(), 'M1000001', 'VISA', 'GBP', { status: 'ACTIVE' });
    expect((await pay(gbp)).statusCode).toBe(303);
  });

  it("refuses an amount outside the service's limits, naming them, and writes nothing", async () => {
    await updatePayinServices(db(), 'M1000001', 'VISA', 'SGD', { minAmount: 500, maxAmount: 100_000 });
    const before = await counts();
    for (const amount of ['4.99', '1000.01']) {
      const linkId = await newLink(amount, 'SGD');
      const res = await pay(linkId);
      expect(res.statusCode, amount).toBe(422);
      expect(res.body).toContain(`VISA takes payments between 5.00 and 1000.00 SGD; this one is ${amount} SGD.`);
      expect(await paymentsOf(linkId)).toEqual([]);
    }
    expect((await counts()).payments).toBe(before.payments);
    const edge = await newLink('1000.00', 'SGD');
    expect((await pay(edge)).statusCode).toBe(303);
    expect((await paymentsOf(edge))[0].status).toBe('SUCCESS');
  });

  it('keeps the rule of a pending payment and prices its later capture with it; a declined payment has none', async () => {
    const linkId = await newLink('40.00', 'EUR');
    expect((await pay(linkId, TEST_CARDS.PENDING)).statusCode).toBe(303);
    expect((await pay(linkId, TEST_CARDS.DECLINED)).statusCode).toBe(303);
    const [pending, declined] = await paymentsOf(linkId);
    expect(pending).toMatchObject({
      status: 'PENDING',
      fee_percent_bps: 290,
      payin_service_id: await serviceId('VISA', 'EUR'),
    });
    expect(declined).toMatchObject({
      status: 'FAILED',
      payin_service_id: null,
      fee_percent_bps: null,
      fee_fixed_minor: null,
    });
    expect([Number(pending.fee), Number(declined.fee)]).toEqual([0, 0]);
    expect((await detail(declined.id)).feeRule).toBeNull();
    // The service changes while the processor thinks; the capture is priced as the customer was told.
    await updatePayinServices(db(), 'M1000001', 'VISA', 'EUR', { feePercentBps: 500 });
    expect(await completeLinkPayment(db(), pending.id, 'SUCCESS')).toBe(true);
    const [captured] = await paymentsOf(linkId);
    expect(captured).toMatchObject({ status: 'SUCCESS', fee_percent_bps: 290 });
    expect(Number(captured.fee)).toBe(116 + 30); // 2.9 % of 40.00 EUR = 1.16, + 0.30
    expect(await completeLinkPayment(db(), pending.id, 'SUCCESS')).toBe(false);

    // A pending payment that fails loses its snapshot: nothing was priced.
    expect((await pay(linkId, TEST_CARDS.PENDING)).statusCode).toBe(303);
    const third = (await paymentsOf(linkId))[2];
    expect(third.fee_percent_bps).toBe(500);
    expect(await completeLinkPayment(db(), third.id, 'FAILED', 'Timed out')).toBe(true);
    expect((await paymentsOf(linkId))[2]).toMatchObject({
      status: 'FAILED',
      payin_service_id: null,
      fee_percent_bps: null,
    });
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect(await brokenAccounts(db())).toEqual([]);
  });

  it('shows no fee rule for a payment captured before pay-in services', async () => {
    await db().execute(sql`
      INSERT INTO payments (id, merchant_id, merchant_order_no, amount, currency, fee, status, pay_method_type, pay_method_name, country, customer_email, customer_name)
      VALUES ('PAYLEGACY1', 'M1000001', 'ORD-LEGACY-1', 1000, 'USD', 59, 'SUCCESS', 'CARD', 'VISA', 'US', 'old@example.com', 'Old Customer')`);
    expect(await detail('PAYLEGACY1')).toMatchObject({ paymentId: 'PAYLEGACY1', fee: 59, feeRule: null });
    // The database keeps the snapshot whole: a rule without its service is refused.
    const refused = await db()
      .execute(sql`UPDATE payments SET fee_percent_bps = 290 WHERE id = 'PAYLEGACY1'`)
      .then(
        () => null,
        (err: unknown) => databaseError(err),
      );
    expect(refused).toMatchObject({ code: '23514', constraint: 'payments_fee_rule_snapshot' });
  });
});
