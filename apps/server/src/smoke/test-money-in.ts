/**
 * Smoke, money in: the paths a user of `npm start` takes through the HTTP API as the demo users, money
 * moving — payments and refunds, payment links and the hosted checkout, disputes, subscriptions. One
 * `it` per domain, on one database: run on the embedded database (PGlite, project `server-embedded`)
 * in every CI run, on PostgreSQL (project `server`), and through PgBouncer in transaction mode
 * (pooler.topology.test.ts): the body is this function, which each of those files calls with the way it
 * starts the server. The sandbox's delays are 0, so its jobs are due at once and `app.jobs.drain()` runs
 * them (the product's own jobs, no sleeps).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_TRANSACTION_PATHS, type BalanceTransactionRecord } from '@mbo/contracts/balance-transactions';
import { DISPUTE_PATHS, disputeFeeOf, type DisputeDetail, type DisputeRecord } from '@mbo/contracts/disputes';
import { formatAmount } from '@mbo/contracts/money';
import { PAYMENT_LINK_PATHS, TEST_CARDS, type PaymentLinkDetail } from '@mbo/contracts/payment-links';
import { PAYMENT_PATHS, type PaymentDetail, type PaymentRecord } from '@mbo/contracts/payments';
import { REFUND_PATHS } from '@mbo/contracts/refunds';
import { AGREEMENT_PATHS, type AgreementDetail } from '@mbo/contracts/subscriptions';
import { call, createTestApp, loginAs, type TestApp } from '../test/harness';
import { brokenAccounts, postRefund, unbalancedTransactions } from '../modules/payments/test-payments';
import { chargeDueAgreements } from '../modules/subscriptions';
import { balanceIn, createLink, ok, payOnCheckout, type StartApp } from './smoke-client';

const DAY = 86_400_000;
const DEMO_STORE = 'M1000001';

export function moneyInSmoke(startApp: StartApp = createTestApp): void {
  describe('smoke: money in (payments, refunds, payment links, disputes, subscriptions)', () => {
    let t: TestApp;
    let owner: string;
    const get = (url: string, query: Record<string, string>) => call(t.app, 'GET', url, { cookie: owner, query });
    const post = (url: string, payload: unknown) => call(t.app, 'POST', url, { cookie: owner, payload });
    const eur = () => balanceIn(t.app, owner, 'EUR');
    const paymentDetail = async (paymentId: string) =>
      ok<PaymentDetail>(await get(PAYMENT_PATHS.detail, { paymentId }));
    /** Account → Balance → balance transactions of one record (payment, refund, dispute…), oldest first. */
    const movementsOf = async (referenceId: string) =>
      ok<{ records: BalanceTransactionRecord[] }>(
        await post(BALANCE_TRANSACTION_PATHS.list, { keyword: referenceId, sort: 'createdAt:asc', pageSize: 50 }),
      ).records;
    const expectLedgerBalanced = async () => {
      expect(await unbalancedTransactions(t.database.db)).toEqual([]);
      expect(await brokenAccounts(t.database.db)).toEqual([]);
    };

    beforeAll(async () => {
      t = await startApp({
        config: { sandboxRefundDelayMs: 0, sandboxDisputeOpenDelayMs: 0, sandboxDisputeDecisionDelayMs: 0 },
      });
      owner = await loginAs(t.app, 'owner@demo.test');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('payments and refunds: the owner opens a settled payment, refunds part of it, the sandbox pays the refund from the available balance', async () => {
      const now = Date.now();
      const page = ok<{ total: number; records: PaymentRecord[] }>(
        await post(PAYMENT_PATHS.list, {
          status: ['SUCCESS'],
          currency: 'EUR',
          createdFrom: new Date(now - 60 * DAY).toISOString(),
          createdTo: new Date(now - 20 * DAY).toISOString(),
          pageSize: 50,
        }),
      );
      expect(page.total).toBeGreaterThan(0);
      let payment: PaymentDetail | undefined;
      for (const record of page.records) {
        const detail = await paymentDetail(record.paymentId);
        if (
          detail.refundBlocked === null &&
          detail.refundableAmount >= 200 &&
          detail.settlement?.batchStatus === 'SETTLED'
        ) {
          payment = detail;
          break;
        }
      }
      expect(payment, 'a settled, refundable EUR payment in the demo data').toBeDefined();
      const { paymentId } = payment!;
      const amount = Math.floor(payment!.refundableAmount / 2);
      const before = await eur();

      const key = randomUUID();
      const body = { paymentId, amount: formatAmount(amount, 'EUR'), reason: 'REQUESTED_BY_CUSTOMER' };
      const created = ok(await postRefund(t.app, owner, body, key));
      expect(created).toMatchObject({ paymentId, amount, currency: 'EUR', status: 'PROCESSING' });
      // The browser's retry with the same key gets the first answer, and refunds nothing more.
      expect(ok(await postRefund(t.app, owner, body, key))).toEqual(created);

      // The sandbox decides the refund (its job, due at once here).
      await t.app.jobs.drain();
      const refund = ok(await get(REFUND_PATHS.detail, { refundId: created.refundId }));
      expect(refund).toMatchObject({ refundId: created.refundId, status: 'SUCCESS', amount, payment: { paymentId } });
      const listed = ok<{ records: { refundId: string; status: string }[] }>(
        await post(REFUND_PATHS.list, { keyword: paymentId }),
      );
      expect(listed.records).toEqual([expect.objectContaining({ refundId: created.refundId, status: 'SUCCESS' })]);
      expect(await paymentDetail(paymentId)).toMatchObject({
        refundStatus: 'PARTIALLY_REFUNDED',
        refundedAmount: amount,
        refund: { refundId: created.refundId, status: 'SUCCESS' },
      });

      // Its batch had settled: the refund came out of the available balance, once.
      const after = await eur();
      expect(after.available).toBe(before.available - amount);
      expect(after.pending).toBe(before.pending);
      expect(await movementsOf(created.refundId)).toEqual([
        expect.objectContaining({ type: 'REFUND', availableChange: -amount, pendingChange: 0 }),
      ]);
      await expectLedgerBalanced();
    });

    it('payment links and the hosted checkout: a link paid with the success card is a captured SUCCESS payment, the link PAID', async () => {
      const linkId = await createLink(t.app, owner, { amount: '25.00', description: 'Smoke poster' });
      expect(ok<PaymentLinkDetail>(await get(PAYMENT_LINK_PATHS.detail, { linkId }))).toMatchObject({
        status: 'ACTIVE',
        amount: 2500,
        paidCount: 0,
      });
      const before = await eur();

      const { paymentId, resultPage } = await payOnCheckout(t.app, linkId, TEST_CARDS.SUCCESS);
      expect(resultPage).toContain('Payment successful');
      const payment = await paymentDetail(paymentId);
      expect(payment).toMatchObject({
        status: 'SUCCESS',
        amount: 2500,
        currency: 'EUR',
        paymentLinkId: linkId,
        cardMasked: expect.stringMatching(/^424242.*4242$/),
      });
      expect(payment.fee).toBeGreaterThan(0);
      // Captured: in an open clearing batch, its net in the pending balance.
      expect(payment.settlement).toMatchObject({ batchStatus: 'OPEN', net: 2500 - payment.fee });
      expect(await movementsOf(paymentId)).toEqual([
        expect.objectContaining({ type: 'CAPTURE', pendingChange: 2500 - payment.fee, availableChange: 0 }),
      ]);
      const after = await eur();
      expect(after.pending).toBe(before.pending + 2500 - payment.fee);
      expect(after.available).toBe(before.available);

      const link = ok<PaymentLinkDetail>(await get(PAYMENT_LINK_PATHS.detail, { linkId }));
      expect(link).toMatchObject({
        status: 'PAID',
        paidCount: 1,
        totals: { payments: 1, succeeded: 1, succeededAmount: 2500 },
        pendingPaymentId: null,
      });
      const payments = ok<{ records: { paymentId: string; status: string }[] }>(
        await post(PAYMENT_LINK_PATHS.payments, { linkId }),
      );
      expect(payments.records).toEqual([expect.objectContaining({ paymentId, status: 'SUCCESS' })]);
      // Single use: the page no longer takes a payment.
      expect((await t.app.inject({ method: 'GET', url: `${PAYMENT_LINK_PATHS.checkout}/${linkId}` })).statusCode).toBe(
        410,
      );
      await expectLedgerBalanced();
    });

    it('disputes: the dispute card is charged back by the sandbox, the owner submits evidence, the sandbox decides; hold and debit in the ledger', async () => {
      const linkId = await createLink(t.app, owner, { amount: '80.00', description: 'Smoke lamp' });
      const before = await eur();
      const { paymentId } = await payOnCheckout(t.app, linkId, TEST_CARDS.DISPUTED);
      const payment = await paymentDetail(paymentId);
      expect(payment.status).toBe('SUCCESS');

      // The sandbox's customer disputes it (its job, due at once here).
      await t.app.jobs.drain();
      const found = ok<{ records: DisputeRecord[] }>(await post(DISPUTE_PATHS.list, { keyword: paymentId }));
      expect(found.records).toHaveLength(1);
      const [dispute] = found.records;
      const held = 8000 + disputeFeeOf('EUR');
      expect(dispute).toMatchObject({
        type: 'CHARGEBACK',
        status: 'EVIDENCE_REQUIRED',
        reason: 'PRODUCT_NOT_RECEIVED',
        amount: 8000,
        fee: disputeFeeOf('EUR'),
        currency: 'EUR',
      });
      const opened = await eur();
      expect(opened.reserved).toBe(before.reserved + held);
      expect(opened.available + opened.pending).toBe(before.available + before.pending + 8000 - payment.fee - held);
      expect((await paymentDetail(paymentId)).dispute).toMatchObject({
        disputeId: dispute.disputeId,
        status: 'EVIDENCE_REQUIRED',
      });

      const { disputeId } = dispute;
      ok<DisputeDetail>(
        await post(DISPUTE_PATHS.saveEvidence, {
          disputeId,
          evidence: { shippingTracking: 'DHL 00340434161234567890' },
        }),
      );
      const submitted = ok<DisputeDetail>(
        await post(DISPUTE_PATHS.submit, {
          disputeId,
          evidence: { explanation: 'Delivered to the customer’s address; signed for.' },
        }),
      );
      expect(submitted).toMatchObject({
        status: 'UNDER_REVIEW',
        editable: false,
        evidence: { shippingTracking: 'DHL 00340434161234567890', explanation: expect.any(String) },
      });

      // The sandbox's card network decides (its job, due at once here): no "sandbox:win" in the evidence, so LOST.
      await t.app.jobs.drain();
      const decided = ok<DisputeDetail>(await get(DISPUTE_PATHS.detail, { disputeId }));
      expect(decided).toMatchObject({ status: 'LOST', decidedAt: expect.any(String) });
      expect(decided.events.map((e) => e.type)).toEqual(['OPENED', 'EVIDENCE_SAVED', 'UNDER_REVIEW', 'LOST']);
      const moves = await movementsOf(disputeId);
      expect(moves.map((m) => [m.type, m.reservedChange])).toEqual([
        ['DISPUTE_HOLD', held],
        ['DISPUTE_DEBIT', -held],
      ]);
      expect(moves[0].availableChange + moves[0].pendingChange).toBe(-held);
      const after = await eur();
      expect(after.reserved).toBe(before.reserved);
      expect(after.available + after.pending).toBe(before.available + before.pending + 8000 - payment.fee - held);
      await expectLedgerBalanced();
    });

    it('subscriptions: a subscription link paid on the checkout starts an agreement with its first charge; the charge job charges the renewal', async () => {
      const linkId = await createLink(t.app, owner, {
        amount: '9.99',
        description: 'Smoke coffee club',
        reusable: true,
        expiresInDays: 30,
        subscription: { interval: 'MONTH', intervalCount: 1 },
      });
      const { paymentId, resultPage } = await payOnCheckout(t.app, linkId, TEST_CARDS.SUCCESS);
      expect(resultPage).toContain('Subscription started');
      const agreementId = /data-testid="agreement-id">(AGR[A-Za-z0-9]+)</.exec(resultPage)?.[1];
      expect(agreementId).toBeDefined();
      const started = ok<AgreementDetail>(await get(AGREEMENT_PATHS.detail, { agreementId: agreementId! }));
      expect(started).toMatchObject({
        status: 'ACTIVE',
        amount: 999,
        currency: 'EUR',
        cyclesCharged: 1,
        totalCollected: 999,
        paymentLinkId: linkId,
      });
      expect(started.charges).toEqual([
        expect.objectContaining({ paymentId, cycle: 1, attempt: 0, amount: 999, status: 'SUCCESS' }),
      ]);
      const listed = ok<{ records: { agreementId: string }[] }>(
        await post(AGREEMENT_PATHS.list, { keyword: agreementId }),
      );
      expect(listed.records.map((r) => r.agreementId)).toEqual([agreementId]);

      // The charge job's work a minute after the next charge is due (the job itself runs it every minute with the real
      // clock).
      const result = await chargeDueAgreements(t.app.db, {
        now: new Date(Date.parse(started.nextChargeAt!) + 60_000),
        merchantId: DEMO_STORE,
        jobs: t.app.jobs,
      });
      expect(result.charged).toBeGreaterThanOrEqual(1);
      await t.app.jobs.drain();
      const renewed = ok<AgreementDetail>(await get(AGREEMENT_PATHS.detail, { agreementId: agreementId! }));
      expect(renewed).toMatchObject({ status: 'ACTIVE', cyclesCharged: 2, totalCollected: 1998, failedAttempts: 0 });
      expect(Date.parse(renewed.nextChargeAt!)).toBeGreaterThan(Date.parse(started.nextChargeAt!));
      const renewal = renewed.charges.find((c) => c.cycle === 2);
      expect(renewal).toMatchObject({ attempt: 0, amount: 999, status: 'SUCCESS' });
      const charge = await paymentDetail(renewal!.paymentId);
      expect(charge).toMatchObject({
        status: 'SUCCESS',
        amount: 999,
        agreement: { agreementId, cycle: 2, attempt: 0 },
        settlement: { batchStatus: 'OPEN' },
      });
      expect(await movementsOf(charge.paymentId)).toEqual([
        expect.objectContaining({ type: 'CAPTURE', pendingChange: 999 - charge.fee }),
      ]);
      await expectLedgerBalanced();
    });
  });
}
