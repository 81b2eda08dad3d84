import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DISPUTE_PATHS, SANDBOX_WIN_MARKER } from '@mbo/contracts/disputes';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { WebhookEventType } from '@mbo/contracts/integration';
import { PAYMENT_LINK_PATHS, TEST_CARDS } from '@mbo/contracts/payment-links';
import { PAYOUT_PATHS } from '@mbo/contracts/payouts';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import { SETTLEMENT_PATHS } from '@mbo/contracts/settlements';
import { AGREEMENT_PATHS } from '@mbo/contracts/subscriptions';
import { APPROVAL_PATHS, type ApprovalRules } from '@mbo/contracts/approvals';
import { webhookDeliveries, webhookEvents } from '../../db/integration-schema';
import { payouts } from '../../db/money-out-schema';
import { payments } from '../../db/payments-schema';
import { disputes } from '../../db/schema';
import { settlementBatches, settlements } from '../../db/settlements-schema';
import { agreements } from '../../db/subscriptions-schema';
import { computed, typedRows, type RowOf } from '../../db/typed-rows';
import { sealSigningSecret } from '../webhooks';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { openDispute } from '../disputes';
import { completeLinkPayment } from '../payment-links';
import { priceCapture } from '../payin-services';
import { recordPayment } from '../payments';
import { postRefund } from '../payments/test-payments';
import { chargeAgreement } from '../subscriptions';

/** The event as stored (every key kept): what the assertions read of it checked. */
const eventPayload = z.looseObject({
  id: z.string(),
  type: z.string(),
  data: z.looseObject({ object: z.looseObject({ id: z.string(), object: z.string(), status: z.string().optional() }) }),
});

const EVENT = {
  id: webhookEvents.id,
  merchant_id: webhookEvents.merchantId,
  type: webhookEvents.type,
  object_id: webhookEvents.objectId,
  payload: computed((value) => eventPayload.parse(webhookEvents.payload.mapFromDriverValue(value))),
};
type EventRow = RowOf<typeof EVENT>;

/** A value the test's flow always sets. */
function present<T>(value: T | null): T {
  if (value === null) throw new Error('expected a value, found null');
  return value;
}

const CUSTOMER = { email: 'ana@example.com', name: 'Ana Customer', expiry: '12/39', cvc: '123' };
const GB_PAYOUT = {
  beneficiaryName: 'Jane Cooper',
  country: 'GB',
  currency: 'GBP',
  amount: '12.00',
  method: 'BANK_TRANSFER',
  accountNumber: 'GB29NWBK60161331926819',
  routingCode: '',
  bic: '',
  purpose: 'SUPPLIER',
  reference: 'EVT-1',
};

/**
 * A valid GB IBAN (NWBK sort code 601613) whose last four digits are `suffix` (0003, 0004: refused by the sandbox
 * bank).
 */
function ibanEnding(suffix: string): string {
  const bban = `NWBK6016130000${suffix}`;
  const numeric = `${bban}GB00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of numeric) rest = (rest * 10 + Number(digit)) % 97;
  return `GB${String(98 - rest).padStart(2, '0')}${bban}`;
}

/**
 * The webhook events the domains emit (issue 14), each driven as the product does it (the hosted
 * checkout, the back-office calls, the sandbox processors' jobs) and read back from the outbox
 * (webhook_events): its type, merchant and object as the change's transaction left it. A refused or
 * rolled-back change leaves no event.
 */
describe('domain webhook events', () => {
  let t: TestApp;
  let owner: string;
  let payoutUser: string;
  const db = () => t.database.db;
  const ok = <T>(res: { body: { code: string; msg: string; data: T } }): T => {
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data;
  };

  const eventsOf = (objectId: string) =>
    typedRows(
      db(),
      EVENT,
      sql`SELECT id, merchant_id, type, object_id, payload FROM webhook_events WHERE object_id = ${objectId} ORDER BY created_at, id`,
    );
  const countOf = async (type: WebhookEventType, merchantId: string) =>
    (
      await db()
        .select({ n: count() })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.type, type), eq(webhookEvents.merchantId, merchantId)))
    )[0].n;
  const agreementOfPayment = async (paymentId: string) =>
    present(
      (await db().select({ agreementId: payments.agreementId }).from(payments).where(eq(payments.id, paymentId)))[0]
        .agreementId,
    );
  const payoutsOfBatch = (batchId: string) =>
    db()
      .select({ id: payouts.id, reference: payouts.reference })
      .from(payouts)
      .where(eq(payouts.batchId, batchId))
      .orderBy(asc(payouts.rowNo));
  const nextChargeAt = async (agreementId: string) =>
    present(
      (await db().select({ at: agreements.nextChargeAt }).from(agreements).where(eq(agreements.id, agreementId)))[0].at,
    );
  const objectsInEventOrder = (type: WebhookEventType, objectIds: string[]) =>
    db()
      .select({ object_id: webhookEvents.objectId })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.type, type), inArray(webhookEvents.objectId, objectIds)))
      .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id));

  /**
   * The object's events, in order, as [type, the object's status in it]; each one about this object of this merchant.
   */
  async function expectEvents(
    objectId: string,
    merchantId: string,
    expected: [WebhookEventType, string][],
  ): Promise<EventRow[]> {
    const rows = await eventsOf(objectId);
    expect(rows.map((r) => [r.type, r.payload.data.object.status])).toEqual(expected);
    for (const r of rows) {
      expect(r).toMatchObject({ merchant_id: merchantId, object_id: objectId });
      expect(r.payload).toMatchObject({
        id: r.id,
        type: r.type,
        data: { object: { id: objectId, object: r.type.slice(0, r.type.indexOf('.')) } },
      });
    }
    return rows;
  }

  async function newLink(overrides: Record<string, unknown> = {}): Promise<string> {
    return ok<{ linkId: string }>(
      await call(t.app, 'POST', PAYMENT_LINK_PATHS.create, {
        cookie: owner,
        payload: {
          amount: '25.00',
          currency: 'EUR',
          description: 'Webhook events',
          reusable: false,
          expiresInDays: 7,
          ...overrides,
        },
      }),
    ).linkId;
  }

  let payAddress = 0;
  /** Pays a link on the hosted checkout (as the customer's browser does); returns the payment id. */
  async function pay(linkId: string, cardNumber: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/pay/${linkId}`,
      remoteAddress: `127.78.${(payAddress >> 8) & 255}.${payAddress++ & 255}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'shop.test:8080',
        origin: 'http://shop.test:8080',
      },
      payload: new URLSearchParams({ ...CUSTOMER, cardNumber }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
    return /\/payments\/([^/]+)$/.exec(String(res.headers.location))![1];
  }

  const withKey = async (url: string, payload: unknown, cookie: string, key: string = randomUUID()) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, [IDEMPOTENCY_HEADER]: key },
      payload: payload as object,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever data a call answers
    return { status: res.statusCode, body: res.json() as { code: string; msg: string; data: any } };
  };

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        sandboxRefundDelayMs: 0,
        sandboxDisputeOpenDelayMs: 0,
        sandboxDisputeDecisionDelayMs: 0,
        sandboxPayoutDelayMs: 0,
        sandboxClock: true,
      },
    });
    owner = await loginAs(t.app, 'owner@demo.test');
    payoutUser = await loginAs(t.app, 'payouts@demo.test');
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

  it('payout.created, then payout.paid or payout.failed from the sandbox bank; a replay or a refused payout emits nothing', async () => {
    const key = randomUUID();
    const single = ok<{ payoutId: string }>(await withKey(PAYOUT_PATHS.create, GB_PAYOUT, payoutUser, key));
    // The same key again answers the first payout: no second event.
    expect(ok<{ payoutId: string }>(await withKey(PAYOUT_PATHS.create, GB_PAYOUT, payoutUser, key)).payoutId).toBe(
      single.payoutId,
    );
    const created = await countOf('payout.created', 'M2000001');
    // A bad row: refused, nothing reserved, nothing sent.
    expect((await withKey(PAYOUT_PATHS.create, { ...GB_PAYOUT, amount: '-5' }, payoutUser)).body.code).toBe(
      ERROR_CODES.PAYOUT_ROWS_INVALID,
    );
    expect(await countOf('payout.created', 'M2000001')).toBe(created);
    await t.app.jobs.drain();
    const [, paidEvent] = await expectEvents(single.payoutId, 'M2000001', [
      ['payout.created', 'PENDING'],
      ['payout.paid', 'SUCCESS'],
    ]);
    expect(paidEvent.payload.data.object).toMatchObject({
      bankReference: expect.stringMatching(/^SBX/),
      accountLast4: '6819',
    });
    expect(JSON.stringify(paidEvent.payload)).not.toContain('60161331926819');

    const batch = ok<{ batchId: string }>(
      await withKey(
        PAYOUT_PATHS.submit,
        {
          fileName: 'events.csv',
          rows: [
            { ...GB_PAYOUT, reference: 'EVT-B1' },
            { ...GB_PAYOUT, reference: 'EVT-B2', accountNumber: ibanEnding('0004') },
            { ...GB_PAYOUT, reference: 'EVT-B3' },
          ],
        },
        payoutUser,
      ),
    );
    // drain() also waits for a row's bank step sent to run a moment later.
    await t.app.jobs.drain();
    const rows = await payoutsOfBatch(batch.batchId);
    expect(rows.map((r) => r.reference)).toEqual(['EVT-B1', 'EVT-B2', 'EVT-B3']);
    await expectEvents(rows[0].id, 'M2000001', [
      ['payout.created', 'PENDING'],
      ['payout.paid', 'SUCCESS'],
    ]);
    const [, failedEvent] = await expectEvents(rows[1].id, 'M2000001', [
      ['payout.created', 'PENDING'],
      ['payout.failed', 'FAILED'],
    ]);
    expect(failedEvent.payload.data.object).toMatchObject({
      batchId: batch.batchId,
      failureReason: 'The beneficiary’s name does not match the account.',
    });
    await expectEvents(rows[2].id, 'M2000001', [
      ['payout.created', 'PENDING'],
      ['payout.paid', 'SUCCESS'],
    ]);
  });

  it("a batch's events reach each subscribed endpoint in row order, and replay in it too", async () => {
    const secret = (id: string) => sealSigningSecret(t.database.secrets, id, 'whsec_dGVzdA==');
    await db().execute(sql`
      INSERT INTO webhook_endpoints (id, merchant_id, url, event_types, secret) VALUES
        ('we_domaineventsA0000', 'M2000001', 'https://hooks.invalid/a', ARRAY['payout.created'], ${secret('we_domaineventsA0000')}),
        ('we_domaineventsB0000', 'M2000001', 'https://hooks.invalid/b', ARRAY['payout.created', 'payout.paid'], ${secret('we_domaineventsB0000')}),
        ('we_domaineventsC0000', 'M2000001', 'https://hooks.invalid/c', ARRAY['refund.created'], ${secret('we_domaineventsC0000')})`);
    const references = Array.from({ length: 12 }, (_, i) => `EVT-O${String(i).padStart(2, '0')}`);
    const batch = ok<{ batchId: string }>(
      await withKey(
        PAYOUT_PATHS.submit,
        {
          fileName: 'ordered.csv',
          rows: references.map((reference) => ({ ...GB_PAYOUT, amount: '1.00', reference })),
        },
        payoutUser,
      ),
    );
    const rows = await payoutsOfBatch(batch.batchId);
    const created = await typedRows(
      db(),
      { endpoint_id: webhookDeliveries.endpointId, object_id: webhookEvents.objectId, event_id: webhookEvents.id },
      sql`
      SELECT d.endpoint_id, e.object_id, e.id AS event_id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
       WHERE d.endpoint_id LIKE 'we_domainevents%' AND e.type = 'payout.created' AND d.kind = 'EVENT' ORDER BY d.seq`,
    );
    for (const endpoint of ['we_domaineventsA0000', 'we_domaineventsB0000']) {
      const mine = created.filter((d) => d.endpoint_id === endpoint);
      expect(mine.map((d) => d.object_id)).toEqual(rows.map((r) => r.id));
      expect(mine.map((d) => d.event_id)).toEqual(mine.map((d) => d.event_id).sort());
    }
    expect(created.filter((d) => d.endpoint_id === 'we_domaineventsC0000')).toEqual([]);
    // The events themselves, in the order a replay reads them (created_at, id): the rows' order.
    const replayOrder = await objectsInEventOrder(
      'payout.created',
      rows.map((r) => r.id),
    );
    expect(replayOrder.map((r) => r.object_id)).toEqual(rows.map((r) => r.id));
    await db().execute(sql`UPDATE webhook_endpoints SET enabled = false WHERE id LIKE 'we_domainevents%'`);
  });

  it('payout.cancelled for a payout or each row of a batch an approver rejects, in row order; approved, no such event', async () => {
    await db().execute(sql`
      INSERT INTO users (merchant_id, email, name, role_code, status, password_hash, password_changed_at)
      SELECT 'M2000001', 'events-checker@demo.test', 'Events Checker', 'ADMIN', 'ACTIVE', password_hash, now() FROM users WHERE email = 'owner@demo.test'`);
    const checker = await loginAs(t.app, 'events-checker@demo.test');
    const rules = ok<ApprovalRules>(await call(t.app, 'GET', APPROVAL_PATHS.rules, { cookie: checker }));
    ok(
      await call(t.app, 'POST', APPROVAL_PATHS.updateRules, {
        cookie: checker,
        payload: { thresholds: { GBP: 100_00 } },
      }),
    );
    const decide = (path: string, payload: Record<string, string>) =>
      call(t.app, 'POST', path, { cookie: checker, payload });

    const single = ok<{ payoutId: string; status: string }>(
      await withKey(PAYOUT_PATHS.create, { ...GB_PAYOUT, amount: '150.00', reference: 'EVT-R1' }, payoutUser),
    );
    expect(single.status).toBe('PENDING_APPROVAL');
    ok(await decide(APPROVAL_PATHS.reject, { kind: 'PAYOUT', id: single.payoutId, reason: 'Wrong supplier' }));
    const [, cancelled] = await expectEvents(single.payoutId, 'M2000001', [
      ['payout.created', 'PENDING_APPROVAL'],
      ['payout.cancelled', 'CANCELLED'],
    ]);
    expect(cancelled.payload.data.object).toMatchObject({
      failureReason: 'Rejected by the approver',
      amount: 150_00,
      currency: 'GBP',
    });

    const batch = ok<{ batchId: string }>(
      await withKey(
        PAYOUT_PATHS.submit,
        {
          fileName: 'rejected.csv',
          rows: [1, 2, 3].map((i) => ({ ...GB_PAYOUT, amount: '60.00', reference: `EVT-RB${i}` })),
        },
        payoutUser,
      ),
    );
    ok(await decide(APPROVAL_PATHS.reject, { kind: 'PAYOUT_BATCH', id: batch.batchId }));
    const rows = await payoutsOfBatch(batch.batchId);
    for (const row of rows)
      await expectEvents(row.id, 'M2000001', [
        ['payout.created', 'PENDING_APPROVAL'],
        ['payout.cancelled', 'CANCELLED'],
      ]);
    const order = await objectsInEventOrder(
      'payout.cancelled',
      rows.map((r) => r.id),
    );
    expect(order.map((r) => r.object_id)).toEqual(rows.map((r) => r.id));

    // Approved: on to the bank, no cancellation.
    const approved = ok<{ payoutId: string }>(
      await withKey(PAYOUT_PATHS.create, { ...GB_PAYOUT, amount: '150.00', reference: 'EVT-R2' }, payoutUser),
    );
    ok(await decide(APPROVAL_PATHS.approve, { kind: 'PAYOUT', id: approved.payoutId }));
    await t.app.jobs.drain();
    await expectEvents(approved.payoutId, 'M2000001', [
      ['payout.created', 'PENDING_APPROVAL'],
      ['payout.paid', 'SUCCESS'],
    ]);
    ok(
      await call(t.app, 'POST', APPROVAL_PATHS.updateRules, {
        cookie: checker,
        payload: { thresholds: rules.thresholds },
      }),
    );
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
