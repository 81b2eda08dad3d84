import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { EvidenceContentType } from '@mbo/contracts/disputes';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import type { FileStorage } from '../../lib/file-storage';
import { lockEditableDispute, type DisputeActor } from './dispute-actions';
import { disputeNotFound } from './dispute-errors';

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
  const rows = rowsOf<{
    id: string;
    dispute_id: string;
    file_name: string;
    content_type: EvidenceContentType;
    size: string | number;
    storage_key: string;
    category: string;
  }>(
    await db.execute(sql`
      SELECT f.id, f.dispute_id, f.file_name, f.content_type, f.size, f.storage_key, f.category
        FROM dispute_files f WHERE f.dispute_id = ${disputeId} AND f.merchant_id = ${merchantId} ORDER BY f.created_at, f.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    disputeId: r.dispute_id,
    fileName: r.file_name,
    contentType: r.content_type,
    size: Number(r.size),
    storageKey: r.storage_key,
    category: r.category,
  }));
}

/** One file of the merchant's dispute, opened for download. */
export async function openEvidence(
  db: Db,
  storage: FileStorage,
  merchantId: string,
  disputeId: string,
  fileId: string,
): Promise<{ file: StoredEvidence; body: Readable }> {
  const [exists] = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM disputes WHERE id = ${disputeId} AND merchant_id = ${merchantId}`),
  );
  if (!exists) throw disputeNotFound();
  const file = (await storedEvidence(db, merchantId, disputeId)).find((f) => f.id === fileId);
  if (!file) throw fileNotFound();
  const stored = await storage.get(file.storageKey);
  if (!stored) throw fileNotFound();
  return { file, body: stored.body };
}

/** Removes a file while the dispute still takes changes; the row first, then the bytes. */
export async function deleteEvidence(
  db: Db,
  storage: FileStorage,
  actor: DisputeActor,
  disputeId: string,
  fileId: string,
): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const dispute = await lockEditableDispute(tx, actor.merchantId, disputeId);
    const [row] = rowsOf<{ storage_key: string; file_name: string }>(
      await tx.execute(
        sql`DELETE FROM dispute_files WHERE id = ${fileId} AND dispute_id = ${disputeId} AND merchant_id = ${actor.merchantId} RETURNING storage_key, file_name`,
      ),
    );
    if (!row) throw fileNotFound();
    await tx.execute(sql`
      INSERT INTO events (merchant_id, entity_type, entity_id, type, status, note, actor)
      VALUES (${actor.merchantId}, 'DISPUTE', ${disputeId}, 'EVIDENCE_REMOVED', ${dispute.status}, ${row.file_name}, ${actor.email})`);
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
    return row.storage_key;
  });
  await storage.delete(key);
}
