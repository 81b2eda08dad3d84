import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { PAYMENT_LINK_PATHS, TEST_CARDS } from '@mbo/contracts/payment-links';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import {
  AGREEMENT_PATHS,
  type AgreementDetail,
  type AgreementRecord,
  type SubscriptionPlan,
} from '@mbo/contracts/subscriptions';
import { payments } from '../../db/payments-schema';
import { auditLog } from '../../db/schema';
import { agreements } from '../../db/subscriptions-schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { payPaymentLink } from '../payment-links';
import { chargeDueAgreements } from './charge-agreements';
import { cycleDueAt } from './plan-schedule';

const DAY = 86_400_000;
const MONTHLY: SubscriptionPlan = { interval: 'MONTH', intervalCount: 1 };

/** Subscription links, the agreements their payment starts, the charge job over a moving clock, and cancel. */
describe('subscriptions', () => {
  let t: TestApp;
  let owner: string;
  let viewer: string;
  let subOwner: string;
  let customer = 0;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, viewer] = await Promise.all([loginAs(t.app, 'owner@demo.test'), loginAs(t.app, 'viewer@demo.test')]);
    subOwner = await loginAs(t.app, 'payouts@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newLink(plan: SubscriptionPlan | undefined, amount = '9.99'): Promise<string> {
    const res = await call(t.app, 'POST', PAYMENT_LINK_PATHS.create, {
      cookie: owner,
      payload: {
        amount,
        currency: 'EUR',
        description: 'Coffee club',
        reusable: true,
        expiresInDays: 30,
        ...(plan ? { subscription: plan } : {}),
      },
    });
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data.linkId;
  }

  /**
   * Pays a subscription link; with `startAt`, the agreement and its first charge are moved back to that instant (UTC
   * schedule).
   */
  async function subscribe(plan: SubscriptionPlan, card: string = TEST_CARDS.SUCCESS, startAt?: Date): Promise<string> {
    const linkId = await newLink(plan);
    const result = await payPaymentLink(t.app.db, linkId, {
      email: `member${++customer}@example.com`,
      name: `Member ${customer}`,
      cardNumber: card,
    });
    expect(result.status).toBe('SUCCESS');
    const id = result.agreementId!;
    expect(id).toMatch(/^AGR/);
    if (startAt) {
      const next = cycleDueAt(
        { startAt, timeZone: 'UTC', interval: plan.interval, intervalCount: plan.intervalCount },
        2,
      ).toISOString();
      await t.app.db.execute(sql`
        UPDATE agreements SET start_at = ${startAt.toISOString()}::timestamptz, period_start = ${startAt.toISOString()}::timestamptz, period_end = ${next}::timestamptz,
               next_charge_at = ${next}::timestamptz, created_at = ${startAt.toISOString()}::timestamptz, time_zone = 'UTC' WHERE id = ${id}`);
      await t.app.db.execute(
        sql`UPDATE payments SET created_at = ${startAt.toISOString()}::timestamptz, paid_at = ${startAt.toISOString()}::timestamptz WHERE agreement_id = ${id}`,
      );
    }
    return id;
  }

  const detail = async (id: string, cookie = owner) =>
    call(t.app, 'GET', AGREEMENT_PATHS.detail, { cookie, query: { agreementId: id } });
  const record = async (id: string) => (await detail(id)).body.data as AgreementDetail;
  const charges = async (id: string) =>
    t.app.db
      .select({
        agreement_cycle: payments.agreementCycle,
        agreement_attempt: payments.agreementAttempt,
        status: payments.status,
        created_at: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.agreementId, id))
      .orderBy(payments.agreementCycle, payments.agreementAttempt);
  const run = (now: Date) => chargeDueAgreements(t.app.db, { now, merchantId: 'M1000001' });

  it('starts an ACTIVE agreement when a subscription link is paid, with its first charge as an ordinary payment', async () => {
    const linkId = await newLink({ interval: 'MONTH', intervalCount: 1, cycles: 12 });
    const link = await call(t.app, 'GET', PAYMENT_LINK_PATHS.detail, { cookie: owner, query: { linkId } });
    expect(link.body.data.link?.subscription ?? link.body.data.subscription).toEqual({
      interval: 'MONTH',
      intervalCount: 1,
      cycles: 12,
    });
    const page = await t.app.inject({ method: 'GET', url: `/pay/${linkId}` });
    expect(page.body).toMatch(/Subscription: €9\.99 every month, 12 payments in all/);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/${linkId}`,
      remoteAddress: '127.88.0.1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'shop.test:8080',
        origin: 'http://shop.test:8080',
      },
      payload: new URLSearchParams({
        email: 'Ana@Example.com',
        name: 'Ana Subscriber',
        cardNumber: TEST_CARDS.SUCCESS,
        expiry: '12/39',
        cvc: '123',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const result = await t.app.inject({ method: 'GET', url: paid.headers.location as string });
    expect(result.body).toContain('Subscription started');
    const agreementId = /data-testid="agreement-id">(AGR[A-Za-z0-9]+)</.exec(result.body)?.[1];
    expect(agreementId).toBeDefined();

    const a = await record(agreementId!);
    expect(a).toMatchObject({
      status: 'ACTIVE',
      amount: 999,
      currency: 'EUR',
      interval: 'MONTH',
      intervalCount: 1,
      cycles: 12,
      cyclesCharged: 1,
      totalCollected: 999,
      customerName: 'Ana Subscriber',
      customerEmail: 'ana@example.com',
      payMethodType: 'CARD',
      cardBin: '424242',
      cardLast4: '4242',
      paymentLinkId: linkId,
      cancelAtPeriodEnd: false,
      failedAttempts: 0,
    });
    expect(a.nextChargeAt).toBe(
      cycleDueAt(
        { startAt: new Date(a.startAt), timeZone: 'Europe/Amsterdam', interval: 'MONTH', intervalCount: 1 },
        2,
      ).toISOString(),
    );
    expect(a.charges).toEqual([expect.objectContaining({ cycle: 1, attempt: 0, amount: 999, status: 'SUCCESS' })]);
    expect(a.events.map((e) => e.type)).toEqual(['STARTED']);
    // The charge is a payment like any other: in the payments list and the ledger.
    const [payment] = await t.app.db
      .select({ status: payments.status, batch_id: payments.batchId })
      .from(payments)
      .where(eq(payments.id, a.charges[0].paymentId));
    expect(payment).toMatchObject({ status: 'SUCCESS', batch_id: expect.any(String) });
    const paymentDetail = await call(t.app, 'GET', PAYMENT_PATHS.detail, {
      cookie: owner,
      query: { paymentId: a.charges[0].paymentId },
    });
    expect(paymentDetail.body.data.agreement).toEqual({ agreementId, cycle: 1, attempt: 0 });

    // Search by id, by email (any case) and by the start of the name; filters from the dropdown configs.
    for (const keyword of [agreementId!, 'ANA@example.com', 'ana sub']) {
      const list = await call(t.app, 'POST', AGREEMENT_PATHS.list, { cookie: owner, payload: { keyword } });
      expect(
        (list.body.data.records as AgreementRecord[]).map((r) => r.agreementId),
        keyword,
      ).toContain(agreementId);
    }
    const filtered = await call(t.app, 'POST', AGREEMENT_PATHS.list, {
      cookie: owner,
      payload: {
        status: ['ACTIVE'],
        country: 'NL',
        payMethodType: 'CARD',
        payMethodName: 'VISA',
        keyword: agreementId,
      },
    });
    expect(filtered.body.data.total).toBe(1);
    const configs = await call(t.app, 'GET', '/acquiring/web/v1/agreement/dropdown-configs', { cookie: owner });
    expect(configs.body.data.statusList.map((o: { value: string }) => o.value)).toEqual([
      'ACTIVE',
      'PAST_DUE',
      'CANCELLED',
      'EXPIRED',
    ]);
  });

  it('refuses the pending test card for a subscription and starts nothing on a declined card', async () => {
    const linkId = await newLink(MONTHLY);
    for (const card of [TEST_CARDS.PENDING, TEST_CARDS.DECLINED]) {
      const result = await payPaymentLink(t.app.db, linkId, {
        email: 'no@example.com',
        name: 'No Agreement',
        cardNumber: card,
      });
      expect(result.status).toBe('FAILED');
      expect(result.agreementId).toBeNull();
    }
    const [{ n }] = await t.app.db.select({ n: count() }).from(agreements).where(eq(agreements.paymentLinkId, linkId));
    expect(n).toBe(0);
  });

  it('charges each of 12 monthly cycles exactly once with two runners, from 31 January on the last day of February, then 31 March', async () => {
    const start = new Date('2025-01-31T09:00:00Z');
    const id = await subscribe({ interval: 'MONTH', intervalCount: 1, cycles: 13 }, TEST_CARDS.SUCCESS, start);
    // Twice a day for 13 months and a bit (the last period ends on 28 February 2026), two runners at once each time.
    for (let now = start.getTime(); now <= start.getTime() + 400 * DAY; now += DAY / 2) {
      await Promise.all([run(new Date(now)), run(new Date(now))]);
    }
    const made = await charges(id);
    expect(made.map((c) => c.agreement_cycle)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(made.every((c) => c.status === 'SUCCESS' && c.agreement_attempt === 0)).toBe(true);
    const days = made.map((c) => c.created_at.toISOString().slice(0, 10));
    expect(days.slice(0, 4)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30']);
    const a = await record(id);
    expect(a).toMatchObject({
      status: 'EXPIRED',
      cyclesCharged: 13,
      totalCollected: 13 * 999,
      nextChargeAt: null,
      endReason: 'All 13 cycles charged',
    });
  });

  it('retries a declined renewal after 1, 3 and 7 days, then cancels with a reason; a paid retry keeps the schedule', async () => {
    const start = new Date('2025-03-10T10:00:00Z');
    const id = await subscribe(MONTHLY, TEST_CARDS.RENEWAL_DECLINED, start);
    const due = new Date('2025-04-10T10:00:00Z').getTime();
    await run(new Date(due));
    expect(await record(id)).toMatchObject({
      status: 'PAST_DUE',
      failedAttempts: 1,
      nextChargeAt: new Date(due + DAY).toISOString(),
    });
    await run(new Date(due + DAY));
    expect((await record(id)).nextChargeAt).toBe(new Date(due + 3 * DAY).toISOString());
    await run(new Date(due + 3 * DAY));
    expect((await record(id)).nextChargeAt).toBe(new Date(due + 7 * DAY).toISOString());
    await run(new Date(due + 7 * DAY));
    const ended = await record(id);
    expect(ended).toMatchObject({ status: 'CANCELLED', nextChargeAt: null, cyclesCharged: 1, totalCollected: 999 });
    expect(ended.endReason).toContain('cancelled after the last retry');
    expect((await charges(id)).map((c) => [c.agreement_cycle, c.agreement_attempt, c.status])).toEqual([
      [1, 0, 'SUCCESS'],
      [2, 0, 'FAILED'],
      [2, 1, 'FAILED'],
      [2, 2, 'FAILED'],
      [2, 3, 'FAILED'],
    ]);
    await run(new Date(due + 60 * DAY));
    expect(await charges(id)).toHaveLength(5);

    // A retry that pays: back to ACTIVE, the next cycle on its own date (not moved by the retry).
    const other = await subscribe(MONTHLY, TEST_CARDS.RENEWAL_DECLINED, start);
    await run(new Date(due));
    await t.app.db.execute(sql`UPDATE agreements SET card_bin = '424242', card_last4 = '4242' WHERE id = ${other}`);
    await run(new Date(due + DAY));
    expect(await record(other)).toMatchObject({
      status: 'ACTIVE',
      failedAttempts: 0,
      cyclesCharged: 2,
      periodStart: new Date(due).toISOString(),
      nextChargeAt: '2025-05-10T10:00:00.000Z',
    });
  });

  it('cancels now or at the end of the period; no charge is made after a cancel takes effect; twice is refused', async () => {
    const start = new Date('2025-06-15T08:00:00Z');
    const now = await subscribe(MONTHLY, TEST_CARDS.SUCCESS, start);
    const atEnd = await subscribe(MONTHLY, TEST_CARDS.SUCCESS, start);
    const cancel = (agreementId: string, when: string, cookie = owner) =>
      call(t.app, 'POST', AGREEMENT_PATHS.cancel, { cookie, payload: { agreementId, when } });

    expect((await cancel(atEnd, 'PERIOD_END')).body.data).toMatchObject({
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
    });
    const again = await cancel(atEnd, 'PERIOD_END');
    expect(again.body.code).toBe(ERROR_CODES.AGREEMENT_NOT_CANCELLABLE);
    expect(again.body.msg).toBe('Agreement is already set to cancel at the end of the period.');
    expect((await cancel(now, 'NOW')).body.data).toMatchObject({
      status: 'CANCELLED',
      nextChargeAt: null,
      endReason: 'Cancelled by owner@demo.test',
    });
    const twice = await cancel(now, 'NOW');
    expect(twice.body.code).toBe(ERROR_CODES.AGREEMENT_NOT_CANCELLABLE);
    expect(twice.body.msg).toBe('Agreement is already cancelled.');

    await run(new Date('2025-08-01T00:00:00Z'));
    expect(await charges(now)).toHaveLength(1);
    expect(await charges(atEnd)).toHaveLength(1);
    expect(await record(atEnd)).toMatchObject({
      status: 'CANCELLED',
      cancelledAt: '2025-07-15T08:00:00.000Z',
      endReason: 'Cancelled at the end of the period',
    });
    const [audit] = await t.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'AGREEMENT_CANCEL'), inArray(auditLog.targetId, [now, atEnd])));
    expect(audit.n).toBe(2);
  });

  it('lets a cancel racing a due charge win or come after it, never a charge after the cancel', async () => {
    const start = new Date('2025-09-01T12:00:00Z');
    const ids = await Promise.all(Array.from({ length: 6 }, () => subscribe(MONTHLY, TEST_CARDS.SUCCESS, start)));
    const due = new Date('2025-10-01T12:00:00Z');
    const cancels = ids.map((agreementId) =>
      call(t.app, 'POST', AGREEMENT_PATHS.cancel, { cookie: owner, payload: { agreementId, when: 'NOW' } }),
    );
    await Promise.all([run(due), ...cancels]);
    await run(new Date(due.getTime() + 90 * DAY));
    for (const id of ids) {
      const a = await record(id);
      expect(a.status).toBe('CANCELLED');
      const made = await charges(id);
      // Either the cycle-2 charge happened before the cancel (and its event comes first), or none did.
      expect(made.length).toBeLessThanOrEqual(2);
      const types = a.events.map((e) => e.type);
      expect(types.indexOf('CANCELLED')).toBe(types.length - 1);
      expect(a.cyclesCharged).toBe(made.length);
    }
  });

  it('shows another merchant’s agreement as not found, lets a viewer read but not cancel, and refuses a payout merchant', async () => {
    const id = await subscribe(MONTHLY);
    expect((await detail(id, viewer)).body.code).toBe('000000');
    const refused = await call(t.app, 'POST', AGREEMENT_PATHS.cancel, {
      cookie: viewer,
      payload: { agreementId: id, when: 'NOW' },
    });
    expect(refused.body.code).toBe(ERROR_CODES.PERMISSION_DENIED);
    expect((await record(id)).status).toBe('ACTIVE');
    // The payout merchant has no subscriptions at all (no menu: refused before any lookup).
    const other = await call(t.app, 'GET', AGREEMENT_PATHS.detail, { cookie: subOwner, query: { agreementId: id } });
    expect(other.body.code).not.toBe('000000');
    // A sub-merchant of Demo Store (the owner switched to it) does not see the parent's agreement.
    await t.app.db.execute(sql`UPDATE agreements SET merchant_id = 'M1000002' WHERE id = ${id}`);
    expect((await detail(id)).body.code).toBe(ERROR_CODES.AGREEMENT_NOT_FOUND);
    expect(
      (await call(t.app, 'POST', AGREEMENT_PATHS.cancel, { cookie: owner, payload: { agreementId: id, when: 'NOW' } }))
        .body.code,
    ).toBe(ERROR_CODES.AGREEMENT_NOT_FOUND);
    const listed = await call(t.app, 'POST', AGREEMENT_PATHS.list, { cookie: owner, payload: { keyword: id } });
    expect(listed.body.data.total).toBe(0);
    await t.app.db.execute(sql`UPDATE agreements SET merchant_id = 'M1000001' WHERE id = ${id}`);
  });

  it('refuses bad input with a catalogue error and writes nothing', async () => {
    for (const subscription of [
      { interval: 'HOUR', intervalCount: 1 },
      { interval: 'MONTH', intervalCount: 13 },
      { interval: 'MONTH', intervalCount: 1, cycles: 1 },
      { interval: 'DAY', intervalCount: 1.5 },
    ]) {
      const res = await call(t.app, 'POST', PAYMENT_LINK_PATHS.create, {
        cookie: owner,
        payload: { amount: '5.00', currency: 'EUR', description: 'x', reusable: true, expiresInDays: 3, subscription },
      });
      expect(res.body.code, JSON.stringify(subscription)).toBe(ERROR_CODES.INVALID_REQUEST);
    }
    for (const payload of [
      { agreementId: 'PAY123', when: 'NOW' },
      { agreementId: 'AGR1', when: 'LATER' },
      { agreementId: ['AGR1'], when: 'NOW' },
    ]) {
      expect((await call(t.app, 'POST', AGREEMENT_PATHS.cancel, { cookie: owner, payload })).body.code).toBe(
        ERROR_CODES.INVALID_REQUEST,
      );
    }
    expect(
      (
        await call(t.app, 'POST', AGREEMENT_PATHS.list, {
          cookie: owner,
          payload: { createdFrom: '0000-01-01T00:00:00Z' },
        })
      ).body.code,
    ).toBe(ERROR_CODES.INVALID_REQUEST);
    expect(
      (
        await call(t.app, 'POST', AGREEMENT_PATHS.cancel, {
          cookie: owner,
          payload: { agreementId: 'AGR0000000000000000000', when: 'NOW' },
        })
      ).body.code,
    ).toBe(ERROR_CODES.AGREEMENT_NOT_FOUND);
  });
});
