import { recordText } from '@mbo/contracts/record-texts';
import { z } from 'zod';
import { WITHDRAWAL_SANDBOX } from '@mbo/contracts/withdrawals';
import type { Db } from '../../db/client';
import { defineJob } from '../../jobs/job-definition';
import type { JobQueue } from '../../jobs/job-queue';
import { applyWithdrawalMove, lockWithdrawal } from './withdrawal-moves';

export const SANDBOX_BANK = recordText('actorSandboxBank');
export const SANDBOX_BANK_FAILURE = recordText('bankRefusedSandbox');

/**
 * One step of the sandbox bank on a withdrawal (a rerun or a second runner finds the step done and
 * does nothing): PENDING → PROCESSING (the bank took it; no longer cancellable), then PROCESSING →
 * SUCCESS with a bank reference, or FAILED when its remark contains `sandbox:fail` (money back).
 * Returns the status it moved the order to. The next step's job is sent in the same transaction
 * (with `next`), so an order never stays PROCESSING for want of it.
 */
export async function advanceWithdrawal(
  db: Db,
  id: string,
  next?: { jobs: JobQueue; delayMs: number },
): Promise<{ to: string | null; more: boolean }> {
  return db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id);
    if (!w) return { to: null, more: false };
    if (w.status === 'PENDING') {
      await applyWithdrawalMove(tx, w, { to: 'PROCESSING', note: recordText('sentToBank'), actor: SANDBOX_BANK });
      if (next)
        await next.jobs.send(sandboxBankJob, { withdrawalId: id }, { tx, startAfterSeconds: next.delayMs / 1000 });
      return { to: 'PROCESSING', more: true };
    }
    if (w.status !== 'PROCESSING') return { to: null, more: false };
    if ((w.remark ?? '').includes(WITHDRAWAL_SANDBOX.failMarker)) {
      await applyWithdrawalMove(tx, w, {
        to: 'FAILED',
        note: null,
        actor: SANDBOX_BANK,
        failureReason: SANDBOX_BANK_FAILURE,
      });
      return { to: 'FAILED', more: false };
    }
    await applyWithdrawalMove(tx, w, {
      to: 'SUCCESS',
      note: null,
      actor: SANDBOX_BANK,
      bankReference: `SBX${w.id.slice(3, 15)}`,
    });
    return { to: 'SUCCESS', more: false };
  });
}

/** Sent by createWithdrawal in its transaction; each step sends the next, SANDBOX_WITHDRAWAL_DELAY_MS apart. */
export const sandboxBankJob = defineJob({
  name: 'withdrawals.sandbox-bank',
  data: z.object({ withdrawalId: z.string().min(1).max(64) }),
  retryLimit: 5,
  retryDelaySeconds: 2,
  expireInSeconds: 60,
  concurrency: 2,
  handle: async (job, app) => {
    await advanceWithdrawal(app.db, job.data.withdrawalId, {
      jobs: app.jobs,
      delayMs: app.config.sandboxWithdrawalDelayMs,
    });
  },
});
