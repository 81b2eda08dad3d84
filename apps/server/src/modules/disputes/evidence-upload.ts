/**
 * An evidence file upload (API_DISPUTES_UPLOAD): multipart/form-data with the fields `disputeId` and
 * `category` first, then one `file`. The file is streamed to the file storage under a generated key
 * while its first bytes decide its type (lib/sniff-content-type.ts) and its size is counted: it is
 * never held in memory whole, and its uploaded name never reaches a path. Any refusal (type, size,
 * empty, the dispute's limits, a dispute no longer open) leaves nothing behind: the storage removes
 * its temporary file, and a stored file whose row cannot be written is deleted.
 */
import { Readable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { EVIDENCE_CATEGORY_LABELS } from '@mbo/contracts/dispute-reasons';
import { EVIDENCE_LIMITS, type DisputeFile, type EvidenceContentType } from '@mbo/contracts/disputes';
import { uploadEvidenceFields } from '@mbo/contracts/disputes-schemas';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { disputeFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import type { FileStorage } from '../../lib/file-storage';
import { newId } from '../../lib/ids';
import { lockEditableDispute, type DisputeActor } from './dispute-actions';
import { describeRefusedFile, evidenceContentType, EXTENSIONS, SNIFF_BYTES } from '../../lib/sniff-content-type';
import { listDisputeFiles } from './read-disputes';
import { appendTimeline } from '../timeline';

const MB = 1024 * 1024;

/**
 * Limits of the multipart reader itself: one file a little over the limit (so the count below sees it), a few small
 * fields.
 */
export const MULTIPART_LIMITS = {
  fileSize: EVIDENCE_LIMITS.maxFileBytes + 1,
  files: 1,
  fields: 4,
  fieldSize: 200,
  parts: 6,
  headerPairs: 100,
};

const invalid = (msg: string) => new AppError(ERROR_CODES.INVALID_REQUEST, { msg: `Invalid request: ${msg}` });
const tooLarge = () =>
  new AppError(ERROR_CODES.EVIDENCE_FILE_TOO_LARGE, {
    msg: `The file is larger than ${EVIDENCE_LIMITS.maxFileBytes / MB} MB. Upload a smaller file.`,
  });
const limitReached = (why: string) => new AppError(ERROR_CODES.EVIDENCE_LIMIT_REACHED, { msg: why });

/** The uploaded name as display text only: no folders, no control characters, at most 200 characters. */
export function displayName(uploaded: string | undefined, type: EvidenceContentType): string {
  const base = (uploaded ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return clean || `evidence.${EXTENSIONS[type]}`;
}

/** The file's bytes, checked as they pass: its type by the first bytes, its size, not empty. */
async function* checkedBytes(
  file: MultipartFile,
  found: { type: EvidenceContentType | null; size: number },
): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  for await (const chunk of file.file as AsyncIterable<Buffer>) {
    found.size += chunk.length;
    if (found.size > EVIDENCE_LIMITS.maxFileBytes) throw tooLarge();
    if (!found.type) {
      head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
      if (head.length >= SNIFF_BYTES) found.type = typeOrRefuse(head);
    }
    yield chunk;
  }
  if (found.size === 0) throw new AppError(ERROR_CODES.EVIDENCE_FILE_EMPTY, { msg: 'The file is empty.' });
  if (!found.type) found.type = typeOrRefuse(head);
}

function typeOrRefuse(head: Buffer): EvidenceContentType {
  const type = evidenceContentType(head);
  if (!type)
    throw new AppError(ERROR_CODES.EVIDENCE_FILE_TYPE, {
      msg: `Only PDF, JPG and PNG files are accepted; this file is ${describeRefusedFile(head)}.`,
    });
  return type;
}

/** What the dispute holds already (files and bytes), to refuse the 21st file or the bytes over 20 MB. */
async function filesOf(db: DbOrTx, disputeId: string): Promise<{ count: number; bytes: number }> {
  const [row] = await db
    .select({ n: count(), bytes: sql`coalesce(sum(${disputeFiles.size}), 0)`.mapWith(Number) })
    .from(disputeFiles)
    .where(eq(disputeFiles.disputeId, disputeId));
  return { count: row?.n ?? 0, bytes: row?.bytes ?? 0 };
}

function checkRoom(held: { count: number; bytes: number }, adding: number): void {
  if (held.count + 1 > EVIDENCE_LIMITS.maxFiles)
    throw limitReached(`A dispute takes at most ${EVIDENCE_LIMITS.maxFiles} files. Remove one to add another.`);
  if (held.bytes + adding > EVIDENCE_LIMITS.maxTotalBytes)
    throw limitReached(
      `A dispute takes at most ${EVIDENCE_LIMITS.maxTotalBytes / MB} MB of files in all. Remove a file or upload a smaller one.`,
    );
}

/** Reads the upload, stores the file and records it; the DisputeFile. */
export async function uploadEvidence(
  db: Db,
  storage: FileStorage,
  actor: DisputeActor,
  request: FastifyRequest,
): Promise<DisputeFile> {
  if (!request.isMultipart())
    throw invalid('send the file as multipart/form-data with the fields disputeId and category, then file.');
  const fields: Record<string, string> = {};
  let stored: { key: string; fileId: string; disputeId: string } | null = null;
  try {
    const parts: AsyncIterableIterator<Multipart> = request.parts({ limits: MULTIPART_LIMITS });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string' || part.valueTruncated)
          throw invalid(`the field ${part.fieldname.slice(0, 40)} is too long.`);
        fields[part.fieldname] = part.value;
        continue;
      }
      if (stored || part.fieldname !== 'file') throw invalid('send one file, in the field named file.');
      const parsed = uploadEvidenceFields.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalid(
          `${issue.path.join('.') || 'fields'} ${issue.message} (send disputeId and category before the file).`,
        );
      }
      const { disputeId, category } = parsed.data;
      // A first check before reading the file (the dispute's own lock re-checks it before the row is written).
      await db.transaction(async (tx) => {
        await lockEditableDispute(tx, actor.merchantId, disputeId);
        checkRoom(await filesOf(tx, disputeId), 1);
      });
      const fileId = newId('DEF');
      const key = `disputes/${actor.merchantId}/${disputeId}/${fileId}`;
      const found: { type: EvidenceContentType | null; size: number } = { type: null, size: 0 };
      await storage.put(key, Readable.from(checkedBytes(part, found)));
      stored = { key, fileId, disputeId };
      const type = found.type!;
      await db.transaction(async (tx) => {
        const dispute = await lockEditableDispute(tx, actor.merchantId, disputeId);
        checkRoom(await filesOf(tx, disputeId), found.size);
        const name = displayName(part.filename, type);
        await tx.execute(sql`
          INSERT INTO dispute_files (id, dispute_id, merchant_id, category, file_name, content_type, size, storage_key, uploaded_by)
          VALUES (${fileId}, ${disputeId}, ${actor.merchantId}, ${category}, ${name}, ${type}, ${found.size}, ${key}, ${actor.email})`);
        await appendTimeline(tx, {
          merchantId: actor.merchantId,
          entityType: 'DISPUTE',
          entityId: disputeId,
          type: 'EVIDENCE_UPLOADED',
          status: dispute.status,
          note: `${EVIDENCE_CATEGORY_LABELS[category]}: ${name}`,
          actor: actor.email,
        });
        await audit(tx, {
          action: 'DISPUTE_EVIDENCE_UPLOAD',
          outcome: 'SUCCESS',
          actorUserId: actor.userId,
          actorEmail: actor.email,
          merchantId: actor.merchantId,
          ip: actor.ip,
          targetType: 'DISPUTE',
          targetId: disputeId,
          detail: { fileId, category, size: found.size, contentType: type },
        });
      });
      stored = null;
      const files = await listDisputeFiles(db, disputeId);
      return files.find((f) => f.fileId === fileId)!;
    }
    throw invalid('the file is missing: send it in the field named file, after disputeId and category.');
  } catch (err) {
    if (stored) await storage.delete(stored.key).catch(() => undefined);
    throw asUploadError(err);
  }
}

/** The multipart reader's own errors as catalogue errors (its size limit is the file size rule). */
function asUploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return invalid('send disputeId, category and one file, nothing more.');
  if (code.startsWith('FST_') || /multipart|boundary|unexpected end/i.test(String((err as Error).message ?? '')))
    return invalid('the multipart body could not be read.');
  return err;
}
