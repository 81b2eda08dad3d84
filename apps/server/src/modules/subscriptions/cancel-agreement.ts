import { recordText } from '@mbo/contracts/record-texts';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { CancelWhen } from '@mbo/contracts/subscriptions';
import type { Db } from '../../db/client';
import { typedRows } from '../../db/typed-rows';
import type { JobQueue } from '../../jobs/job-queue';
import type { MoneyActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { emitDomainEvent } from '../domain-events';
import { appendTimeline } from '../timeline';
import { AGREEMENT_COLUMNS, AGREEMENT_SHAPE, agreementNotFound } from './agreement-record';

const notCancellable = (msg: string) => new AppError(ERROR_CODES.AGREEMENT_NOT_CANCELLABLE, { msg });

/**
 * Cancels one of the merchant's agreements, with its row locked (FOR UPDATE): a charge being made holds
 * the same lock, so the cancel comes after it or the charge never happens. NOW ends it at once (no
 * further charge); PERIOD_END lets the period already paid for run out, and the charge job ends it
 * then instead of charging. Cancelling an ended agreement, or PERIOD_END twice, or PERIOD_END of a
 * past-due one (nothing paid to run out), is refused with 003001B053. Audited. `at` dates it (the demo
 * data replays history with it; the audit row keeps the database's time). With the app's queue, a
 * cancellation NOW emits subscription.cancelled in its transaction (PERIOD_END's comes from the
 * charge job when the period ends).
 */
export async function cancelAgreement(
  db: Db,
  actor: MoneyActor,
  id: string,
  when: CancelWhen,
  at: Date = new Date(),
  jobs?: JobQueue,
): Promise<void> {
  const now = sql`${at.toISOString()}::timestamptz`;
  await db.transaction(async (tx) => {
    const [a] = await typedRows(
      tx,
      AGREEMENT_SHAPE,
      sql`SELECT ${AGREEMENT_COLUMNS} FROM agreements a WHERE a.id = ${id} AND a.merchant_id = ${actor.merchantId} FOR UPDATE`,
    );
    if (!a) throw agreementNotFound();
    if (a.status === 'CANCELLED') throw notCancellable('Agreement is already cancelled.');
    if (a.status === 'EXPIRED') throw notCancellable('Agreement has already ended: every cycle was charged.');
    const by = actor.email ?? 'a team member';
    if (when === 'PERIOD_END') {
      if (a.status === 'PAST_DUE')
        throw notCancellable('A past-due agreement has no paid period to run out: cancel it now.');
      if (a.cancel_at_period_end) throw notCancellable('Agreement is already set to cancel at the end of the period.');
      await tx.execute(sql`UPDATE agreements SET cancel_at_period_end = true, updated_at = ${now} WHERE id = ${id}`);
      await appendTimeline(tx, {
        merchantId: a.merchant_id,
        entityType: 'AGREEMENT',
        entityId: id,
        type: 'CANCEL_SCHEDULED',
        status: a.status,
        note: recordText('agreementCancelsAtPeriodEnd'),
        actor: by,
        createdAt: at,
      });
    } else {
      await tx.execute(sql`
        UPDATE agreements SET status = 'CANCELLED', next_charge_at = NULL, cancel_at_period_end = false, cancelled_at = ${now},
               end_reason = ${recordText('agreementCancelledBy', { actor: by })}, updated_at = ${now}
         WHERE id = ${id}`);
      await appendTimeline(tx, {
        merchantId: a.merchant_id,
        entityType: 'AGREEMENT',
        entityId: id,
        type: 'CANCELLED',
        status: 'CANCELLED',
        note: recordText('agreementCancelledNow'),
        actor: by,
        createdAt: at,
      });
      await emitDomainEvent(tx, jobs, 'subscription.cancelled', a.merchant_id, id);
    }
    await audit(tx, {
      action: 'AGREEMENT_CANCEL',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'AGREEMENT',
      targetId: id,
      detail: { when },
    });
  });
}
