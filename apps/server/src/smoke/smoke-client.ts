/**
 * Test support for src/smoke (only tests import this file): the few calls no module's test helpers
 * offer — the hosted checkout as a customer's browser posts it, a call with an Idempotency-Key, the
 * balances as Account → Balance shows them.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_PATHS, type CurrencyBalance } from '@mbo/contracts/account';
import { PAYMENT_LINK_PATHS, TEST_CARDS } from '@mbo/contracts/payment-links';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import type { Config } from '../config';
import { call, type TestApp } from '../test/harness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- smokes read whatever data a call answers
type Reply = { status: number; body: { code: string; msg: string; data: any } };

/** The data of a call that must succeed ('000000'); its message names the failure otherwise. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- smokes read whatever data a call answers
export function ok<T = any>(res: Reply): T {
  expect(res.body.code, `${res.body.code} ${res.body.msg}`).toBe('000000');
  return res.body.data as T;
}

/**
 * A POST with an Idempotency-Key header, a fresh key unless given (withdrawals, payouts; refunds: postRefund of
 * test-payments.ts).
 */
export async function postWithKey(
  app: FastifyInstance,
  cookie: string,
  url: string,
  payload: unknown,
  key: string = randomUUID(),
): Promise<Reply> {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { cookie, [IDEMPOTENCY_HEADER]: key },
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.json() };
}

/** Creates a payment link as the holder of `cookie`; its id. */
export async function createLink(app: FastifyInstance, cookie: string, body: Record<string, unknown>): Promise<string> {
  const created = ok(
    await call(app, 'POST', PAYMENT_LINK_PATHS.create, {
      cookie,
      payload: { currency: 'EUR', reusable: false, expiresInDays: 7, ...body },
    }),
  );
  return created.linkId as string;
}

// Each customer from an address of their own: the per-address limit of the checkout (10 in 10 minutes) is not what a
// smoke tests.
let customers = 0;

/**
 * Pays a link on its hosted checkout page (no login), as the customer's browser posts the form: the
 * page answers 303 to the result page, whose path names the payment. Returns the result page too.
 */
export async function payOnCheckout(
  app: FastifyInstance,
  linkId: string,
  cardNumber: string = TEST_CARDS.SUCCESS,
): Promise<{ paymentId: string; resultPage: string }> {
  const n = ++customers;
  const page = await app.inject({ method: 'GET', url: `${PAYMENT_LINK_PATHS.checkout}/${linkId}` });
  expect(page.statusCode, page.body).toBe(200);
  const paid = await app.inject({
    method: 'POST',
    url: `${PAYMENT_LINK_PATHS.checkout}/${linkId}`,
    remoteAddress: `127.66.${(n >> 8) & 255}.${n & 255}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      host: 'shop.test:8080',
      origin: 'http://shop.test:8080',
    },
    payload: new URLSearchParams({
      email: `customer${n}@example.com`,
      name: `Customer ${n}`,
      cardNumber: cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '),
      expiry: '12/39',
      cvc: '123',
    }).toString(),
  });
  expect(paid.statusCode, paid.body).toBe(303);
  const location = String(paid.headers.location);
  const paymentId = new RegExp(`^${PAYMENT_LINK_PATHS.checkout}/${linkId}/payments/(\\w+)$`).exec(location)?.[1];
  expect(paymentId, location).toBeDefined();
  const result = await app.inject({ method: 'GET', url: location });
  expect(result.statusCode).toBe(200);
  return { paymentId: paymentId!, resultPage: result.body };
}

/** Account → Balance: the active merchant's balances in one currency (zeros when it has none). */
export async function balanceIn(app: FastifyInstance, cookie: string, currency: string): Promise<CurrencyBalance> {
  const list = ok<CurrencyBalance[]>(await call(app, 'GET', ACCOUNT_PATHS.balances, { cookie }));
  return list.find((b) => b.currency === currency) ?? { currency, available: 0, pending: 0, reserved: 0 };
}

/**
 * How a smoke starts its server: createTestApp (the plain runs), or the same through a pooler
 * (pooler.topology.test.ts). The smokes' bodies (test-*.ts) take it, so every run calls the same code.
 */
export type StartApp = (options: { config?: Partial<Config> }) => Promise<TestApp>;
