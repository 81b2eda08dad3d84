import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import { REFUND_PATHS } from '@mbo/contracts/refunds';
import { payments } from '../../db/payments-schema';
import { auditLog } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import {
  balanceOf,
  brokenAccounts,
  createPayment,
  postRefund,
  unbalancedTransactions,
} from '../payments/test-payments';
import { processDueRefunds } from './sandbox-refund-processor';
import { sandboxRefundJob } from './sandbox-refund-job';

// The sandbox's job must not finish refunds while a test looks at them; tests run them by hand.
const DELAY_MS = 600_000;

const M = 'M1000001';
const DAY = 24 * 60 * 60 * 1000;

describe('refunds', () => {
  let t: TestApp;
  let owner: string;
  const db = () => t.database.db;
  /** Rows a refund call writes; a refused call must leave every count as it was. */
  const written = async () =>
    (
      await typedRows(
        db(),
        { n: computed(String) },
        sql`
        SELECT (SELECT count(*) FROM refunds) || '/' || (SELECT count(*) FROM ledger_entries) || '/' || (SELECT count(*) FROM idempotency_keys) || '/' ||
               (SELECT count(*) FROM events) || '/' || (SELECT coalesce(sum(refunded_amount), 0) FROM payments) AS n`,
      )
    )[0].n;

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxRefundDelayMs: DELAY_MS } });
    owner = await loginAs(t.app, 'owner@demo.test');
    // Money in the available balances, whatever the demo data holds.
    await createPayment(db(), { amount: 50_000_000, currency: 'USD' });
    await createPayment(db(), { amount: 50_000_000, currency: 'JPY' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refunds part of a settled payment: PROCESSING, payment partially refunded, ledger, event, audit', async () => {
    const p = await createPayment(db(), { amount: 10_000, currency: 'USD' });
    const before = await balanceOf(db(), M, 'USD');
    const res = await postRefund(t.app, owner, { paymentId: p.id, amount: '25.50', reason: 'REQUESTED_BY_CUSTOMER' });
    expect(res.body).toMatchObject({
      code: '000000',
      data: { paymentId: p.id, amount: 2550, currency: 'USD', status: 'PROCESSING', reason: 'REQUESTED_BY_CUSTOMER' },
    });
    const refundId = res.body.data.refundId as string;
    expect(await balanceOf(db(), M, 'USD')).toBe(before - 2550);

    const detail = await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: owner, query: { paymentId: p.id } });
    expect(detail.body.data).toMatchObject({
      refundStatus: 'PARTIALLY_REFUNDED',
      refundedAmount: 2550,
      refundableAmount: 0,
      refundBlocked: 'REFUNDED_ONCE',
      refund: { refundId, amount: 2550, status: 'PROCESSING' },
    });
    expect(detail.body.data.events.map((e: { type: string }) => e.type)).toContain('REFUND_REQUESTED');
    const audit = await db()
      .select({ outcome: auditLog.outcome, actor_email: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'REFUND'), eq(auditLog.targetId, refundId)));
    expect(audit).toEqual([{ outcome: 'SUCCESS', actor_email: 'owner@demo.test' }]);

    const refund = await call(t.app, 'GET', REFUND_PATHS.detail, { cookie: owner, query: { refundId } });
    expect(refund.body.data).toMatchObject({
      refundId,
      status: 'PROCESSING',
      payment: { paymentId: p.id, amount: 10_000, currency: 'USD', status: 'SUCCESS' },
    });
    expect(refund.body.data.events).toMatchObject([{ type: 'CREATED', status: 'PROCESSING' }]);
    const list = await call(t.app, 'POST', REFUND_PATHS.list, { cookie: owner, payload: { keyword: p.id } });
    expect(list.body.data).toMatchObject({ total: 1, records: [{ refundId, paymentId: p.id, amount: 2550 }] });
  });

  it('refunds the full amount: payment REFUNDED', async () => {
    const p = await createPayment(db(), { amount: 1999, currency: 'USD' });
    const res = await postRefund(t.app, owner, { paymentId: p.id, amount: '19.99', reason: 'DUPLICATE' });
    expect(res.body.code).toBe('000000');
    const [row] = await db()
      .select({ refund_status: payments.refundStatus, refunded_amount: payments.refundedAmount })
      .from(payments)
      .where(eq(payments.id, p.id));
    expect(row).toMatchObject({ refund_status: 'REFUNDED' });
    expect(Number(row.refunded_amount)).toBe(1999);
  });

  it('answers every rule with its catalogue code, in order, and writes nothing', async () => {
    const ok = await createPayment(db(), { amount: 5000, currency: 'USD' });
    const cases: [string, Record<string, unknown>, string, string?][] = [];
    cases.push([
      'unknown payment',
      { paymentId: 'PAY_NOPE', amount: '1.00', reason: 'OTHER', note: 'x' },
      '003001B022',
      'Order not found.',
    ]);
    const failed = await createPayment(db(), { amount: 5000, status: 'FAILED' });
    cases.push([
      'failed payment',
      { paymentId: failed.id, amount: '1.00', reason: 'DUPLICATE' },
      '003001B023',
      'Refund is not allowed.',
    ]);
    const pending = await createPayment(db(), { amount: 5000, status: 'PENDING' });
    cases.push(['pending payment', { paymentId: pending.id, amount: '1.00', reason: 'DUPLICATE' }, '003001B023']);
    const old = await createPayment(db(), { amount: 5000, createdAt: new Date(Date.now() - 181 * DAY) });
    cases.push([
      'older than 180 days',
      { paymentId: old.id, amount: '1.00', reason: 'DUPLICATE' },
      '003001B037',
      'Refund period expires.',
    ]);
    const yen = await createPayment(db(), { amount: 5000, currency: 'JPY' });
    cases.push([
      'decimals in JPY',
      { paymentId: yen.id, amount: '10.5', reason: 'DUPLICATE' },
      '003001B039',
      'No decimals.',
    ]);
    cases.push([
      'three decimals in USD',
      { paymentId: ok.id, amount: '1.005', reason: 'DUPLICATE' },
      '001000B001',
      'Invalid request: amount must have at most 2 decimals in USD.',
    ]);
    cases.push([
      'zero',
      { paymentId: ok.id, amount: '0.00', reason: 'DUPLICATE' },
      '001000B001',
      'Invalid request: amount must be more than 0.',
    ]);
    cases.push([
      'more than the payment',
      { paymentId: ok.id, amount: '50.01', reason: 'DUPLICATE' },
      '001000B001',
      'Invalid request: amount must be at most the refundable amount of the payment.',
    ]);
    cases.push(['negative', { paymentId: ok.id, amount: '-1', reason: 'DUPLICATE' }, '001000B001']);
    cases.push([
      'note missing for Other',
      { paymentId: ok.id, amount: '1', reason: 'OTHER' },
      '001000B001',
      'Invalid request: note is required when the reason is Other.',
    ]);
    // Captured but not settled, alone in its batch (the helper's settlements closed every earlier one),
    // refunded in full: its batch's net (the amount less the fee) cannot cover it, nor can the
    // available balance, which is smaller than the amount.
    const available = await balanceOf(db(), M, 'USD');
    const big = await createPayment(db(), { amount: available + 100_000, settle: false });
    expect(big.fee).toBeGreaterThan(0);
    cases.push([
      'balance too low',
      { paymentId: big.id, amount: ((available + 100_000) / 100).toFixed(2), reason: 'DUPLICATE' },
      '003001B034',
      'Insufficient balance in merchant payable accout.',
    ]);

    for (const [name, body, code, msg] of cases) {
      const before = await written();
      const res = await postRefund(t.app, owner, body);
      expect(res.status, name).toBe(200);
      expect(res.body.code, name).toBe(code);
      if (msg) expect(res.body.msg, name).toBe(msg);
      expect(await written(), `${name} wrote rows`).toBe(before);
    }
    // A refund that did not happen is audited as a failure.
    const failures = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'REFUND'), eq(auditLog.outcome, 'FAILURE'), eq(auditLog.targetId, big.id)));
    expect(Number(failures[0].n)).toBe(1);
  });

  it('refuses a second refund of the same payment ("Payment can only be refunded once.")', async () => {
    const p = await createPayment(db(), { amount: 8000 });
    expect((await postRefund(t.app, owner, { paymentId: p.id, amount: '10', reason: 'DUPLICATE' })).body.code).toBe(
      '000000',
    );
    const again = await postRefund(t.app, owner, { paymentId: p.id, amount: '10', reason: 'DUPLICATE' });
    expect(again.body).toMatchObject({ code: '003001B021', msg: 'Payment can only be refunded once.' });
  });

  it('requires the idempotency-key header, naming it', async () => {
    const p = await createPayment(db(), { amount: 1000 });
    const missing = await postRefund(t.app, owner, { paymentId: p.id, amount: '1', reason: 'DUPLICATE' }, null);
    expect(missing.body).toMatchObject({
      code: '001000B001',
      msg: 'Invalid request: idempotency-key header is required.',
    });
    const short = await postRefund(t.app, owner, { paymentId: p.id, amount: '1', reason: 'DUPLICATE' }, 'abc');
    expect(short.body).toMatchObject({ code: '001000B001' });
    expect(short.body.msg).toMatch(/^Invalid request: idempotency-key header /);
  });

  it('replays the first answer for the same key and body; refuses the same key with another body, doing nothing', async () => {
    const p = await createPayment(db(), { amount: 9000 });
    const key = randomUUID();
    const first = await postRefund(t.app, owner, { paymentId: p.id, amount: '12.00', reason: 'DUPLICATE' }, key);
    const again = await postRefund(t.app, owner, { amount: '12.00', paymentId: p.id, reason: 'DUPLICATE' }, key);
    expect(first.body.code).toBe('000000');
    expect(again.body).toEqual(first.body);
    const before = await written();
    const other = await postRefund(t.app, owner, { paymentId: p.id, amount: '13.00', reason: 'DUPLICATE' }, key);
    expect(other.body.code).toBe('001000B002');
    expect(await written()).toBe(before);
    // The same key on another payment is also a different body.
    const q = await createPayment(db(), { amount: 9000 });
    const beforeOther = await written();
    expect(
      (await postRefund(t.app, owner, { paymentId: q.id, amount: '12.00', reason: 'DUPLICATE' }, key)).body.code,
    ).toBe('001000B002');
    expect(await written()).toBe(beforeOther);
  });

  it('20 parallel calls with one key: one effect, every caller gets the same answer', async () => {
    const p = await createPayment(db(), { amount: 7000 });
    const before = await balanceOf(db(), M, 'USD');
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postRefund(t.app, owner, { paymentId: p.id, amount: '30', reason: 'FRAUDULENT' }, key),
      ),
    );
    expect(answers[0].body.code).toBe('000000');
    for (const a of answers) expect(a.body).toEqual(answers[0].body);
    const refunds = await typedRows(
      db(),
      { n: computed(Number) },
      sql`SELECT count(*) AS n FROM refunds WHERE payment_id = ${p.id}`,
    );
    expect(Number(refunds[0].n)).toBe(1);
    expect(await balanceOf(db(), M, 'USD')).toBe(before - 3000);
  });

  it('50 parallel refunds of one payment with 50 keys: exactly one succeeds, 49 get 003001B021, the ledger balances', async () => {
    const p = await createPayment(db(), { amount: 20_000 });
    const before = await balanceOf(db(), M, 'USD');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        postRefund(t.app, owner, { paymentId: p.id, amount: '100', reason: 'DUPLICATE' }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '000000')).toHaveLength(1);
    expect(codes.filter((c) => c === '003001B021')).toHaveLength(49);
    expect(await balanceOf(db(), M, 'USD')).toBe(before - 10_000);
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect(await brokenAccounts(db())).toEqual([]);
  });

  it('sandbox: a refund succeeds, one noted "sandbox:fail" fails and gives the money back and frees the slot', async () => {
    const good = await createPayment(db(), { amount: 6000 });
    const bad = await createPayment(db(), { amount: 6000 });
    const okRefund = (await postRefund(t.app, owner, { paymentId: good.id, amount: '60', reason: 'DUPLICATE' })).body
      .data.refundId as string;
    const start = await balanceOf(db(), M, 'USD');
    const failRefund = (
      await postRefund(t.app, owner, { paymentId: bad.id, amount: '20', reason: 'OTHER', note: 'test sandbox:fail' })
    ).body.data.refundId as string;
    expect(await balanceOf(db(), M, 'USD')).toBe(start - 2000);
    await processDueRefunds(db(), 0);

    const okDetail = await call(t.app, 'GET', REFUND_PATHS.detail, { cookie: owner, query: { refundId: okRefund } });
    expect(okDetail.body.data).toMatchObject({ status: 'SUCCESS', failureReason: null });
    expect(okDetail.body.data.finishedAt).not.toBeNull();
    expect(okDetail.body.data.events.map((e: { type: string }) => e.type)).toEqual(['CREATED', 'SUCCEEDED']);
    const failDetail = await call(t.app, 'GET', REFUND_PATHS.detail, {
      cookie: owner,
      query: { refundId: failRefund },
    });
    expect(failDetail.body.data).toMatchObject({ status: 'FAILED', failureReason: 'Declined by the sandbox' });
    expect(await balanceOf(db(), M, 'USD')).toBe(start);

    const payment = await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: owner, query: { paymentId: bad.id } });
    expect(payment.body.data).toMatchObject({
      refundStatus: 'NONE',
      refundedAmount: 0,
      refundableAmount: 6000,
      refundBlocked: null,
      refund: { refundId: failRefund, status: 'FAILED' },
    });
    const second = await postRefund(t.app, owner, { paymentId: bad.id, amount: '60', reason: 'DUPLICATE' });
    expect(second.body).toMatchObject({ code: '000000', data: { amount: 6000, status: 'PROCESSING' } });
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect(await brokenAccounts(db())).toEqual([]);
  });

  it("sends the sandbox job in the refund's transaction, due after the delay; the job finishes the refund", async () => {
    const p = await createPayment(db(), { amount: 3000 });
    const refundId = (await postRefund(t.app, owner, { paymentId: p.id, amount: '5', reason: 'DUPLICATE' })).body.data
      .refundId as string;
    const [job] = await typedRows(
      db(),
      { id: computed(String), delay_s: computed(Number) },
      sql`
      SELECT id, extract(epoch FROM start_after - created_on)::float AS delay_s FROM pgboss.job WHERE name = ${sandboxRefundJob.name} AND data->>'refundId' = ${refundId}`,
    );
    expect(job.delay_s).toBeGreaterThan(DELAY_MS / 1000 - 5);
    expect(job.delay_s).toBeLessThan(DELAY_MS / 1000 + 5);
    // A refused refund (the payment has one already) leaves no job: its transaction rolled back.
    expect((await postRefund(t.app, owner, { paymentId: p.id, amount: '5', reason: 'DUPLICATE' })).body.code).toBe(
      '003001B021',
    );
    const [{ n }] = await typedRows(
      db(),
      { n: computed(Number) },
      sql`SELECT count(*)::int AS n FROM pgboss.job j JOIN refunds r ON r.id = j.data->>'refundId' WHERE j.name = ${sandboxRefundJob.name} AND r.payment_id = ${p.id}`,
    );
    expect(n).toBe(1);
    // As when the delay has passed.
    await db().execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${sandboxRefundJob.name} AND id = ${job.id}`,
    );
    await t.app.jobs.drain();
    expect(
      (await call(t.app, 'GET', REFUND_PATHS.detail, { cookie: owner, query: { refundId } })).body.data.status,
    ).toBe('SUCCESS');
  });

  it('tenant isolation: another merchant\'s payment and refund are "Order not found."', async () => {
    const foreign = await createPayment(db(), { merchantId: 'M1000002', amount: 4000, currency: 'EUR' });
    const detail = await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: owner, query: { paymentId: foreign.id } });
    expect(detail.body).toMatchObject({ code: '003001B022', msg: 'Order not found.' });
    const refund = await postRefund(t.app, owner, { paymentId: foreign.id, amount: '1', reason: 'DUPLICATE' });
    expect(refund.body).toMatchObject({ code: '003001B022', msg: 'Order not found.' });
    const list = await call(t.app, 'POST', PAYMENT_PATHS.list, { cookie: owner, payload: { keyword: foreign.id } });
    expect(list.body.data).toEqual({ total: 0, totalExact: true, records: [] });

    // The same payment seen from the sub-merchant, after switching: it is there.
    const sub = await loginAs(t.app, 'owner@demo.test');
    await call(t.app, 'POST', '/usercenter/web/v1/switch-user-access-merchant', {
      cookie: sub,
      payload: { merchantId: 'M1000002' },
    });
    const own = await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: sub, query: { paymentId: foreign.id } });
    expect(own.body).toMatchObject({ code: '000000', data: { paymentId: foreign.id } });
    const refundId = (await postRefund(t.app, sub, { paymentId: foreign.id, amount: '1', reason: 'DUPLICATE' })).body
      .data.refundId;
    expect((await call(t.app, 'GET', REFUND_PATHS.detail, { cookie: owner, query: { refundId } })).body).toMatchObject({
      code: '003001B022',
      msg: 'Order not found.',
    });
  });

  it('a Viewer may not refund (HTTP 430) and nothing is written', async () => {
    const viewer = await loginAs(t.app, 'viewer@demo.test');
    const p = await createPayment(db(), { amount: 4000 });
    const before = await written();
    const res = await postRefund(t.app, viewer, { paymentId: p.id, amount: '1', reason: 'DUPLICATE' });
    expect(res.status).toBe(430);
    expect(res.body.code).toBe('002001B024');
    expect(await written()).toBe(before);
    // A Viewer still sees the refunds list.
    expect((await call(t.app, 'POST', REFUND_PATHS.list, { cookie: viewer, payload: {} })).body.code).toBe('000000');
  });
});
