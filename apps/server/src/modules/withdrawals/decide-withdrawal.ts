/**
 * A checker's decision on a withdrawal awaiting approval (modules/approvals calls it through the
 * handler this module registers): approved, it goes to the sandbox bank; rejected, it is cancelled
 * and its money returns to the available balance.
 */
import { recordText } from '@mbo/contracts/record-texts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { MoneyActor } from '../../lib/actor';
import {
  checkDecidable,
  decisionEvent,
  NOT_FOUND,
  type ApprovalDeps,
  type ApprovalHandler,
  type Decision,
} from '../approvals';
import { sandboxBankJob } from './sandbox-bank-job';
import { applyWithdrawalMove, lockWithdrawal } from './withdrawal-moves';

async function decideWithdrawal(
  tx: DbOrTx,
  actor: MoneyActor,
  id: string,
  decision: Decision,
  deps: ApprovalDeps,
  reason?: string,
): Promise<void> {
  const w = await lockWithdrawal(tx, id, actor.merchantId);
  if (!w) throw NOT_FOUND.WITHDRAWAL();
  checkDecidable(w.status, w.created_by, actor);
  await tx.execute(sql`UPDATE withdrawals SET decided_by = ${actor.email}, decided_at = now() WHERE id = ${id}`);
  if (decision === 'APPROVE') {
    await tx.execute(sql`UPDATE withdrawals SET status = 'PENDING', updated_at = now() WHERE id = ${id}`);
    await decisionEvent(tx, actor.merchantId, 'WITHDRAWAL', id, decision, 'PENDING', actor);
    await deps.jobs.send(
      sandboxBankJob,
      { withdrawalId: id },
      { tx, startAfterSeconds: deps.withdrawalDelayMs / 1000 },
    );
  } else {
    await applyWithdrawalMove(tx, w, {
      to: 'CANCELLED',
      note: reason ? recordText('rejectedBecauseReturned', { reason }) : recordText('rejectedReturned'),
      actor: actor.email ?? 'checker',
      failureReason: recordText('rejectedByApprover'),
    });
  }
}

export const withdrawalApprovalHandler: ApprovalHandler = { decide: decideWithdrawal, jobName: sandboxBankJob.name };
