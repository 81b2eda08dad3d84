import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { DISPUTE_PATHS, SANDBOX_WIN_MARKER } from '@mbo/contracts/disputes';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { TEST_CARDS } from '@mbo/contracts/payment-links';
import { SETTLEMENT_PATHS } from '@mbo/contracts/settlements';
import { AGREEMENT_PATHS } from '@mbo/contracts/subscriptions';
import { webhookEvents } from '../../db/integration-schema';
import { payments } from '../../db/payments-schema';
import { disputes } from '../../db/schema';
import { settlementBatches, settlements } from '../../db/settlements-schema';
import { agreements } from '../../db/subscriptions-schema';
import { call, loginAs, type TestApp } from '../../test/harness';
import { openDispute } from '../disputes';
import { completeLinkPayment } from '../payment-links';
import { priceCapture } from '../payin-services';
import { recordPayment } from '../payments';
import { postRefund } from '../payments/test-payments';
import { chargeAgreement } from '../subscriptions';
import { createDomainEventsApp, domainEventHelpers, present } from './domain-events-test-helpers';

/**
 * The webhook events the domains emit (issue 14), each driven as the product does it (the hosted
 * checkout, the back-office calls, the sandbox processors' jobs) and read back from the outbox
 * (webhook_events): its type, merchant and object as the change's transaction left it. A refused or
 * rolled-back change leaves no event.
 * This file: the money coming in (payments, refunds, disputes, settlements, subscriptions); the payouts' events are
 * in domain-events-payouts.test.ts.
 */
describe('domain webhook events', () => {
  let t: TestApp;
  let owner: string;
  const { db, ok, eventsOf, countOf, expectEvents, newLink, pay } = domainEventHelpers(() => ({ t, owner }));
  const agreementOfPayment = async (paymentId: string) =>
    present(
      (await db().select({ agreementId: payments.agreementId }).from(payments).where(eq(payments.id, paymentId)))[0]
        .agreementId,
    );
  const nextChargeAt = async (agreementId: string) =>
    present(
      (await db().select({ at: agreements.nextChargeAt }).from(agreements).where(eq(agreements.id, agreementId)))[0].at,
    );

  beforeAll(async () => {
    t = await createDomainEventsApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the demo data emits nothing: the seeded database has no event', async () => {
    expect((await db().select({ n: count() }).from(webhookEvents))[0].n).toBe(0);
  });

  it('payment.succeeded and payment.failed from the hosted checkout, and from a pending payment when its outcome comes', async () => {
    const paid = await pay(await newLink(), TEST_CARDS.SUCCESS);
    await expectEvents(paid, 'M1000001', [['payment.succeeded', 'SUCCESS']]);
    const declined = await pay(await newLink(), TEST_CARDS.DECLINED);
    const [event] = await expectEvents(declined, 'M1000001', [['payment.failed', 'FAILED']]);
    expect(event.payload.data.object).toMatchObject({
      failureReason: 'Card declined (sandbox test card)',
      amount: 2500,
      currency: 'EUR',
    });

    // Pending: nothing yet; the processor's later answer emits the outcome.
    const pending = await pay(await newLink(), TEST_CARDS.PENDING);
    await expectEvents(pending, 'M1000001', []);
    expect(await completeLinkPayment(db(), pending, 'SUCCESS', null, t.app.jobs)).toBe(true);
    await expectEvents(pending, 'M1000001', [['payment.succeeded', 'SUCCESS']]);
    const abandoned = await pay(await newLink(), TEST_CARDS.PENDING);
    expect(await completeLinkPayment(db(), abandoned, 'FAILED', 'Authentication abandoned', t.app.jobs)).toBe(true);
    // An answer that came twice changes nothing and says nothing.
    expect(await completeLinkPayment(db(), abandoned, 'SUCCESS', null, t.app.jobs)).toBe(false);
    await expectEvents(abandoned, 'M1000001', [['payment.failed', 'FAILED']]);
  });

  it('a payment whose transaction rolls back leaves no event', async () => {
    const before = await countOf('payment.succeeded', 'M1000001');
    let paymentId = '';
    await expect(
      db().transaction(async (tx) => {
        const pricing = await priceCapture(tx, 'M1000001', { payMethodName: 'VISA', currency: 'EUR', amount: 1234 });
        paymentId = (
          await recordPayment(
            tx,
            {
              merchantId: 'M1000001',
              amount: 1234,
              currency: 'EUR',
              status: 'SUCCESS',
              payMethodType: 'CARD',
              payMethodName: 'VISA',
              country: 'NL',
              customerEmail: 'rollback@example.com',
              customerName: 'Roll Back',
              cardBin: '424242',
              cardLast4: '4242',
            },
            pricing,
            t.app.jobs,
          )
        ).id;
        // The event is there inside the transaction…
        expect(
          await tx.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.objectId, paymentId)),
        ).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // …and gone with it.
    expect(paymentId).toMatch(/^PAY/);
    await expectEvents(paymentId, 'M1000001', []);
    expect(await db().select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId))).toEqual([]);
    expect(await countOf('payment.succeeded', 'M1000001')).toBe(before);
  });

  it('refund.created when submitted, refund.succeeded or refund.failed from the sandbox job; a refused refund emits nothing', async () => {
    const payment = await pay(await newLink(), TEST_CARDS.SUCCESS);
    const created = await postRefund(t.app, owner, {
      paymentId: payment,
      amount: '5.00',
      reason: 'REQUESTED_BY_CUSTOMER',
    });
    expect(created.body.code, created.body.msg).toBe('000000');
    const refundId: string = created.body.data.refundId;
    await t.app.jobs.drain();
    await expectEvents(refundId, 'M1000001', [
      ['refund.created', 'PROCESSING'],
      ['refund.succeeded', 'SUCCESS'],
    ]);

    // Refused by the rules (once per payment; more than the payment): no refund, no event.
    const refunds = await countOf('refund.created', 'M1000001');
    expect(
      (await postRefund(t.app, owner, { paymentId: payment, amount: '1.00', reason: 'REQUESTED_BY_CUSTOMER' })).body
        .code,
    ).toBe(ERROR_CODES.REFUND_ONCE);
    const other = await pay(await newLink(), TEST_CARDS.SUCCESS);
    expect(
      (await postRefund(t.app, owner, { paymentId: other, amount: '99.00', reason: 'REQUESTED_BY_CUSTOMER' })).body
        .code,
    ).toBe(ERROR_CODES.INVALID_REQUEST);
    expect(await countOf('refund.created', 'M1000001')).toBe(refunds);

    const failing = await postRefund(t.app, owner, {
      paymentId: other,
      amount: '2.00',
      reason: 'REQUESTED_BY_CUSTOMER',
      note: 'sandbox:fail please',
    });
    expect(failing.body.code, failing.body.msg).toBe('000000');
    await t.app.jobs.drain();
    const [, failed] = await expectEvents(failing.body.data.refundId, 'M1000001', [
      ['refund.created', 'PROCESSING'],
      ['refund.failed', 'FAILED'],
    ]);
    expect(failed.payload.data.object).toMatchObject({ paymentId: other, failureReason: 'Declined by the sandbox' });
    expect(await countOf('refund.created', 'M1000001')).toBe(refunds + 1);
  });

  it('dispute.created by the sandbox customer, dispute.updated on submit, dispute.closed when decided or accepted', async () => {
    const paymentA = await pay(await newLink(), TEST_CARDS.DISPUTED);
    const paymentB = await pay(await newLink(), TEST_CARDS.DISPUTED);
    await t.app.jobs.drain();
    const disputeOf = async (paymentId: string) =>
      (await db().select({ id: disputes.id }).from(disputes).where(eq(disputes.paymentId, paymentId)))[0].id;
    const [a, b] = [await disputeOf(paymentA), await disputeOf(paymentB)];
    await expectEvents(a, 'M1000001', [['dispute.created', 'EVIDENCE_REQUIRED']]);

    // A submit without evidence is refused: nothing changed, nothing sent.
    expect(
      (await call(t.app, 'POST', DISPUTE_PATHS.submit, { cookie: owner, payload: { disputeId: a } })).body.code,
    ).toBe(ERROR_CODES.EVIDENCE_MISSING);
    await expectEvents(a, 'M1000001', [['dispute.created', 'EVIDENCE_REQUIRED']]);

    ok(
      await call(t.app, 'POST', DISPUTE_PATHS.submit, {
        cookie: owner,
        payload: { disputeId: a, evidence: { explanation: `Delivered and signed for. ${SANDBOX_WIN_MARKER}` } },
      }),
    );
    await t.app.jobs.drain();
    await expectEvents(a, 'M1000001', [
      ['dispute.created', 'EVIDENCE_REQUIRED'],
      ['dispute.updated', 'UNDER_REVIEW'],
      ['dispute.closed', 'WON'],
    ]);

    ok(await call(t.app, 'POST', DISPUTE_PATHS.accept, { cookie: owner, payload: { disputeId: b } }));
    await expectEvents(b, 'M1000001', [
      ['dispute.created', 'EVIDENCE_REQUIRED'],
      ['dispute.closed', 'ACCEPTED'],
    ]);
    // Closed: a second accept is refused and sends nothing.
    expect(
      (await call(t.app, 'POST', DISPUTE_PATHS.accept, { cookie: owner, payload: { disputeId: b } })).body.code,
    ).toBe(ERROR_CODES.DISPUTE_NOT_EDITABLE);
    expect(await eventsOf(b)).toHaveLength(2);
  });

  it('a dispute opened in a transaction that rolls back leaves no event', async () => {
    const payment = await pay(await newLink(), TEST_CARDS.SUCCESS);
    const before = await countOf('dispute.created', 'M1000001');
    let disputeId = '';
    await expect(
      db().transaction(async (tx) => {
        disputeId = await openDispute(tx, {
          merchantId: 'M1000001',
          paymentId: payment,
          type: 'CHARGEBACK',
          reason: 'FRAUDULENT',
          jobs: t.app.jobs,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(disputeId).toMatch(/^DSP/);
    await expectEvents(disputeId, 'M1000001', []);
    expect(await countOf('dispute.created', 'M1000001')).toBe(before);
  });

  it('settlement.paid for every settlement the cycle pays (the sandbox clock)', async () => {
    const payment = await pay(await newLink(), TEST_CARDS.SUCCESS);
    const advanced = ok<{ settlements: number }>(
      await call(t.app, 'POST', SETTLEMENT_PATHS.sandboxAdvance, { cookie: owner, payload: { days: 30 } }),
    );
    expect(advanced.settlements).toBeGreaterThan(0);
    expect(await countOf('settlement.paid', 'M1000001')).toBe(advanced.settlements);
    const [batchOfPayment] = await db()
      .select({ settlementId: settlementBatches.settlementId })
      .from(payments)
      .innerJoin(settlementBatches, eq(settlementBatches.id, payments.batchId))
      .where(eq(payments.id, payment));
    const settlementId = present(batchOfPayment.settlementId);
    const [event] = await expectEvents(settlementId, 'M1000001', [['settlement.paid', 'PAID']]);
    const [row] = await db()
      .select({ net: settlements.net, currency: settlements.currency })
      .from(settlements)
      .where(eq(settlements.id, settlementId));
    expect(event.payload.data.object).toMatchObject({ net: Number(row.net), currency: row.currency });
    // Nothing left to settle: nothing more sent.
    ok(await call(t.app, 'POST', SETTLEMENT_PATHS.sandboxAdvance, { cookie: owner, payload: { days: 30 } }));
    expect(await countOf('settlement.paid', 'M1000001')).toBe(advanced.settlements);
  });

  it('subscription.expired when an agreement has charged its last cycle', async () => {
    const linkId = await newLink({
      reusable: true,
      amount: '4.00',
      subscription: { interval: 'MONTH', intervalCount: 1, cycles: 2 },
    });
    const paymentId = await pay(linkId, TEST_CARDS.SUCCESS);
    const agreementId = await agreementOfPayment(paymentId);
    expect(await chargeAgreement(db(), agreementId, await nextChargeAt(agreementId), t.app.jobs)).toBe('CHARGED');
    await expectEvents(agreementId, 'M1000001', [['subscription.created', 'ACTIVE']]);
    expect(await chargeAgreement(db(), agreementId, await nextChargeAt(agreementId), t.app.jobs)).toBe('EXPIRED');
    const [, expired] = await expectEvents(agreementId, 'M1000001', [
      ['subscription.created', 'ACTIVE'],
      ['subscription.expired', 'EXPIRED'],
    ]);
    expect(expired.payload.data.object).toMatchObject({ cyclesCharged: 2 });
  });

  it('subscription.created by the first payment, payment events for renewals, subscription.cancelled now, at period end or after the last retry', async () => {
    const subscribe = async (card: string) => {
      const linkId = await newLink({
        reusable: true,
        amount: '9.99',
        subscription: { interval: 'MONTH', intervalCount: 1 },
      });
      const paymentId = await pay(linkId, card);
      return { paymentId, agreementId: await agreementOfPayment(paymentId) };
    };
    const renewals = async (id: string) =>
      db()
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.agreementId, id))
        .orderBy(asc(payments.agreementCycle), asc(payments.agreementAttempt));

    const kept = await subscribe(TEST_CARDS.SUCCESS);
    await expectEvents(kept.paymentId, 'M1000001', [['payment.succeeded', 'SUCCESS']]);
    const [started] = await expectEvents(kept.agreementId, 'M1000001', [['subscription.created', 'ACTIVE']]);
    expect(started.payload.data.object).toMatchObject({ amount: 999, currency: 'EUR' });
    // The renewal (the charge job's work for one agreement): an ordinary payment.succeeded, of this subscription.
    expect(await chargeAgreement(db(), kept.agreementId, await nextChargeAt(kept.agreementId), t.app.jobs)).toBe(
      'CHARGED',
    );
    const [, renewal] = await renewals(kept.agreementId);
    const [renewed] = await expectEvents(renewal.id, 'M1000001', [['payment.succeeded', 'SUCCESS']]);
    expect(renewed.payload.data.object).toMatchObject({ subscriptionId: kept.agreementId });

    // Cancelled now from the back-office.
    ok(
      await call(t.app, 'POST', AGREEMENT_PATHS.cancel, {
        cookie: owner,
        payload: { agreementId: kept.agreementId, when: 'NOW' },
      }),
    );
    await expectEvents(kept.agreementId, 'M1000001', [
      ['subscription.created', 'ACTIVE'],
      ['subscription.cancelled', 'CANCELLED'],
    ]);
    // Refused the second time: nothing more.
    expect(
      (
        await call(t.app, 'POST', AGREEMENT_PATHS.cancel, {
          cookie: owner,
          payload: { agreementId: kept.agreementId, when: 'NOW' },
        })
      ).body.code,
    ).toBe(ERROR_CODES.AGREEMENT_NOT_CANCELLABLE);
    expect(await eventsOf(kept.agreementId)).toHaveLength(2);

    // At the period's end: still active (no event) until the charge job ends it.
    const later = await subscribe(TEST_CARDS.SUCCESS);
    ok(
      await call(t.app, 'POST', AGREEMENT_PATHS.cancel, {
        cookie: owner,
        payload: { agreementId: later.agreementId, when: 'PERIOD_END' },
      }),
    );
    await expectEvents(later.agreementId, 'M1000001', [['subscription.created', 'ACTIVE']]);
    expect(await chargeAgreement(db(), later.agreementId, await nextChargeAt(later.agreementId), t.app.jobs)).toBe(
      'CANCELLED',
    );
    await expectEvents(later.agreementId, 'M1000001', [
      ['subscription.created', 'ACTIVE'],
      ['subscription.cancelled', 'CANCELLED'],
    ]);

    // Every renewal declined: payment.failed for each attempt, then cancelled after the last retry.
    const declining = await subscribe(TEST_CARDS.RENEWAL_DECLINED);
    const outcomes = [];
    for (let i = 0; i < 4; i += 1)
      outcomes.push(
        await chargeAgreement(db(), declining.agreementId, await nextChargeAt(declining.agreementId), t.app.jobs),
      );
    expect(outcomes).toEqual(['DECLINED', 'DECLINED', 'DECLINED', 'CANCELLED']);
    const attempts = (await renewals(declining.agreementId)).slice(1);
    expect(attempts).toHaveLength(4);
    for (const attempt of attempts) await expectEvents(attempt.id, 'M1000001', [['payment.failed', 'FAILED']]);
    await expectEvents(declining.agreementId, 'M1000001', [
      ['subscription.created', 'ACTIVE'],
      ['subscription.cancelled', 'CANCELLED'],
    ]);
  });
});
