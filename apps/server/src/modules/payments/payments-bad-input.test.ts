import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import { IDEMPOTENCY_HEADER, REFUND_PATHS } from '@mbo/contracts/refunds';
import { createTestApp, loginAs, type TestApp } from '../../test/harness';
import { createPayment } from './test-payments';

/**
 * Bad input on the payments calls, the particular answers (the generated walk over every route is
 * routes-bad-input.test.ts).
 */
describe('bad input on the payments and refunds calls', () => {
  let t: TestApp;
  let owner: string;
  const paymentIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxRefundDelayMs: 600_000 } });
    owner = await loginAs(t.app, 'owner@demo.test');
    paymentIds.push((await createPayment(t.database.db, { amount: 100_000, currency: 'JPY' })).id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers dates before year 1 (which PostgreSQL has not) as a bad input naming the field, on every dated list', async () => {
    for (const url of [PAYMENT_PATHS.list, PAYMENT_PATHS.statusCount, REFUND_PATHS.list, PAYMENT_LINK_PATHS.list]) {
      for (const createdFrom of ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00+02:00']) {
        const res = await t.app.inject({ method: 'POST', url, headers: { cookie: owner }, payload: { createdFrom } });
        expect(res.statusCode, `${url} ${createdFrom}`).toBe(200);
        expect(res.json(), `${url} ${createdFrom}`).toMatchObject({
          code: '001000B001',
          msg: 'Invalid request: createdFrom must be a date-time between the years 1 and 9999.',
        });
      }
    }
  });

  it('answers an amount too large for the currency as a bad amount, not a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REFUND_PATHS.create,
      headers: { cookie: owner, [IDEMPOTENCY_HEADER]: 'key-too-large-1' },
      payload: { paymentId: paymentIds[0], amount: '999999999999999', reason: 'DUPLICATE' },
    });
    expect(res.json()).toMatchObject({
      code: '001000B001',
      msg: 'Invalid request: amount must be at most the refundable amount of the payment.',
    });
  });
});
