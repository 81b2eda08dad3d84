/**
 * What a merchant's user does with a dispute (API_DISPUTES_UPDATE): save the text evidence as a
 * draft, submit it (locks the evidence: → UNDER_REVIEW, decided later by the sandbox), or accept the
 * dispute (→ ACCEPTED, the hold is debited). Each locks the dispute row and checks under the lock that
 * it is this merchant's (003001B044 otherwise: "not found", never data) and still EVIDENCE_REQUIRED
 * (003001B046 otherwise). Every call, refused or not, leaves an audit row.
 */
import { recordText } from '@mbo/contracts/record-texts';
import { count, eq, sql } from 'drizzle-orm';
import { DISPUTE_OPEN_STATUSES, EVIDENCE_LIMITS, type DisputeDetail, type EvidenceText } from '@mbo/contracts/disputes';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { disputeFiles } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { disputeNotFound } from './dispute-errors';
import { applyMove, lockDispute, type LockedDispute } from './dispute-lifecycle';
import { readDisputeDetail } from './read-disputes';
import { sandboxDecideDisputeJob } from './sandbox-decide-job';
import { appendTimeline } from '../timeline';

export interface DisputeActor {
  merchantId: string;
  userId: string | null;
  email: string | null;
  ip: string | null;
}

export interface SandboxReview {
  jobs: JobQueue;
  /** How long the sandbox takes to decide a submitted dispute. */
  delayMs: number;
}

function notEditable(status: string): AppError {
  return new AppError(ERROR_CODES.DISPUTE_NOT_EDITABLE, {
    msg:
      status === 'UNDER_REVIEW'
        ? "This dispute's evidence was submitted and is locked: it can no longer be changed."
        : `This dispute is ${status.toLowerCase().replace('_', ' ')} and can no longer be changed.`,
  });
}

/** Locks the merchant's dispute and checks that it still takes changes. */
export async function lockEditableDispute(tx: DbOrTx, merchantId: string, disputeId: string): Promise<LockedDispute> {
  const dispute = await lockDispute(tx, disputeId, merchantId);
  if (!dispute) throw disputeNotFound();
  if (!DISPUTE_OPEN_STATUSES.includes(dispute.status)) throw notEditable(dispute.status);
  return dispute;
}

/** Saves the text evidence as a draft (fields left out keep their value; an empty string clears one). */
export async function saveEvidence(
  db: Db,
  actor: DisputeActor,
  disputeId: string,
  evidence: EvidenceText,
): Promise<DisputeDetail> {
  await audited(db, actor, 'DISPUTE_EVIDENCE_SAVE', disputeId, async () => {
    await db.transaction(async (tx) => {
      const dispute = await lockEditableDispute(tx, actor.merchantId, disputeId);
      const merged = mergeEvidence(dispute.evidence, evidence);
      await tx.execute(
        sql`UPDATE disputes SET evidence = ${JSON.stringify(merged)}::jsonb, updated_at = now() WHERE id = ${dispute.id}`,
      );
      await appendTimeline(tx, {
        merchantId: actor.merchantId,
        entityType: 'DISPUTE',
        entityId: dispute.id,
        type: 'EVIDENCE_SAVED',
        status: dispute.status,
        note: recordText('evidenceDraft'),
        actor: actor.email,
      });
    });
  });
  return readDisputeDetail(db, actor.merchantId, disputeId);
}

/** Saves the given text, then submits: the evidence is locked and the dispute goes UNDER_REVIEW. */
export async function submitDispute(
  db: Db,
  actor: DisputeActor,
  disputeId: string,
  evidence: EvidenceText | undefined,
  review: SandboxReview,
): Promise<DisputeDetail> {
  await audited(db, actor, 'DISPUTE_SUBMIT', disputeId, async () => {
    await db.transaction(async (tx) => {
      const dispute = await lockEditableDispute(tx, actor.merchantId, disputeId);
      const merged = mergeEvidence(dispute.evidence, evidence ?? {});
      const [files] = await tx.select({ n: count() }).from(disputeFiles).where(eq(disputeFiles.disputeId, dispute.id));
      const hasText = Object.values(merged).some((v) => typeof v === 'string' && v.trim().length > 0);
      if (!hasText && (files?.n ?? 0) === 0) {
        throw new AppError(ERROR_CODES.EVIDENCE_MISSING, {
          msg: 'Add at least one evidence file or fill in your explanation before you submit.',
        });
      }
      await applyMove(
        tx,
        dispute,
        {
          to: 'UNDER_REVIEW',
          from: ['EVIDENCE_REQUIRED'],
          actor: actor.email ?? 'A user',
          evidence: merged,
          submittedBy: actor.email,
        },
        review.jobs,
      );
      await review.jobs.send(
        sandboxDecideDisputeJob,
        { disputeId: dispute.id },
        { tx, startAfterSeconds: review.delayMs / 1000 },
      );
    });
  });
  if (review.delayMs === 0) review.jobs.wake(sandboxDecideDisputeJob.name);
  return readDisputeDetail(db, actor.merchantId, disputeId);
}

/** Accepts the dispute: the merchant gives up; the held amount goes back to the cardholder and the fee is charged. */
export async function acceptDispute(
  db: Db,
  actor: DisputeActor,
  disputeId: string,
  jobs?: JobQueue,
): Promise<DisputeDetail> {
  await audited(db, actor, 'DISPUTE_ACCEPT', disputeId, async () => {
    await db.transaction(async (tx) => {
      const dispute = await lockEditableDispute(tx, actor.merchantId, disputeId);
      await applyMove(
        tx,
        dispute,
        { to: 'ACCEPTED', from: ['EVIDENCE_REQUIRED'], actor: actor.email ?? 'A user' },
        jobs,
      );
    });
  });
  return readDisputeDetail(db, actor.merchantId, disputeId);
}

function mergeEvidence(saved: EvidenceText, change: EvidenceText): EvidenceText {
  const merged: EvidenceText = { ...saved };
  for (const [field, value] of Object.entries(change) as [keyof EvidenceText, string | undefined][]) {
    if (value === undefined) continue;
    if (value.length > EVIDENCE_LIMITS.maxTextChars)
      throw new AppError(ERROR_CODES.INVALID_REQUEST, {
        msg: `Invalid request: ${field} must be at most ${EVIDENCE_LIMITS.maxTextChars} characters.`,
      });
    if (value.trim() === '') delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

async function audited(
  db: Db,
  actor: DisputeActor,
  action: string,
  disputeId: string,
  run: () => Promise<void>,
): Promise<void> {
  const base = {
    action,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    merchantId: actor.merchantId,
    ip: actor.ip,
    targetType: 'DISPUTE',
    targetId: disputeId.slice(0, 64),
  };
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError)
      await audit(db, { ...base, outcome: 'FAILURE', detail: { code: err.code } }).catch(() => undefined);
    throw err;
  }
  await audit(db, { ...base, outcome: 'SUCCESS' });
}
