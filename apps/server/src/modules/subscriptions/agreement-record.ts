import { sql, type SQL } from 'drizzle-orm';
import type { AgreementFilters, AgreementRecord, AgreementStatus, PlanInterval } from '@mbo/contracts/subscriptions';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { agreements } from '../../db/subscriptions-schema';
import { type RowOf } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { likePrefix, moneyListWhere } from '../../lib/list-where';
import { rangeConditions, readDateRange } from '../../lib/date-range';
import { iso, isoOrNull } from '../../lib/iso-timestamp';
import { cycleDueAt, type PlanClock } from './plan-schedule';

type When = string | Date;

/** Another merchant's agreement, or none: 003001B033 "Aquiring agreement not found." */
export const agreementNotFound = () => new AppError(ERROR_CODES.AGREEMENT_NOT_FOUND);

/** An agreements row as the reads and the charge job select it (AGREEMENT_COLUMNS), for typedRows. */
export const AGREEMENT_SHAPE = {
  id: agreements.id,
  merchant_id: agreements.merchantId,
  payment_link_id: agreements.paymentLinkId,
  customer_name: agreements.customerName,
  customer_email: agreements.customerEmail,
  pay_method_type: agreements.payMethodType,
  pay_method_name: agreements.payMethodName,
  card_bin: agreements.cardBin,
  card_last4: agreements.cardLast4,
  country: agreements.country,
  amount: agreements.amount,
  currency: agreements.currency,
  plan_interval: agreements.planInterval,
  plan_interval_count: agreements.planIntervalCount,
  plan_cycles: agreements.planCycles,
  time_zone: agreements.timeZone,
  status: agreements.status,
  start_at: agreements.startAt,
  cycles_charged: agreements.cyclesCharged,
  period_start: agreements.periodStart,
  period_end: agreements.periodEnd,
  next_charge_at: agreements.nextChargeAt,
  failed_attempts: agreements.failedAttempts,
  cancel_at_period_end: agreements.cancelAtPeriodEnd,
  cancelled_at: agreements.cancelledAt,
  end_reason: agreements.endReason,
  total_collected: agreements.totalCollected,
  created_at: agreements.createdAt,
};

export type AgreementRow = RowOf<typeof AGREEMENT_SHAPE>;

export const AGREEMENT_COLUMNS =
  sql.raw(`a.id, a.merchant_id, a.payment_link_id, a.customer_name, a.customer_email, a.pay_method_type, a.pay_method_name,
  a.card_bin, a.card_last4, a.country, a.amount, a.currency, a.plan_interval, a.plan_interval_count, a.plan_cycles, a.time_zone, a.status,
  a.start_at, a.cycles_charged, a.period_start, a.period_end, a.next_charge_at, a.failed_attempts, a.cancel_at_period_end, a.cancelled_at,
  a.end_reason, a.total_collected, a.created_at`);

const asDate = (v: When) => (v instanceof Date ? v : new Date(v));

export function planClockOf(row: AgreementRow): PlanClock {
  return {
    startAt: asDate(row.start_at),
    timeZone: row.time_zone,
    interval: row.plan_interval as PlanInterval,
    intervalCount: Number(row.plan_interval_count),
  };
}

export function toAgreementRecord(row: AgreementRow): AgreementRecord {
  const cycles = row.plan_cycles === null ? null : Number(row.plan_cycles);
  return {
    agreementId: row.id,
    merchantId: row.merchant_id,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    payMethodType: row.pay_method_type,
    payMethodName: row.pay_method_name,
    cardBin: row.card_bin,
    cardLast4: row.card_last4,
    country: row.country,
    amount: Number(row.amount),
    currency: row.currency,
    interval: row.plan_interval as PlanInterval,
    intervalCount: Number(row.plan_interval_count),
    cycles,
    cyclesCharged: Number(row.cycles_charged),
    status: row.status as AgreementStatus,
    startAt: iso(row.start_at),
    periodStart: iso(row.period_start),
    periodEnd: iso(row.period_end),
    // The end of the last period is not a charge: an agreement ending then shows none.
    nextChargeAt:
      row.cancel_at_period_end || (cycles !== null && Number(row.cycles_charged) >= cycles)
        ? null
        : isoOrNull(row.next_charge_at),
    endAt: cycles === null ? null : endOf(row, cycles),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    failedAttempts: Number(row.failed_attempts),
    cancelledAt: isoOrNull(row.cancelled_at),
    endReason: row.end_reason,
    paymentLinkId: row.payment_link_id,
    totalCollected: Number(row.total_collected),
    createdAt: iso(row.created_at),
  };
}

/** The end of a plan's last period (when its cycles are counted). */
function endOf(row: AgreementRow, cycles: number): string {
  return cycleEnd(planClockOf(row), cycles).toISOString();
}

/** The end of cycle `cycle`'s period: when the next one would be due. */
export function cycleEnd(plan: PlanClock, cycle: number): Date {
  return cycleDueAt(plan, cycle + 1);
}

/** The WHERE of the agreements list (and its export) over `agreements a`, always scoped to the merchant. */
export function agreementWhere(merchantId: string, f: AgreementFilters): SQL {
  const keyword = f.keyword?.trim();
  return moneyListWhere('a', merchantId, f, [
    f.country ? sql`a.country = ${f.country}` : undefined,
    f.payMethodType ? sql`a.pay_method_type = ${f.payMethodType}` : undefined,
    f.payMethodName ? sql`a.pay_method_name = ${f.payMethodName}` : undefined,
    ...rangeConditions(
      sql`a.next_charge_at`,
      readDateRange(f.nextChargeFrom, f.nextChargeTo, { from: 'nextChargeFrom', to: 'nextChargeTo' }),
    ),
    keyword
      ? sql`(a.id = ${keyword} OR lower(a.customer_email) = lower(${keyword}) OR lower(a.customer_name) LIKE ${likePrefix(keyword)})`
      : undefined,
  ]);
}
