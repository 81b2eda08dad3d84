import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import {
  AGREEMENT_PATHS,
  AGREEMENT_RETRY_DAYS,
  AGREEMENT_STATUSES,
  type AgreementRecord,
} from '@mbo/contracts/subscriptions';
import { paymentLinks, payments } from '../db/payments-schema';
import { merchants } from '../db/schema';
import { settlementBatches } from '../db/settlements-schema';
import { agreements as agreementsTable } from '../db/subscriptions-schema';
import { computed, typedRows, type RowField, type RowOf } from '../db/typed-rows';
import { brokenAccounts, unbalancedTransactions } from '../modules/payments/test-payments';
import { planClockOf, cycleDueAt, retryAt, listAgreements, readAgreement } from '../modules/subscriptions';
import { call, createTestApp, loginAs, type TestApp } from '../test/harness';
import { DEMO_SUBSCRIPTIONS } from './demo-subscription-plans';

const DAY = 86_400_000;
const SWITCH = '/usercenter/web/v1/switch-user-access-merchant';
const LAST_RETRY = 'cancelled after the last retry';

/** An agreement as the checks read it (the columns the reads and the charge job select, by their names). */
const AGREEMENT = {
  id: agreementsTable.id,
  merchant_id: agreementsTable.merchantId,
  payment_link_id: agreementsTable.paymentLinkId,
  customer_name: agreementsTable.customerName,
  customer_email: agreementsTable.customerEmail,
  pay_method_type: agreementsTable.payMethodType,
  pay_method_name: agreementsTable.payMethodName,
  card_bin: agreementsTable.cardBin,
  card_last4: agreementsTable.cardLast4,
  country: agreementsTable.country,
  amount: agreementsTable.amount,
  currency: agreementsTable.currency,
  plan_interval: agreementsTable.planInterval,
  plan_interval_count: agreementsTable.planIntervalCount,
  plan_cycles: agreementsTable.planCycles,
  time_zone: agreementsTable.timeZone,
  status: agreementsTable.status,
  start_at: agreementsTable.startAt,
  cycles_charged: agreementsTable.cyclesCharged,
  period_start: agreementsTable.periodStart,
  period_end: agreementsTable.periodEnd,
  next_charge_at: agreementsTable.nextChargeAt,
  failed_attempts: agreementsTable.failedAttempts,
  cancel_at_period_end: agreementsTable.cancelAtPeriodEnd,
  cancelled_at: agreementsTable.cancelledAt,
  end_reason: agreementsTable.endReason,
  total_collected: agreementsTable.totalCollected,
  created_at: agreementsTable.createdAt,
};

/** A charge of an agreement: its agreement, cycle and attempt are set (the read fails on a null). */
const CHARGE = {
  agreement_id: computed(String),
  agreement_cycle: computed(Number),
  agreement_attempt: computed(Number),
  status: payments.status,
  amount: payments.amount,
  currency: payments.currency,
  customer_email: payments.customerEmail,
  payment_link_id: payments.paymentLinkId,
  created_at: payments.createdAt,
};
type Charge = RowOf<typeof CHARGE>;

/**
 * The demo's subscriptions (demo-subscriptions.ts), as every fresh database has them: replayed through the charge job
 * up to the seed.
 */
describe('demo subscriptions', () => {
  let t: TestApp;
  let owner: string;
  let agreements: RowOf<typeof AGREEMENT>[];
  let charges: Map<string, Charge[]>;
  const read = <S extends Record<string, RowField>>(shape: S, query: SQL) => typedRows(t.database.db, shape, query);
  const of = (merchantId: string) => agreements.filter((a) => a.merchant_id === merchantId);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    agreements = await t.database.db.select(AGREEMENT).from(agreementsTable).orderBy(agreementsTable.startAt);
    charges = new Map();
    for (const c of await read(
      CHARGE,
      sql`
      SELECT agreement_id, agreement_cycle, agreement_attempt, status, amount, currency, customer_email, payment_link_id, created_at
        FROM payments WHERE agreement_id IS NOT NULL ORDER BY created_at`,
    )) {
      charges.set(c.agreement_id, [...(charges.get(c.agreement_id) ?? []), c]);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives Demo Store an agreement in every status, with months of history, and its sub-merchants theirs', async () => {
    const store = of('M1000001');
    const signups = (merchantId: string) => DEMO_SUBSCRIPTIONS[merchantId].flatMap((l) => l.signups).length;
    for (const m of ['M1000001', 'M1000002', 'M1000003']) expect(of(m), m).toHaveLength(signups(m));
    expect(agreements).toHaveLength(of('M1000001').length + of('M1000002').length + of('M1000003').length);
    expect(new Set(store.map((a) => a.status))).toEqual(new Set(AGREEMENT_STATUSES));
    expect(store.some((a) => a.status === 'ACTIVE' && a.cancel_at_period_end)).toBe(true);
    const cancelled = store.filter((a) => a.status === 'CANCELLED').map((a) => a.end_reason ?? '');
    expect(cancelled).toContain('Cancelled by owner@demo.test');
    expect(cancelled).toContain('Cancelled at the end of the period');
    expect(cancelled.some((r) => r.endsWith(LAST_RETRY))).toBe(true);
    expect(store.filter((a) => a.status === 'EXPIRED').every((a) => a.cycles_charged === a.plan_cycles)).toBe(true);
    expect(new Set(store.map((a) => a.plan_interval))).toEqual(new Set(['WEEK', 'MONTH', 'YEAR']));
    expect(new Set(store.map((a) => a.currency))).toEqual(new Set(['EUR', 'USD', 'GBP']));
    expect(Math.max(...store.map((a) => Date.now() - new Date(a.start_at).getTime())) / DAY).toBeGreaterThan(300);
    expect(Math.max(...store.map((a) => Number(a.cycles_charged)))).toBeGreaterThanOrEqual(10);
    // The owner's list shows them by status, as stored.
    const pastDue = await call(t.app, 'POST', AGREEMENT_PATHS.list, {
      cookie: owner,
      payload: { status: ['PAST_DUE'], pageSize: 200 },
    });
    expect(pastDue.body.data.records.map((r: AgreementRecord) => r.agreementId).sort()).toEqual(
      store
        .filter((a) => a.status === 'PAST_DUE')
        .map((a) => a.id)
        .sort(),
    );
  });

  it('made every charge as the charge job does: one payment per cycle charged, one per declined attempt, on schedule, the total collected their sum', () => {
    for (const a of agreements) {
      const mine = charges.get(a.id) ?? [];
      const paid = mine.filter((c) => c.status === 'SUCCESS');
      const declined = mine.filter((c) => c.status === 'FAILED');
      expect(mine.length, a.id).toBe(paid.length + declined.length);
      // Each cycle charged once, 1 to cycles_charged; the declines are attempts at the next cycle.
      expect(
        paid.map((c) => c.agreement_cycle).sort((x, y) => x - y),
        a.id,
      ).toEqual(Array.from({ length: Number(a.cycles_charged) }, (_, i) => i + 1));
      const endedByRetries = a.status === 'CANCELLED' && (a.end_reason ?? '').endsWith(LAST_RETRY);
      const expectedDeclines = endedByRetries
        ? AGREEMENT_RETRY_DAYS.length + 1
        : a.status === 'PAST_DUE'
          ? Number(a.failed_attempts)
          : 0;
      expect(
        declined.map((c) => [c.agreement_cycle, c.agreement_attempt]),
        a.id,
      ).toEqual(Array.from({ length: expectedDeclines }, (_, i) => [Number(a.cycles_charged) + 1, i]));
      expect(Number(a.total_collected), a.id).toBe(paid.reduce((n, c) => n + Number(c.amount), 0));
      // On schedule: a cycle on its due date (counted from the start in the merchant's zone), a retry 1, 3, 7 days
      // after it.
      const clock = planClockOf(a);
      for (const c of mine) {
        const due = cycleDueAt(clock, c.agreement_cycle);
        const expected = c.agreement_attempt === 0 ? due : retryAt(due, AGREEMENT_RETRY_DAYS[c.agreement_attempt - 1]);
        expect(new Date(c.created_at).toISOString(), `${a.id} cycle ${c.agreement_cycle}.${c.agreement_attempt}`).toBe(
          expected.toISOString(),
        );
        expect([Number(c.amount), c.currency, c.customer_email, c.payment_link_id]).toEqual([
          Number(a.amount),
          a.currency,
          a.customer_email,
          a.payment_link_id,
        ]);
      }
    }
  });

  it('replayed the charge job up to the seed: nothing ACTIVE or PAST_DUE is left due, final ones have no next charge', async () => {
    const [{ seeded_at: seededAt }] = await read(
      { seeded_at: merchants.createdAt },
      sql`SELECT min(created_at) AS seeded_at FROM merchants`,
    );
    for (const a of agreements) {
      if (a.status === 'ACTIVE' || a.status === 'PAST_DUE')
        expect(new Date(a.next_charge_at!).getTime(), a.id).toBeGreaterThan(new Date(seededAt).getTime());
      else expect(a.next_charge_at, a.id).toBeNull();
      // A cancellation came at its moment of the history: nothing was charged after it.
      if (a.cancelled_at) {
        const last = Math.max(...(charges.get(a.id) ?? []).map((c) => new Date(c.created_at).getTime()));
        expect(new Date(a.cancelled_at).getTime(), a.id).toBeGreaterThanOrEqual(last);
        expect(new Date(a.cancelled_at).getTime(), a.id).toBeLessThan(new Date(seededAt).getTime() - DAY);
      }
    }
    // The links' checkouts: each link counts the agreements started through it, within its life.
    const links = await read(
      {
        id: paymentLinks.id,
        paid_count: paymentLinks.paidCount,
        started: computed(Number),
        outside: computed(Number),
      },
      sql`
      SELECT l.id, l.paid_count, count(a.id)::int AS started,
             count(a.id) FILTER (WHERE a.start_at < l.created_at OR a.start_at > l.expires_at OR a.start_at > coalesce(l.deactivated_at, a.start_at))::int AS outside
        FROM payment_links l JOIN agreements a ON a.payment_link_id = l.id GROUP BY l.id`,
    );
    expect(links.length).toBe(Object.values(DEMO_SUBSCRIPTIONS).flat().length);
    for (const l of links) expect([l.paid_count, l.outside], l.id).toEqual([l.started, 0]);
  });

  it('captured every paid charge into the ledger and a clearing batch, settled those past due, and the books balance', async () => {
    const wrong = await read(
      { id: payments.id },
      sql`
      SELECT p.id FROM payments p
        LEFT JOIN ledger_transactions x ON x.reference_type = 'PAYMENT' AND x.reference_id = p.id AND x.kind = 'CAPTURE'
       WHERE p.agreement_id IS NOT NULL AND ((p.status = 'SUCCESS') <> (x.id IS NOT NULL) OR (p.status = 'SUCCESS') <> (p.batch_id IS NOT NULL)
             OR (p.status = 'SUCCESS') <> (p.payin_service_id IS NOT NULL))`,
    );
    expect(wrong).toEqual([]);
    const unsettled = await read(
      { id: settlementBatches.id },
      sql`
      SELECT b.id FROM settlement_batches b JOIN payments p ON p.batch_id = b.id
       WHERE p.agreement_id IS NOT NULL AND b.status <> 'SETTLED' AND b.due_day < ((now() AT TIME ZONE b.time_zone)::date - 1)`,
    );
    expect(unsettled).toEqual([]);
    expect(await unbalancedTransactions(t.database.db)).toEqual([]);
    expect(await brokenAccounts(t.database.db)).toEqual([]);
  });

  it("keeps each merchant's agreements to itself: none of Demo Store's is seen under Demo Store Europe", async () => {
    const storeIds = new Set(of('M1000001').map((a) => a.id));
    const europe = await listAgreements(t.database.db, 'M1000002', {
      pageNum: 1,
      pageSize: 200,
      sort: 'createdAt:desc',
    });
    expect(europe.records.length).toBe(of('M1000002').length);
    expect(europe.records.filter((r) => r.merchantId !== 'M1000002' || storeIds.has(r.agreementId))).toEqual([]);
    const someOfStore = [...storeIds].slice(0, 5);
    for (const id of someOfStore)
      await expect(readAgreement(t.database.db, 'M1000002', id)).rejects.toMatchObject({
        code: ERROR_CODES.AGREEMENT_NOT_FOUND,
      });
    // The same through the API, as the owner switched to Demo Store Europe (a keyword that is one of Demo Store's ids
    // finds nothing).
    expect((await call(t.app, 'POST', SWITCH, { cookie: owner, payload: { merchantId: 'M1000002' } })).body.code).toBe(
      '000000',
    );
    const listed = await call(t.app, 'POST', AGREEMENT_PATHS.list, { cookie: owner, payload: { pageSize: 200 } });
    expect(
      listed.body.data.records.map((r: AgreementRecord) => r.agreementId).filter((id: string) => storeIds.has(id)),
    ).toEqual([]);
    expect(
      (await call(t.app, 'POST', AGREEMENT_PATHS.list, { cookie: owner, payload: { keyword: someOfStore[0] } })).body
        .data.total,
    ).toBe(0);
    const detail = await call(t.app, 'GET', AGREEMENT_PATHS.detail, {
      cookie: owner,
      query: { agreementId: someOfStore[0] },
    });
    expect(detail.body.code).toBe(ERROR_CODES.AGREEMENT_NOT_FOUND);
  });
});
