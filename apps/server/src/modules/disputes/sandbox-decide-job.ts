import { recordText } from '@mbo/contracts/record-texts';
import { z } from 'zod';
import { SANDBOX_WIN_MARKER, type EvidenceText } from '@mbo/contracts/disputes';
import type { DbOrTx } from '../../db/client';
import { defineJob } from '../../jobs/job-definition';
import type { JobQueue } from '../../jobs/job-queue';
import { applyMove, lockDispute } from './dispute-lifecycle';

export const SANDBOX_REVIEWER = recordText('actorSandboxNetwork');

/** The sandbox's ruling: evidence text containing SANDBOX_WIN_MARKER wins, anything else loses. */
export function sandboxRuling(evidence: EvidenceText): 'WON' | 'LOST' {
  return Object.values(evidence).some(
    (text) => typeof text === 'string' && text.toLowerCase().includes(SANDBOX_WIN_MARKER),
  )
    ? 'WON'
    : 'LOST';
}

/** Decides one submitted dispute (UNDER_REVIEW); nothing when it is not under review (a rerun, a second runner). */
export async function decideSubmittedDispute(
  db: DbOrTx,
  disputeId: string,
  at: Date = new Date(),
  jobs?: JobQueue,
): Promise<'WON' | 'LOST' | null> {
  return db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, disputeId);
    if (!dispute || dispute.status !== 'UNDER_REVIEW') return null;
    const outcome = sandboxRuling(dispute.evidence);
    await applyMove(tx, dispute, { to: outcome, from: ['UNDER_REVIEW'], actor: SANDBOX_REVIEWER, at }, jobs);
    return outcome;
  });
}

/**
 * The sandbox card network's decision on one submitted dispute, sent by the submit call to start after
 * SANDBOX_DISPUTE_DECISION_DELAY_MS.
 */
export const sandboxDecideDisputeJob = defineJob({
  name: 'disputes.sandbox-decide',
  data: z.object({ disputeId: z.string().min(1).max(64) }),
  retryLimit: 5,
  retryDelaySeconds: 2,
  expireInSeconds: 60,
  concurrency: 2,
  handle: async (job, app) => {
    await decideSubmittedDispute(app.db, job.data.disputeId, new Date(), app.jobs);
  },
});
