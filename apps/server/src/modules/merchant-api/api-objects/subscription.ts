/** The API subscription from an agreements row, through the back-office's own record (agreement-record.ts). */
import { sql } from 'drizzle-orm';
import type { ApiSubscription } from '@mbo/contracts/merchant-api';
import type { DbOrTx } from '../../../db/client';
import { agreements } from '../../../db/subscriptions-schema';
import { AGREEMENT_COLUMNS, toAgreementRecord, type AgreementRow } from '../../subscriptions';
import { cardOf, firstRow } from './shared';

/** @reads agreements (tables other modules own: db/table-owners.ts) */

/** The agreements row as the back-office reads it (agreement-record.ts, alias `a`). */
export const API_SUBSCRIPTION_COLUMNS = AGREEMENT_COLUMNS;
export type ApiSubscriptionRow = AgreementRow;
/** The row AGREEMENT_COLUMNS select, as the schema types it. */
const ag = agreements;
const API_SUBSCRIPTION_ROW = {
  id: ag.id,
  merchant_id: ag.merchantId,
  payment_link_id: ag.paymentLinkId,
  customer_name: ag.customerName,
  customer_email: ag.customerEmail,
  pay_method_type: ag.payMethodType,
  pay_method_name: ag.payMethodName,
  card_bin: ag.cardBin,
  card_last4: ag.cardLast4,
  country: ag.country,
  amount: ag.amount,
  currency: ag.currency,
  plan_interval: ag.planInterval,
  plan_interval_count: ag.planIntervalCount,
  plan_cycles: ag.planCycles,
  time_zone: ag.timeZone,
  status: ag.status,
  start_at: ag.startAt,
  cycles_charged: ag.cyclesCharged,
  period_start: ag.periodStart,
  period_end: ag.periodEnd,
  next_charge_at: ag.nextChargeAt,
  failed_attempts: ag.failedAttempts,
  cancel_at_period_end: ag.cancelAtPeriodEnd,
  cancelled_at: ag.cancelledAt,
  end_reason: ag.endReason,
  total_collected: ag.totalCollected,
  created_at: ag.createdAt,
};

export function toApiSubscription(r: AgreementRow): ApiSubscription {
  const a = toAgreementRecord(r);
  return {
    id: a.agreementId,
    object: 'subscription',
    paymentLinkId: a.paymentLinkId,
    customer: { email: a.customerEmail, name: a.customerName },
    payMethodType: a.payMethodType,
    payMethodName: a.payMethodName,
    card: cardOf(a.cardBin, a.cardLast4),
    country: a.country,
    amount: a.amount,
    currency: a.currency,
    plan: { interval: a.interval, intervalCount: a.intervalCount, cycles: a.cycles },
    cyclesCharged: a.cyclesCharged,
    status: a.status,
    startAt: a.startAt,
    currentPeriodStart: a.periodStart,
    currentPeriodEnd: a.periodEnd,
    nextChargeAt: a.nextChargeAt,
    cancelAtPeriodEnd: a.cancelAtPeriodEnd,
    failedAttempts: a.failedAttempts,
    cancelledAt: a.cancelledAt,
    endReason: a.endReason,
    totalCollected: a.totalCollected,
    createdAt: a.createdAt,
  };
}

export async function apiSubscription(
  db: DbOrTx,
  merchantId: string,
  agreementId: string,
): Promise<ApiSubscription | null> {
  const row = await firstRow(
    db,
    API_SUBSCRIPTION_ROW,
    sql`SELECT ${AGREEMENT_COLUMNS} FROM agreements a WHERE a.id = ${agreementId} AND a.merchant_id = ${merchantId}`,
  );
  return row && toApiSubscription(row);
}
