/** The API subscription from an agreements row, through the back-office's own record (agreement-record.ts). */
import { sql } from 'drizzle-orm';
import type { ApiSubscription } from '@mbo/contracts/merchant-api';
import type { DbOrTx } from '../../../db/client';
import { AGREEMENT_COLUMNS, toAgreementRecord, type AgreementRow } from '../../subscriptions';
import { cardOf, firstRow } from './shared';

/** The agreements row as the back-office reads it (agreement-record.ts, alias `a`). */
export const API_SUBSCRIPTION_COLUMNS = AGREEMENT_COLUMNS;
export type ApiSubscriptionRow = AgreementRow;

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
  const row = await firstRow<AgreementRow>(
    db,
    sql`SELECT ${AGREEMENT_COLUMNS} FROM agreements a WHERE a.id = ${agreementId} AND a.merchant_id = ${merchantId}`,
  );
  return row && toApiSubscription(row);
}
