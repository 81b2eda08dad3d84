import { recordText } from '@mbo/contracts/record-texts';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { DISPUTE_REMINDER_DAYS } from '@mbo/contracts/disputes';
import type { Db } from '../../db/client';
import { disputes } from '../../db/schema';
import { defineJob } from '../../jobs/job-definition';
import type { JobQueue } from '../../jobs/job-queue';
import { moveDispute } from './dispute-lifecycle';
import { queueDisputeMail, type DisputeNotifier } from './dispute-mail';

export const DUE_DATE_JOB = recordText('actorDueDateJob');
const CHUNK = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DueDatesResult {
  expired: number;
  reminded: number;
}

/**
 * The disputes' due dates, as of `now`: every dispute still EVIDENCE_REQUIRED past its due date
 * becomes EXPIRED (its hold debited, dispute-lifecycle.ts), each in its own transaction that locks
 * and re-checks it, so two runners or a submit at the same moment never both win; and every one due
 * within DISPUTE_REMINDER_DAYS gets its reminder mail once (reminder_sent_at, claimed by a guarded
 * UPDATE in the mail's own transaction).
 */
export async function runDisputeDueDates(
  db: Db,
  options: { now?: Date; notifier?: DisputeNotifier; jobs?: JobQueue } = {},
): Promise<DueDatesResult> {
  const now = options.now ?? new Date();
  const result: DueDatesResult = { expired: 0, reminded: 0 };
  for (;;) {
    const due = await db
      .select({ id: disputes.id })
      .from(disputes)
      .where(and(eq(disputes.status, 'EVIDENCE_REQUIRED'), lte(disputes.dueAt, now)))
      .orderBy(asc(disputes.dueAt), asc(disputes.id))
      .limit(CHUNK);
    for (const d of due) {
      if (
        await moveDispute(
          db,
          d.id,
          {
            to: 'EXPIRED',
            from: ['EVIDENCE_REQUIRED'],
            actor: DUE_DATE_JOB,
            at: now,
            note: recordText('evidenceExpired'),
          },
          options.jobs,
        )
      ) {
        result.expired++;
      }
    }
    if (due.length < CHUNK) break;
  }
  if (!options.notifier) return result;
  const soon = new Date(now.getTime() + DISPUTE_REMINDER_DAYS * DAY_MS);
  const candidates = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(
      and(
        eq(disputes.status, 'EVIDENCE_REQUIRED'),
        isNull(disputes.reminderSentAt),
        gt(disputes.dueAt, now),
        lte(disputes.dueAt, soon),
      ),
    )
    .orderBy(asc(disputes.dueAt))
    .limit(1000);
  for (const c of candidates) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(disputes)
        .set({ reminderSentAt: now })
        .where(and(eq(disputes.id, c.id), isNull(disputes.reminderSentAt), eq(disputes.status, 'EVIDENCE_REQUIRED')))
        .returning({ id: disputes.id });
      if (!claimed) return false;
      await queueDisputeMail(tx, c.id, 'DUE_SOON', options.notifier!);
      return true;
    });
    if (sent) result.reminded++;
  }
  return result;
}

/** Every minute (pg-boss cron, one run per tick across instances): expiries and reminders as of now. */
export const disputeDueDatesJob = defineJob({
  name: 'disputes.due-dates',
  data: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
  cron: '* * * * *',
  handle: async (_job, app) => {
    const result = await runDisputeDueDates(app.db, {
      notifier: { mailer: app.mailer, publicUrl: app.config.publicUrl },
      jobs: app.jobs,
    });
    if (result.reminded) app.mailer.kick();
    if (result.expired || result.reminded) app.log.info(result, 'dispute due dates');
  },
});
