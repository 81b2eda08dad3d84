import { and, asc, eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { EvidenceContentType } from '@mbo/contracts/disputes';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { disputeFiles, disputes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { StorageUnavailableError, type FileStorage } from '../../lib/file-storage';
import { lockEditableDispute, type DisputeActor } from './dispute-actions';
import { evidenceContentTypeOf } from './dispute-codes';
import { disputeNotFound } from './dispute-errors';
import { appendTimeline } from '../timeline';

export interface StoredEvidence {
  id: string;
  disputeId: string;
  fileName: string;
  contentType: EvidenceContentType;
  size: number;
  storageKey: string;
  category: string;
}

const fileNotFound = () => new AppError(ERROR_CODES.DISPUTE_FILE_NOT_FOUND, { msg: 'Evidence file not found.' });

/** The dispute's files with their storage keys (the merchant's dispute only: "not found" otherwise). */
export async function storedEvidence(db: DbOrTx, merchantId: string, disputeId: string): Promise<StoredEvidence[]> {
  const f = disputeFiles;
  const rows = await db
    .select({
      id: f.id,
      disputeId: f.disputeId,
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.size,
      storageKey: f.storageKey,
      category: f.category,
    })
    .from(f)
    .where(and(eq(f.disputeId, disputeId), eq(f.merchantId, merchantId)))
    .orderBy(asc(f.createdAt), asc(f.id));
  return rows.map((r) => ({ ...r, contentType: evidenceContentTypeOf(r.contentType) }));
}

/** One file of the merchant's dispute, opened for download. */
export async function openEvidence(
  db: Db,
  storage: FileStorage,
  merchantId: string,
  disputeId: string,
  fileId: string,
): Promise<{ file: StoredEvidence; body: Readable }> {
  const [exists] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.id, disputeId), eq(disputes.merchantId, merchantId)));
  if (!exists) throw disputeNotFound();
  const file = (await storedEvidence(db, merchantId, disputeId)).find((f) => f.id === fileId);
  if (!file) throw fileNotFound();
  const stored = await storage.get(file.storageKey);
  if (!stored) throw fileNotFound();
  return { file, body: stored.body };
}

/**
 * Removes a file while the dispute still takes changes; the row first, then the bytes. The removal stands once the
 * row is gone: a file storage that is down then keeps the bytes, which no row reaches any more.
 */
export async function deleteEvidence(
  db: Db,
  storage: FileStorage,
  actor: DisputeActor,
  disputeId: string,
  fileId: string,
): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const dispute = await lockEditableDispute(tx, actor.merchantId, disputeId);
    const f = disputeFiles;
    const [row] = await tx
      .delete(f)
      .where(and(eq(f.id, fileId), eq(f.disputeId, disputeId), eq(f.merchantId, actor.merchantId)))
      .returning({ storageKey: f.storageKey, fileName: f.fileName });
    if (!row) throw fileNotFound();
    await appendTimeline(tx, {
      merchantId: actor.merchantId,
      entityType: 'DISPUTE',
      entityId: disputeId,
      type: 'EVIDENCE_REMOVED',
      status: dispute.status,
      note: row.fileName,
      actor: actor.email,
    });
    await audit(tx, {
      action: 'DISPUTE_EVIDENCE_DELETE',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'DISPUTE',
      targetId: disputeId,
      detail: { fileId },
    });
    return row.storageKey;
  });
  await storage.delete(key).catch((err: unknown) => {
    if (!(err instanceof StorageUnavailableError)) throw err;
  });
}
