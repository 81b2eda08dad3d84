/**
 * How an order awaiting approval is decided, per kind. Approvals owns the maker-checker rules and the
 * decision call; the modules that own the orders (withdrawals, payouts) own what a decision does to
 * them, and register it here when the app starts (their routes plugin), so approvals imports neither.
 */
import { recordText } from '@mbo/contracts/record-texts';
import type { ApprovalKind } from '@mbo/contracts/approvals';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { MoneyActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { appendTimeline } from '../timeline';

export interface ApprovalDeps {
  jobs: JobQueue;
  withdrawalDelayMs: number;
  payoutDelayMs: number;
}

export type Decision = 'APPROVE' | 'REJECT';

export interface ApprovalHandler {
  /**
   * Decides one order, locked first, in the decision's transaction; throws `notFound()` when the merchant has no such
   * order.
   */
  decide(
    tx: DbOrTx,
    actor: MoneyActor,
    id: string,
    decision: Decision,
    deps: ApprovalDeps,
    reason?: string,
  ): Promise<void>;
  /** The job an approved order goes to (woken at once when the sandbox has no delay). */
  jobName: string;
}

export const NOT_FOUND: Record<ApprovalKind, () => AppError> = {
  WITHDRAWAL: () => new AppError(ERROR_CODES.WITHDRAWAL_NOT_FOUND, { msg: 'Withdrawal not found.' }),
  PAYOUT: () => new AppError(ERROR_CODES.PAYOUT_NOT_FOUND, { msg: 'Payout not found.' }),
  PAYOUT_BATCH: () => new AppError(ERROR_CODES.PAYOUT_BATCH_NOT_FOUND, { msg: 'Payout batch not found.' }),
};

/**
 * The maker-checker rules of a decision on a locked order: it still awaits approval, and the checker is not its maker.
 */
export function checkDecidable(status: string, createdBy: string | null, actor: MoneyActor): void {
  if (status !== 'PENDING_APPROVAL') {
    throw new AppError(ERROR_CODES.APPROVAL_NOT_PENDING, {
      msg: 'This order is no longer waiting for approval. Refresh to see its status.',
    });
  }
  if (createdBy !== null && createdBy === actor.email) {
    throw new AppError(ERROR_CODES.APPROVAL_OWN_ORDER, {
      msg: 'You created this order: another user with the approval permission must approve or reject it.',
    });
  }
}

/** The order's history line of a decision. */
export async function decisionEvent(
  tx: DbOrTx,
  merchantId: string,
  entityType: string,
  id: string,
  decision: Decision,
  status: string,
  actor: MoneyActor,
  reason?: string,
): Promise<void> {
  const note =
    decision === 'APPROVE'
      ? recordText('approved')
      : reason
        ? recordText('rejectedBecauseReturned', { reason })
        : recordText('rejectedReturned');
  await appendTimeline(tx, {
    merchantId,
    entityType,
    entityId: id,
    type: decision === 'APPROVE' ? 'APPROVED' : 'REJECTED',
    status,
    note,
    actor: actor.email,
  });
}

/** Module-level: the handlers are plain functions, the same for every app of the process (tests build many). */
const HANDLERS = new Map<ApprovalKind, ApprovalHandler>();

export function registerApprovalHandler(kind: ApprovalKind, handler: ApprovalHandler): void {
  HANDLERS.set(kind, handler);
}

export function approvalHandlerOf(kind: ApprovalKind): ApprovalHandler {
  const handler = HANDLERS.get(kind);
  if (!handler) throw new Error(`No approval handler for ${kind}: its module registers one when the app starts`);
  return handler;
}
