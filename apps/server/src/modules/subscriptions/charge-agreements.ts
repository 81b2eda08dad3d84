import { recordText } from '@mbo/contracts/record-texts';
import { sql } from 'drizzle-orm';
import { TEST_CARDS } from '@mbo/contracts/payment-links';
import { AGREEMENT_RETRY_DAYS } from '@mbo/contracts/subscriptions';
import type { Db, DbOrTx } from '../../db/client';
import { agreements } from '../../db/subscriptions-schema';
import { typedRows } from '../../db/typed-rows';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { inList } from '../../lib/list-where';
import { newId } from '../../lib/ids';
import { postTransactions, capturePostings } from '../ledger';
import { emitDomainEvent, emitDomainEvents } from '../domain-events';
import { priceCapture, type FeePricing } from '../payin-services';
import { computeFee, recordCapturedPayments, recordPayment, type NewPayment } from '../payments';
import { joinBatch } from '../settlements';
import { appendTimeline } from '../timeline';
import { AGREEMENT_COLUMNS, AGREEMENT_SHAPE, cycleEnd, planClockOf, type AgreementRow } from './agreement-record';
import { cycleDueAt, retryAt } from './plan-schedule';

export const CHARGE_JOB_ACTOR = recordText('actorChargeJob');
export const RENEWAL_DECLINED_REASON = recordText('renewalDeclined');

export type ChargeOutcome = 'CHARGED' | 'DECLINED' | 'CANCELLED' | 'EXPIRED' | 'SKIPPED';

export interface ChargeRunResult {
  charged: number;
  declined: number;
  /** Ended at their period's end: cancel-at-period-end, or the last failed retry. */
  cancelled: number;
  expired: number;
}

/**
 * The sandbox processor's answer for a renewal: the renewal-declined test card (by BIN + last 4) is declined, anything
 * else paid.
 */
export function sandboxRenewalOutcome(card: { cardBin: string | null; cardLast4: string | null }): {
  ok: boolean;
  reason: string | null;
} {
  const declines =
    card.cardBin === TEST_CARDS.RENEWAL_DECLINED.slice(0, 6) &&
    card.cardLast4 === TEST_CARDS.RENEWAL_DECLINED.slice(-4);
  return declines ? { ok: false, reason: RENEWAL_DECLINED_REASON } : { ok: true, reason: null };
}

/** Agreements charged in one database transaction (one commit, the batch and ledger locks taken once). */
export const CHARGE_CHUNK = 200;

/**
 * Charges every agreement due as of `now` (ACTIVE or PAST_DUE with next_charge_at ≤ now), CHARGE_CHUNK
 * at a time, each chunk in one transaction (chargeChunk). Safe to run twice at once or after a crash:
 * each agreement is locked and re-checked, and a charge is unique per agreement, cycle and attempt.
 * With the app's queue (`jobs`), each charge emits payment.succeeded or payment.failed, and an
 * agreement that ends CANCELLED emits subscription.cancelled, in its chunk's transaction (the demo
 * data passes none).
 */
export async function chargeDueAgreements(
  db: Db,
  options: { now?: Date; merchantId?: string; jobs?: JobQueue } = {},
): Promise<ChargeRunResult> {
  const now = options.now ?? new Date();
  const result: ChargeRunResult = { charged: 0, declined: 0, cancelled: 0, expired: 0 };
  const count: Record<ChargeOutcome, keyof ChargeRunResult | null> = {
    CHARGED: 'charged',
    DECLINED: 'declined',
    CANCELLED: 'cancelled',
    EXPIRED: 'expired',
    SKIPPED: null,
  };
  let after = '';
  for (;;) {
    const due = await typedRows(
      db,
      { id: agreements.id },
      sql`
      SELECT id FROM agreements
       WHERE status IN ('ACTIVE', 'PAST_DUE') AND next_charge_at <= ${now.toISOString()}::timestamptz AND id > ${after}
             ${options.merchantId ? sql`AND merchant_id = ${options.merchantId}` : sql``}
       ORDER BY id LIMIT ${CHARGE_CHUNK}`,
    );
    if (!due.length) break;
    after = due[due.length - 1].id;
    for (const outcome of await chargeChunk(
      db,
      due.map((d) => d.id),
      now,
      options.jobs,
    )) {
      const key = count[outcome];
      if (key) result[key]++;
    }
    if (due.length < CHARGE_CHUNK) break;
  }
  return result;
}

/** One agreement's due step as of `now` (chargeChunk of one). */
export async function chargeAgreement(db: Db, id: string, now: Date, jobs?: JobQueue): Promise<ChargeOutcome> {
  const [outcome] = await chargeChunk(db, [id], now, jobs);
  return outcome ?? 'SKIPPED';
}

interface Renewal {
  a: AgreementRow;
  cycle: number;
  attempt: number;
  dueAt: Date;
  pricing: FeePricing;
}

/**
 * The due step of some agreements as of `now`, in one transaction with their rows locked (SKIP
 * LOCKED: rows a second runner or a cancel holds are left alone; a cancel wins or waits, never a
 * charge after it). For each:
 * - the period ended and the agreement ends with it (cancel at period end, or every cycle charged):
 *   CANCELLED or EXPIRED, nothing charged;
 * - otherwise the cycle's charge (or retry) is made as an ordinary payment linked to it: paid → ACTIVE,
 *   the next period; declined → PAST_DUE with the next retry (AGREEMENT_RETRY_DAYS after the due date),
 *   or CANCELLED after the last retry.
 * The paid ones are written together (captureRenewals); a declined one on its own.
 */
async function chargeChunk(db: Db, ids: string[], now: Date, jobs: JobQueue | undefined): Promise<ChargeOutcome[]> {
  return db.transaction(async (tx) => {
    const rows = await typedRows(
      tx,
      AGREEMENT_SHAPE,
      sql`
      SELECT ${AGREEMENT_COLUMNS} FROM agreements a
       WHERE ${inList(sql`a.id`, ids)} AND a.status IN ('ACTIVE', 'PAST_DUE') AND a.next_charge_at <= ${now.toISOString()}::timestamptz
       ORDER BY a.id FOR UPDATE SKIP LOCKED`,
    );
    const outcomes: ChargeOutcome[] = [];
    const paid: Renewal[] = [];
    const prices = new Map<string, { pricing: FeePricing; refusal: string | null }>();
    for (const a of rows) {
      const charged = Number(a.cycles_charged);
      if (a.cancel_at_period_end || (a.plan_cycles !== null && charged >= Number(a.plan_cycles))) {
        const status = a.cancel_at_period_end ? 'CANCELLED' : 'EXPIRED';
        await end(
          tx,
          a,
          status,
          a.cancel_at_period_end
            ? recordText('agreementEndedAtPeriodEnd')
            : recordText('agreementEveryCycleCharged', { count: charged }),
          a.period_end,
          jobs,
        );
        outcomes.push(status);
        continue;
      }
      const cycle = charged + 1;
      const attempt = Number(a.failed_attempts);
      const dueAt = cycleDueAt(planClockOf(a), cycle);
      const priceKey = `${a.merchant_id}|${a.pay_method_name}|${a.currency}|${a.amount}`;
      const price = prices.get(priceKey) ?? (await pricingFor(tx, a));
      prices.set(priceKey, price);
      const sandbox = sandboxRenewalOutcome({ cardBin: a.card_bin, cardLast4: a.card_last4 });
      if (!price.refusal && sandbox.ok) {
        paid.push({ a, cycle, attempt, dueAt, pricing: price.pricing });
        outcomes.push('CHARGED');
      } else {
        outcomes.push(
          await decline(
            tx,
            { a, cycle, attempt, dueAt, pricing: price.pricing },
            price.refusal ?? sandbox.reason ?? recordText('declined'),
            now,
            jobs,
          ),
        );
      }
    }
    await captureRenewals(tx, paid, now, jobs);
    return outcomes;
  });
}

/** The payment of a charge, as recordPayment takes it. */
function chargeOf(r: Renewal, ok: boolean, reason: string | null, now: Date): NewPayment {
  const { a, cycle, attempt } = r;
  return {
    merchantId: a.merchant_id,
    amount: Number(a.amount),
    currency: a.currency,
    status: ok ? 'SUCCESS' : 'FAILED',
    payMethodType: a.pay_method_type,
    payMethodName: a.pay_method_name,
    country: a.country,
    customerEmail: a.customer_email,
    customerName: a.customer_name,
    cardBin: a.card_bin,
    cardLast4: a.card_last4,
    description: `Subscription ${a.id}, cycle ${cycle}${attempt ? `, retry ${attempt}` : ''}`,
    failureReason: ok ? null : reason,
    paymentLinkId: a.payment_link_id,
    agreement: { id: a.id, cycle, attempt },
    createdAt: now,
  };
}

/**
 * The paid renewals of a chunk, written as recordPayment would write each (payment, its events, its
 * capture in the ledger and in its clearing batch) but with one statement per table: per merchant,
 * currency and pay-in service, one batch upsert with the summed totals and one ledger write (each
 * capture keeping its own ledger transaction, referenced by its payment).
 */
async function captureRenewals(tx: DbOrTx, renewals: Renewal[], now: Date, jobs: JobQueue | undefined): Promise<void> {
  const groups = new Map<string, Renewal[]>();
  for (const r of renewals) {
    const key = `${r.a.merchant_id}|${r.a.currency}|${r.pricing.serviceId}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const group of groups.values()) {
    const { merchant_id: merchantId, currency } = group[0].a;
    const charges = group.map((r) => {
      const input = chargeOf(r, true, null, now);
      return {
        r,
        input,
        id: newId('PAY', now.getTime()),
        fee: computeFee({ amount: input.amount, currency, rule: r.pricing.rule }),
        pricing: r.pricing,
      };
    });
    const batchId = await joinBatch(tx, {
      merchantId,
      currency,
      payinServiceId: group[0].pricing.serviceId,
      capturedAt: now,
      count: charges.length,
      gross: charges.reduce((sum, c) => sum + c.input.amount, 0),
      fee: charges.reduce((sum, c) => sum + c.fee, 0),
    });
    await recordCapturedPayments(tx, charges, batchId, now);
    await appendTimeline(
      tx,
      charges.flatMap((c) => [
        { merchantId, entityType: 'PAYMENT', entityId: c.id, type: 'CREATED', status: 'PENDING', createdAt: now },
        { merchantId, entityType: 'PAYMENT', entityId: c.id, type: 'CAPTURED', status: 'SUCCESS', createdAt: now },
        {
          merchantId,
          entityType: 'AGREEMENT',
          entityId: c.r.a.id,
          type: 'CHARGED',
          status: 'ACTIVE',
          note: recordText('agreementCycleCharged', { cycle: c.r.cycle, paymentId: c.id }),
          actor: CHARGE_JOB_ACTOR,
          createdAt: now,
        },
      ]),
    );
    await postTransactions(
      tx,
      charges.map((c) => ({
        merchantId,
        currency,
        kind: 'CAPTURE',
        referenceType: 'PAYMENT',
        referenceId: c.id,
        postings: capturePostings(merchantId, c.input.amount, c.fee),
        at: now,
      })),
    );
    const periods = charges.map((c) => {
      const clock = planClockOf(c.r.a);
      return sql`(${c.r.a.id}, ${c.r.cycle}::int, ${c.r.dueAt.toISOString()}::timestamptz, ${cycleEnd(clock, c.r.cycle).toISOString()}::timestamptz)`;
    });
    await tx.execute(sql`
      UPDATE agreements a SET status = 'ACTIVE', cycles_charged = v.cycle, failed_attempts = 0, total_collected = a.total_collected + a.amount,
             period_start = v.period_start, period_end = v.period_end, next_charge_at = v.period_end, updated_at = ${now.toISOString()}::timestamptz
        FROM (VALUES ${sql.join(periods, sql`, `)}) AS v(id, cycle, period_start, period_end)
       WHERE a.id = v.id`);
    await emitDomainEvents(
      tx,
      jobs,
      'payment.succeeded',
      merchantId,
      charges.map((c) => c.id),
    );
  }
}

/** A declined charge: the payment FAILED, then PAST_DUE with the next retry, or CANCELLED after the last. */
async function decline(
  tx: DbOrTx,
  r: Renewal,
  reason: string,
  now: Date,
  jobs: JobQueue | undefined,
): Promise<ChargeOutcome> {
  const { a, cycle, attempt, dueAt } = r;
  const { id: paymentId } = await recordPayment(tx, chargeOf(r, false, reason, now), r.pricing, jobs);
  const failed = attempt + 1;
  if (failed > AGREEMENT_RETRY_DAYS.length) {
    await end(
      tx,
      a,
      'CANCELLED',
      recordText('agreementCancelledAfterRetries', { cycle, failed, reason }),
      now,
      jobs,
      paymentId,
    );
    return 'CANCELLED';
  }
  const retry = retryAt(dueAt, AGREEMENT_RETRY_DAYS[failed - 1]);
  await tx.execute(sql`
    UPDATE agreements SET status = 'PAST_DUE', failed_attempts = ${failed}, next_charge_at = ${retry.toISOString()}::timestamptz,
           updated_at = ${now.toISOString()}::timestamptz
     WHERE id = ${a.id}`);
  await event(
    tx,
    a,
    'CHARGE_FAILED',
    'PAST_DUE',
    recordText('agreementCycleDeclined', {
      cycle,
      reason,
      paymentId,
      attempt: failed,
      attempts: AGREEMENT_RETRY_DAYS.length,
      days: AGREEMENT_RETRY_DAYS[failed - 1],
    }),
    now,
  );
  return 'DECLINED';
}

/**
 * The merchant's pay-in service prices the charge; without one (or outside its limits) the charge is declined with the
 * service's message.
 */
async function pricingFor(tx: DbOrTx, a: AgreementRow): Promise<{ pricing: FeePricing; refusal: string | null }> {
  try {
    return {
      pricing: await priceCapture(tx, a.merchant_id, {
        payMethodName: a.pay_method_name,
        currency: a.currency,
        amount: Number(a.amount),
      }),
      refusal: null,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { pricing: { serviceId: '', rule: { percentBps: 0, fixedMinor: 0 } }, refusal: error.message };
  }
}

/** Ends an agreement: subscription.cancelled, or subscription.expired when it ran all its cycles. */
async function end(
  tx: DbOrTx,
  a: AgreementRow,
  status: 'CANCELLED' | 'EXPIRED',
  reason: string,
  at: Date | string,
  jobs: JobQueue | undefined,
  paymentId?: string,
): Promise<void> {
  const when = (at instanceof Date ? at : new Date(at)).toISOString();
  await tx.execute(sql`
    UPDATE agreements SET status = ${status}, next_charge_at = NULL, cancel_at_period_end = false, end_reason = ${reason},
           cancelled_at = ${status === 'CANCELLED' ? sql`${when}::timestamptz` : sql`NULL`}, updated_at = ${when}::timestamptz
     WHERE id = ${a.id}`);
  await event(
    tx,
    a,
    status,
    status,
    paymentId ? recordText('withPayment', { reason, paymentId }) : reason,
    new Date(when),
  );
  await emitDomainEvent(
    tx,
    jobs,
    status === 'CANCELLED' ? 'subscription.cancelled' : 'subscription.expired',
    a.merchant_id,
    a.id,
  );
}

async function event(tx: DbOrTx, a: AgreementRow, type: string, status: string, note: string, at: Date): Promise<void> {
  await appendTimeline(tx, {
    merchantId: a.merchant_id,
    entityType: 'AGREEMENT',
    entityId: a.id,
    type,
    status,
    note,
    actor: CHARGE_JOB_ACTOR,
    createdAt: at,
  });
}
