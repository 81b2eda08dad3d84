import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_LINK_PATHS, TEST_CARDS } from '@mbo/contracts/payment-links';
import { ledgerTransactions, paymentLinks, payments } from '../../db/payments-schema';
import { brokenAccounts, unbalancedTransactions } from '../payments/test-payments';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { completeLinkPayment } from './complete-link-payment';

const CUSTOMER = { email: 'ana@example.com', name: 'Ana Customer', expiry: '12/39', cvc: '123' };

/**
 * The pending rule (README, payment links): a PENDING payment holds a single-use link, so a second
 * payer is told it is being paid, until the payment succeeds (the link becomes PAID) or fails (the
 * link reopens). A reusable link is never held. On PostgreSQL the parallel cases run truly parallel.
 */
describe('a pending payment holds a single-use link', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  async function newLink(reusable = false): Promise<string> {
    const res = await call(t.app, 'POST', PAYMENT_LINK_PATHS.create, {
      cookie: owner,
      payload: { amount: '40.00', currency: 'EUR', description: 'Held link test', reusable, expiresInDays: 7 },
    });
    expect(res.body.code).toBe('000000');
    return res.body.data.linkId;
  }

  let address = 0;
  const pay = (linkId: string, cardNumber: string) =>
    t.app.inject({
      method: 'POST',
      url: `/pay/${linkId}`,
      remoteAddress: `127.88.${(address >> 8) & 255}.${address++ & 255}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'shop.test:8080',
        origin: 'http://shop.test:8080',
      },
      payload: new URLSearchParams({ ...CUSTOMER, cardNumber }).toString(),
    });
  const open = (linkId: string) => t.app.inject({ method: 'GET', url: `/pay/${linkId}` });
  const paymentsOf = async (linkId: string) =>
    t.database.db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(eq(payments.paymentLinkId, linkId))
      .orderBy(payments.createdAt, payments.id);
  const linkRow = async (linkId: string) =>
    (
      await t.database.db
        .select({ status: paymentLinks.status, paid_count: paymentLinks.paidCount })
        .from(paymentLinks)
        .where(eq(paymentLinks.id, linkId))
    )[0];
  const captures = async (paymentId: string) =>
    (
      await t.database.db
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.referenceType, 'PAYMENT'),
            eq(ledgerTransactions.referenceId, paymentId),
            eq(ledgerTransactions.kind, 'CAPTURE'),
          ),
        )
    ).length;
  const detail = async (linkId: string) =>
    (await call(t.app, 'GET', PAYMENT_LINK_PATHS.detail, { cookie: owner, query: { linkId } })).body.data;

  /** A single-use link with one PENDING payment; returns both ids. */
  async function heldLink(): Promise<{ linkId: string; pendingId: string }> {
    const linkId = await newLink();
    expect((await pay(linkId, TEST_CARDS.PENDING)).statusCode).toBe(303);
    const [pending] = await paymentsOf(linkId);
    expect(pending.status).toBe('PENDING');
    return { linkId, pendingId: pending.id };
  }

  it('tells a second payer the link is being paid, takes no payment, and shows the hold to the merchant', async () => {
    const { linkId, pendingId } = await heldLink();
    const page = await open(linkId);
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('This payment link is being paid.');
    expect(page.body).not.toContain('<form');
    const second = await pay(linkId, TEST_CARDS.SUCCESS);
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('This payment link is being paid.');
    expect(second.body).toContain('No money was taken from you.');
    expect(await paymentsOf(linkId)).toEqual([{ id: pendingId, status: 'PENDING' }]);
    expect(await linkRow(linkId)).toEqual({ status: 'ACTIVE', paid_count: 0 });
    expect(await detail(linkId)).toMatchObject({
      status: 'ACTIVE',
      pendingPaymentId: pendingId,
      totals: { payments: 1, pending: 1, succeeded: 0 },
    });
  });

  it('makes the link PAID when the pending payment succeeds, with its capture', async () => {
    const { linkId, pendingId } = await heldLink();
    expect(await completeLinkPayment(t.database.db, pendingId, 'SUCCESS')).toBe(true);
    expect(await linkRow(linkId)).toEqual({ status: 'PAID', paid_count: 1 });
    expect(await paymentsOf(linkId)).toEqual([{ id: pendingId, status: 'SUCCESS' }]);
    expect(await captures(pendingId)).toBe(1);
    const page = await open(linkId);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('already been paid');
    expect(await detail(linkId)).toMatchObject({
      status: 'PAID',
      pendingPaymentId: null,
      totals: { succeeded: 1, succeededAmount: 4000, pending: 0 },
    });
    // The same answer twice changes nothing.
    expect(await completeLinkPayment(t.database.db, pendingId, 'SUCCESS')).toBe(false);
    expect(await captures(pendingId)).toBe(1);
    expect(await linkRow(linkId)).toEqual({ status: 'PAID', paid_count: 1 });
  });

  it('reopens the link when the pending payment fails; the next payer can then pay it', async () => {
    const { linkId, pendingId } = await heldLink();
    expect(await completeLinkPayment(t.database.db, pendingId, 'FAILED', 'Authentication abandoned')).toBe(true);
    expect(await linkRow(linkId)).toEqual({ status: 'ACTIVE', paid_count: 0 });
    expect(await captures(pendingId)).toBe(0);
    expect((await open(linkId)).statusCode).toBe(200);
    expect((await pay(linkId, TEST_CARDS.SUCCESS)).statusCode).toBe(303);
    expect((await paymentsOf(linkId)).map((p) => p.status)).toEqual(['FAILED', 'SUCCESS']);
    expect(await linkRow(linkId)).toEqual({ status: 'PAID', paid_count: 1 });
  });

  it('makes an expired link PAID when its pending payment succeeds late; a deactivated one stays deactivated', async () => {
    const expired = await heldLink();
    await t.database.db.execute(
      sql`UPDATE payment_links SET expires_at = now() - interval '1 second' WHERE id = ${expired.linkId}`,
    );
    expect(await completeLinkPayment(t.database.db, expired.pendingId, 'SUCCESS')).toBe(true);
    expect(await linkRow(expired.linkId)).toEqual({ status: 'PAID', paid_count: 1 });

    const deactivated = await heldLink();
    expect(
      (
        await call(t.app, 'POST', PAYMENT_LINK_PATHS.deactivate, {
          cookie: owner,
          payload: { linkId: deactivated.linkId },
        })
      ).body.code,
    ).toBe('000000');
    expect(await completeLinkPayment(t.database.db, deactivated.pendingId, 'SUCCESS')).toBe(true);
    expect(await linkRow(deactivated.linkId)).toEqual({ status: 'DEACTIVATED', paid_count: 1 });
  });

  it('never holds a reusable link', async () => {
    const linkId = await newLink(true);
    expect((await pay(linkId, TEST_CARDS.PENDING)).statusCode).toBe(303);
    expect((await open(linkId)).statusCode).toBe(200);
    expect((await pay(linkId, TEST_CARDS.SUCCESS)).statusCode).toBe(303);
    expect((await paymentsOf(linkId)).map((p) => p.status).sort()).toEqual(['PENDING', 'SUCCESS']);
    expect(await detail(linkId)).toMatchObject({
      status: 'ACTIVE',
      pendingPaymentId: null,
      totals: { pending: 1, succeeded: 1 },
    });
  });

  it('lets exactly one of parallel payments (pending and success cards) of a single-use link through', async () => {
    for (const first of [TEST_CARDS.PENDING, TEST_CARDS.SUCCESS]) {
      const linkId = await newLink();
      const cards = Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0 ? first : first === TEST_CARDS.PENDING ? TEST_CARDS.SUCCESS : TEST_CARDS.PENDING,
      );
      const answers = await Promise.all(cards.map((card) => pay(linkId, card)));
      expect(answers.filter((a) => a.statusCode === 303)).toHaveLength(1);
      // The others were told why: held (409) by a pending winner, no longer active (410) after a paid one.
      expect(answers.filter((a) => a.statusCode === 409 || a.statusCode === 410)).toHaveLength(11);
      const payments = await paymentsOf(linkId);
      expect(payments).toHaveLength(1);
      expect(await linkRow(linkId)).toEqual(
        payments[0].status === 'SUCCESS' ? { status: 'PAID', paid_count: 1 } : { status: 'ACTIVE', paid_count: 0 },
      );
    }
  });

  it('keeps one outcome when the pending answer and new payers race', async () => {
    for (const outcome of ['SUCCESS', 'FAILED'] as const) {
      const { linkId, pendingId } = await heldLink();
      const [completed, ...answers] = await Promise.all([
        completeLinkPayment(t.database.db, pendingId, outcome),
        ...Array.from({ length: 8 }, () => pay(linkId, TEST_CARDS.SUCCESS)),
      ]);
      expect(completed).toBe(true);
      const payments = await paymentsOf(linkId);
      const succeeded = payments.filter((p) => p.status === 'SUCCESS');
      // Exactly one payment took the link: the pending one if it succeeded, else at most one newcomer.
      expect(succeeded).toHaveLength(outcome === 'SUCCESS' ? 1 : answers.filter((a) => a.statusCode === 303).length);
      expect(succeeded.length).toBeLessThanOrEqual(1);
      if (outcome === 'SUCCESS') expect(succeeded[0].id).toBe(pendingId);
      expect(payments.filter((p) => p.status === 'PENDING')).toEqual([]);
      expect(await linkRow(linkId)).toEqual(
        succeeded.length ? { status: 'PAID', paid_count: 1 } : { status: 'ACTIVE', paid_count: 0 },
      );
    }
    expect(await unbalancedTransactions(t.database.db)).toEqual([]);
    expect(await brokenAccounts(t.database.db)).toEqual([]);
  });
});
