import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { refunds } from '../../db/payments-schema';
import { auditLog } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { createTestApp, type TestApp } from '../../test/harness';
import { balanceOf, createPayment } from '../payments/test-payments';
import { api, insertApiKey } from './api-test-helpers';

// The sandbox's job must not finish refunds while a test looks at them.
const DELAY_MS = 600_000;
const REFUNDS = '/api/v1/refunds';

/**
 * POST /api/v1/refunds runs the back-office's createRefund: its rules, codes and idempotency, with the key as the
 * actor.
 */
describe('merchant API: refunds', () => {
  let t: TestApp;
  let keyA: { keyId: string; authorization: string };
  let keyB: { keyId: string; authorization: string };
  const db = () => t.database.db;
  /** A refund call with a fresh Idempotency-Key, or `key` (null: without the header). */
  const refund = (authorization: string, payload: unknown, key: string | null = randomUUID()) =>
    api(t.app, 'POST', REFUNDS, { authorization, payload, headers: key === null ? {} : { 'idempotency-key': key } });
  /** Rows a refund writes; a refused call leaves every count as it was. */
  const written = async () =>
    (
      await typedRows(
        db(),
        { n: computed(String) },
        sql`
        SELECT (SELECT count(*) FROM refunds) || '/' || (SELECT count(*) FROM ledger_entries) || '/' || (SELECT count(*) FROM idempotency_keys) || '/' ||
               (SELECT coalesce(sum(refunded_amount), 0) FROM payments) AS n`,
      )
    )[0].n;

  beforeAll(async () => {
    t = await createTestApp({
      config: { sandboxRefundDelayMs: DELAY_MS, apiKeyRateLimit: { max: 10_000, windowMs: 1000 } },
    });
    keyA = await insertApiKey(db(), 'M1000001');
    keyB = await insertApiKey(db(), 'M2000001');
    // Money in the available balance, whatever the demo data holds.
    await createPayment(db(), { amount: 50_000_000, currency: 'USD' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refunds a payment: the API refund, the same one on GET, audited with the key and no user', async () => {
    const p = await createPayment(db(), { amount: 10_000, currency: 'USD' });
    const before = await balanceOf(db(), 'M1000001', 'USD');
    const res = await refund(keyA.authorization, { paymentId: p.id, amount: '25.50', reason: 'REQUESTED_BY_CUSTOMER' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'refund',
      paymentId: p.id,
      amount: 2550,
      currency: 'USD',
      status: 'PROCESSING',
      reason: 'REQUESTED_BY_CUSTOMER',
      note: null,
    });
    expect(await balanceOf(db(), 'M1000001', 'USD')).toBe(before - 2550);
    const got = await api(t.app, 'GET', `${REFUNDS}/${res.body.id}`, { authorization: keyA.authorization });
    expect(got).toMatchObject({ status: 200, body: res.body });

    const audit = await db()
      .select({ actor_user_id: auditLog.actorUserId, actor_email: auditLog.actorEmail, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'REFUND'), eq(auditLog.targetId, res.body.id)));
    expect(audit).toEqual([
      {
        actor_user_id: null,
        actor_email: null,
        detail: expect.objectContaining({ apiKeyId: keyA.keyId, paymentId: p.id }),
      },
    ]);
    const [row] = await db().select({ created_by: refunds.createdBy }).from(refunds).where(eq(refunds.id, res.body.id));
    expect(row.created_by).toBeNull();
  });

  it('20 parallel calls with one Idempotency-Key: one refund, the same answer to every caller', async () => {
    const p = await createPayment(db(), { amount: 7000 });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        refund(keyA.authorization, { paymentId: p.id, amount: '30', reason: 'FRAUDULENT' }, key),
      ),
    );
    expect(answers[0].status).toBe(200);
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual({ status: 200, body: answers[0].body });
    const [{ n }] = await db().select({ n: count() }).from(refunds).where(eq(refunds.paymentId, p.id));
    expect(n).toBe(1);
    // A retry later still answers the first result.
    expect(
      (await refund(keyA.authorization, { paymentId: p.id, amount: '30', reason: 'FRAUDULENT' }, key)).body,
    ).toEqual(answers[0].body);
  });

  it('the same Idempotency-Key with another body is a 409 (001000B002) and does nothing', async () => {
    const p = await createPayment(db(), { amount: 9000 });
    const q = await createPayment(db(), { amount: 9000 });
    const key = randomUUID();
    expect((await refund(keyA.authorization, { paymentId: p.id, amount: '10', reason: 'DUPLICATE' }, key)).status).toBe(
      200,
    );
    const before = await written();
    const other = await refund(keyA.authorization, { paymentId: q.id, amount: '12', reason: 'DUPLICATE' }, key);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({
      code: ERROR_CODES.IDEMPOTENCY_MISMATCH,
      message: expect.stringMatching(/different request/),
      requestId: expect.any(String),
    });
    expect(await written()).toBe(before);
  });

  it("answers the back-office's rules with their catalogue codes and writes nothing", async () => {
    const p = await createPayment(db(), { amount: 5000 });
    const jpy = await createPayment(db(), { amount: 5000, currency: 'JPY' });
    const failed = await createPayment(db(), { amount: 5000, status: 'FAILED' });
    const before = await written();
    const over = await refund(keyA.authorization, { paymentId: p.id, amount: '50.01', reason: 'DUPLICATE' });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({
      code: ERROR_CODES.INVALID_REQUEST,
      message: 'Invalid request: amount must be at most the refundable amount of the payment.',
      fields: [{ field: 'amount', message: 'must be at most the refundable amount of the payment' }],
    });
    const decimals = await refund(keyA.authorization, { paymentId: jpy.id, amount: '1.5', reason: 'DUPLICATE' });
    expect({ status: decimals.status, code: decimals.body.error.code, message: decimals.body.error.message }).toEqual({
      status: 400,
      code: ERROR_CODES.NO_DECIMALS,
      message: 'No decimals.',
    });
    const notAllowed = await refund(keyA.authorization, { paymentId: failed.id, amount: '1', reason: 'DUPLICATE' });
    expect({ status: notAllowed.status, code: notAllowed.body.error.code }).toEqual({
      status: 400,
      code: ERROR_CODES.REFUND_NOT_ALLOWED,
    });
    const unknown = await refund(keyA.authorization, { paymentId: 'PAY_NOPE', amount: '1', reason: 'DUPLICATE' });
    expect({ status: unknown.status, code: unknown.body.error.code, message: unknown.body.error.message }).toEqual({
      status: 404,
      code: ERROR_CODES.ORDER_NOT_FOUND,
      message: 'Order not found.',
    });
    expect(await written()).toBe(before);

    expect((await refund(keyA.authorization, { paymentId: p.id, amount: '10', reason: 'DUPLICATE' })).status).toBe(200);
    const twice = await refund(keyA.authorization, { paymentId: p.id, amount: '10', reason: 'DUPLICATE' });
    expect({ status: twice.status, code: twice.body.error.code }).toEqual({
      status: 409,
      code: ERROR_CODES.REFUND_ONCE,
    });
  });

  it('requires the Idempotency-Key header, naming it; refuses unknown fields and wrong types with 400', async () => {
    const p = await createPayment(db(), { amount: 5000 });
    const before = await written();
    const noKey = await refund(keyA.authorization, { paymentId: p.id, amount: '1', reason: 'DUPLICATE' }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.error).toMatchObject({
      code: '001000B001',
      message: 'Invalid request: idempotency-key is required.',
      fields: [{ field: 'idempotency-key' }],
    });
    const shortKey = await refund(keyA.authorization, { paymentId: p.id, amount: '1', reason: 'DUPLICATE' }, 'short');
    expect(shortKey.body.error.fields[0]).toEqual({ field: 'idempotency-key', message: 'must be 8 to 255 characters' });
    const extra = await refund(keyA.authorization, {
      paymentId: p.id,
      amount: '1',
      reason: 'DUPLICATE',
      currency: 'USD',
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error).toMatchObject({
      code: '001000B001',
      message: 'Invalid request: currency is not a known field.',
    });
    const wrongType = await refund(keyA.authorization, { paymentId: p.id, amount: 1, reason: 'DUPLICATE' });
    expect(wrongType.body.error).toMatchObject({
      code: '001000B001',
      message: 'Invalid request: amount must be a string.',
    });
    const noNote = await refund(keyA.authorization, { paymentId: p.id, amount: '1', reason: 'OTHER' });
    expect(noNote.body.error.fields).toEqual([{ field: 'note', message: 'is required when the reason is Other' }]);
    expect(await written()).toBe(before);
  });

  it("a key never refunds or reads another merchant's payment or refund: 404", async () => {
    const p = await createPayment(db(), { amount: 5000 });
    const mine = await refund(keyA.authorization, { paymentId: p.id, amount: '1', reason: 'DUPLICATE' });
    expect(mine.status).toBe(200);
    const before = await written();
    const foreign = await refund(keyB.authorization, { paymentId: p.id, amount: '1', reason: 'DUPLICATE' });
    expect({ status: foreign.status, code: foreign.body.error.code }).toEqual({
      status: 404,
      code: ERROR_CODES.ORDER_NOT_FOUND,
    });
    const read = await api(t.app, 'GET', `${REFUNDS}/${mine.body.id}`, { authorization: keyB.authorization });
    expect({ status: read.status, code: read.body.error.code, message: read.body.error.message }).toEqual({
      status: 404,
      code: ERROR_CODES.API_OBJECT_NOT_FOUND,
      message: `No such refund: '${mine.body.id}'.`,
    });
    expect(await written()).toBe(before);
  });
});
