/**
 * The demo's subscriptions (demo-subscription-plans.ts), made by the product's own code with the
 * clock moved back: each plan's payment links; each customer's checkout (the first charge, priced by
 * the merchant's card service, captured into its clearing batch, and the agreement it starts, as
 * pay-payment-link.ts does it); then the charge job (chargeDueAgreements) run at every instant a
 * charge or retry fell due, up to now, with the back-office cancellations made at their moments in
 * between. Every renewal is an ordinary payment in the ledger and in a clearing batch.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { TEST_CARDS, cardBrand } from '@mbo/contracts/payment-links';
import type { Db } from '../db/client';
import { paymentLinks } from '../db/payments-schema';
import { merchants, users } from '../db/schema';
import { settlementBatches } from '../db/settlements-schema';
import { computedOrNull, typedRows } from '../db/typed-rows';
import type { MoneyActor } from '../lib/actor';
import { newId } from '../lib/ids';
import { dayOf } from '../lib/working-days';
import { priceCapture } from '../modules/payin-services';
import { recordPayment } from '../modules/payments';
import { runSettlementCycle } from '../modules/settlements';
import { cancelAgreement, chargeDueAgreements, newAgreementId, startAgreement } from '../modules/subscriptions';
import { DEMO_SUBSCRIPTIONS, type DemoPlanLink, type DemoSignup } from './demo-subscription-plans';

const DAY = 24 * 60 * 60 * 1000;
/** Who cancels from the back-office. */
export const DEMO_CANCEL_ACTOR_EMAIL = 'owner@demo.test';

export interface SeedSubscriptionsOptions {
  now?: Date;
  /**
   * Settle the batches of these charges due before this instant on their due days (the settlement
   * job's own cycle, with the clock moved): the demo's generated history replays the settlement
   * cycle from its own start only (90 days), and older subscription charges would otherwise settle
   * on its first day. Left out: the batches are left for whoever settles next.
   */
  settleBefore?: Date;
}

interface Cancellation {
  agreementId: string;
  signup: DemoSignup;
  at: Date;
}

/** The instant `daysAgo` days before now, to the second. */
const ago = (now: number, days: number) => new Date(Math.floor((now - days * DAY) / 1000) * 1000);

/**
 * Creates the demo subscriptions of each merchant of DEMO_SUBSCRIPTIONS that exists; returns how many
 * agreements it started. Deterministic: the same links, agreements, charges and statuses at every
 * seed (ids are random, like every id of the demo data).
 */
export async function seedDemoSubscriptions(db: Db, options: SeedSubscriptionsOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_CANCEL_ACTOR_EMAIL))
    .limit(1);
  let started = 0;
  for (const [merchantId, links] of Object.entries(DEMO_SUBSCRIPTIONS)) {
    const exists =
      (await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId))).length > 0;
    if (!exists) continue;
    const cancellations: Cancellation[] = [];
    for (const link of links) {
      const linkId = await writeLink(db, merchantId, owner?.id ?? null, link, now.getTime());
      for (const signup of link.signups) {
        const agreementId = await checkout(db, merchantId, linkId, link, signup, ago(now.getTime(), signup.daysAgo));
        started++;
        if (signup.cancel) cancellations.push({ agreementId, signup, at: ago(now.getTime(), signup.cancel.daysAgo) });
      }
    }
    await replayCharges(
      db,
      merchantId,
      cancellations.sort((a, b) => a.at.getTime() - b.at.getTime()),
      now,
      owner?.id ?? null,
    );
    if (options.settleBefore) await settleOldBatches(db, merchantId, options.settleBefore);
  }
  return started;
}

/** A subscription link of the merchant's owner, reusable, at most 30 days long (its checkouts count on it). */
async function writeLink(
  db: Db,
  merchantId: string,
  createdBy: string | null,
  link: DemoPlanLink,
  now: number,
): Promise<string> {
  if (link.lifetimeDays > 30) throw new Error(`demo link ${link.description}: a link lives 30 days at most`);
  const createdAt = ago(now, link.createdDaysAgo);
  const expiresAt = new Date(createdAt.getTime() + link.lifetimeDays * DAY);
  const closedAt = link.deactivatedDaysAgo === undefined ? expiresAt : ago(now, link.deactivatedDaysAgo);
  for (const signup of link.signups) {
    const at = ago(now, signup.daysAgo).getTime();
    if (at <= createdAt.getTime() || at >= Math.min(closedAt.getTime(), now))
      throw new Error(`demo link ${link.description}: a signup ${signup.daysAgo} days ago is outside the link's life`);
  }
  const id = newId('PL', createdAt.getTime());
  await db.insert(paymentLinks).values({
    id,
    merchantId,
    amount: link.amount,
    currency: link.currency,
    description: link.description,
    reusable: true,
    status: link.deactivatedDaysAgo === undefined ? 'ACTIVE' : 'DEACTIVATED',
    expiresAt,
    paidCount: 0,
    createdBy,
    createdAt,
    deactivatedAt: link.deactivatedDaysAgo === undefined ? null : closedAt,
    planInterval: link.plan.interval,
    planIntervalCount: link.plan.intervalCount,
    planCycles: link.plan.cycles ?? null,
  });
  return id;
}

/**
 * A customer paying the subscription link at `at`, as the hosted checkout does it (pay-payment-link.ts),
 * in one transaction: the first charge, priced by the merchant's service for the card and currency and
 * captured into its batch, the agreement it starts, and the link's count.
 */
async function checkout(
  db: Db,
  merchantId: string,
  linkId: string,
  link: DemoPlanLink,
  signup: DemoSignup,
  at: Date,
): Promise<string> {
  const [customerName, customerEmail, country] = signup.customer;
  const card = signup.declines ? TEST_CARDS.RENEWAL_DECLINED : TEST_CARDS.SUCCESS;
  const payMethodName = cardBrand(card);
  const cardBin = card.slice(0, 6);
  const cardLast4 = card.slice(-4);
  return db.transaction(async (tx) => {
    const pricing = await priceCapture(tx, merchantId, { payMethodName, currency: link.currency, amount: link.amount });
    const agreementId = newAgreementId(at);
    const { id: paymentId } = await recordPayment(
      tx,
      {
        merchantId,
        amount: link.amount,
        currency: link.currency,
        status: 'SUCCESS',
        payMethodType: 'CARD',
        payMethodName,
        country,
        customerEmail,
        customerName,
        cardBin,
        cardLast4,
        description: link.description,
        failureReason: null,
        paymentLinkId: linkId,
        agreement: { id: agreementId, cycle: 1, attempt: 0 },
        createdAt: at,
      },
      pricing,
    );
    await startAgreement(
      tx,
      agreementId,
      {
        merchantId,
        paymentLinkId: linkId,
        plan: link.plan,
        amount: link.amount,
        currency: link.currency,
        customerName,
        customerEmail,
        payMethodType: 'CARD',
        payMethodName,
        cardBin,
        cardLast4,
        country,
        startAt: at,
      },
      paymentId,
    );
    await tx
      .update(paymentLinks)
      .set({ paidCount: sql`${paymentLinks.paidCount} + 1` })
      .where(eq(paymentLinks.id, linkId));
    return agreementId;
  });
}

/**
 * The charge job, run at each instant a charge or retry of the merchant fell due (the earliest one
 * left, until none is due by now), with each cancellation made at its moment in between.
 */
async function replayCharges(
  db: Db,
  merchantId: string,
  cancellations: Cancellation[],
  now: Date,
  ownerId: string | null,
): Promise<void> {
  const actor: MoneyActor = { merchantId, userId: ownerId, email: DEMO_CANCEL_ACTOR_EMAIL, ip: null };
  let next = 0;
  for (;;) {
    const [due] = await typedRows(
      db,
      { ms: computedOrNull(Number) },
      sql`
      SELECT (extract(epoch FROM min(next_charge_at)) * 1000)::float8 AS ms FROM agreements
       WHERE merchant_id = ${merchantId} AND status IN ('ACTIVE', 'PAST_DUE') AND next_charge_at <= ${now.toISOString()}::timestamptz`,
    );
    const dueAt = !due || due.ms === null ? null : new Date(due.ms);
    const cancellation = cancellations[next];
    if (cancellation && (!dueAt || cancellation.at.getTime() < dueAt.getTime())) {
      await cancelAt(db, actor, cancellation);
      next++;
      continue;
    }
    if (!dueAt) break;
    await chargeDueAgreements(db, { now: dueAt, merchantId });
  }
}

/**
 * A cancellation from the back-office (cancelAgreement, audited), dated when it was made (the audit row keeps the
 * seed's time).
 */
async function cancelAt(db: Db, actor: MoneyActor, c: Cancellation): Promise<void> {
  await cancelAgreement(db, actor, c.agreementId, c.signup.cancel!.when, c.at);
}

/**
 * The settlement cycle run on each due day (12:00 UTC, as replay-settlements.ts) of the merchant's open batches due
 * before `before`.
 */
async function settleOldBatches(db: Db, merchantId: string, before: Date): Promise<void> {
  const b = settlementBatches;
  const days = await db
    .selectDistinct({ day: b.dueDay })
    .from(b)
    .where(and(eq(b.merchantId, merchantId), eq(b.status, 'OPEN'), lt(b.dueDay, dayOf(before, 'UTC'))))
    .orderBy(b.dueDay);
  for (const { day } of days) await runSettlementCycle(db, { merchantId, now: new Date(`${day}T12:00:00Z`) });
}
