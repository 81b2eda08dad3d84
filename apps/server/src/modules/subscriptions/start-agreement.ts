import { recordText } from '@mbo/contracts/record-texts';
import { sql } from 'drizzle-orm';
import type { SubscriptionPlan } from '@mbo/contracts/subscriptions';
import type { DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { newId } from '../../lib/ids';
import { emitDomainEvent } from '../domain-events';
import { merchantTimeZone } from '../merchants';
import { appendTimeline } from '../timeline';
import { cycleDueAt } from './plan-schedule';

export interface AgreementStart {
  merchantId: string;
  paymentLinkId: string;
  plan: SubscriptionPlan;
  amount: number;
  currency: string;
  customerName: string;
  customerEmail: string;
  payMethodType: string;
  payMethodName: string;
  cardBin: string | null;
  cardLast4: string | null;
  country: string;
  startAt: Date;
}

/** A new agreement's id, made before its first charge so the payment can point at it. */
export const newAgreementId = (at: Date) => newId('AGR', at.getTime());

/**
 * Starts an ACTIVE agreement in the caller's transaction (the checkout's), its first cycle paid by the
 * checkout payment `firstPaymentId`: the current period runs to cycle 2's due date, the next charge.
 * With the app's queue, subscription.created is emitted in that transaction (the demo data passes none).
 */
export async function startAgreement(
  tx: DbOrTx,
  id: string,
  s: AgreementStart,
  firstPaymentId: string,
  jobs?: JobQueue,
): Promise<void> {
  const timeZone = await merchantTimeZone(tx, s.merchantId);
  const clock = { startAt: s.startAt, timeZone, interval: s.plan.interval, intervalCount: s.plan.intervalCount };
  const next = cycleDueAt(clock, 2);
  await tx.execute(sql`
    INSERT INTO agreements (id, merchant_id, payment_link_id, customer_name, customer_email, pay_method_type, pay_method_name, card_bin, card_last4,
                            country, amount, currency, plan_interval, plan_interval_count, plan_cycles, time_zone, status, start_at, cycles_charged,
                            period_start, period_end, next_charge_at, total_collected, created_at, updated_at)
    VALUES (${id}, ${s.merchantId}, ${s.paymentLinkId}, ${s.customerName}, ${s.customerEmail}, ${s.payMethodType}, ${s.payMethodName}, ${s.cardBin}, ${s.cardLast4},
            ${s.country}, ${s.amount}, ${s.currency}, ${s.plan.interval}, ${s.plan.intervalCount}, ${s.plan.cycles ?? null}, ${timeZone}, 'ACTIVE',
            ${s.startAt.toISOString()}::timestamptz, 1, ${s.startAt.toISOString()}::timestamptz, ${next.toISOString()}::timestamptz,
            ${next.toISOString()}::timestamptz, ${s.amount}, ${s.startAt.toISOString()}::timestamptz, ${s.startAt.toISOString()}::timestamptz)`);
  await appendTimeline(tx, {
    merchantId: s.merchantId,
    entityType: 'AGREEMENT',
    entityId: id,
    type: 'STARTED',
    status: 'ACTIVE',
    note: recordText('agreementFirstCharge', { paymentId: firstPaymentId }),
    actor: s.customerEmail,
    createdAt: s.startAt,
  });
  await emitDomainEvent(tx, jobs, 'subscription.created', s.merchantId, id);
}
