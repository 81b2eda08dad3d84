/**
 * The evidence upload row of `npm run bench` (issue 10): a 5 MB PDF uploaded through the multipart
 * route, several times (four per dispute: a dispute takes 20 MB), with the process's peak RSS growth
 * over all of them. The file is streamed to storage as it arrives, so the growth stays well under
 * its size however many are uploaded (budget: a 5 MB upload adds < 20 MB to server memory).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DISPUTE_PATHS, EVIDENCE_LIMITS } from '@mbo/contracts/disputes';
import { rowsOf, type Db } from '../apps/server/src/db/client';
import { openDispute } from '../apps/server/src/modules/disputes/open-dispute';
import { envelope, rssGrowth } from './measure';

export interface UploadFigures {
  uploads: number;
  /** Seconds per upload, on average. */
  seconds: number;
  growthMb: number;
}

/** A multipart body: the fields, then a PDF of exactly `size` bytes. */
function body(disputeId: string, size: number) {
  const boundary = '----mbobench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="disputeId"\r\n\r\n${disputeId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nRECEIPT\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="receipt.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const file = Buffer.alloc(size, 0x20);
  file.write('%PDF-1.7\n');
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function measureEvidenceUpload(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  merchantId: string,
  uploads = 8,
): Promise<UploadFigures> {
  const payments = rowsOf<{ id: string }>(
    await db.execute(sql`
    SELECT id FROM payments WHERE merchant_id = ${merchantId} AND status = 'SUCCESS' AND dispute_status IS NULL AND refund_status = 'NONE' ORDER BY created_at DESC LIMIT ${Math.ceil(uploads / 4)}`),
  );
  const disputes: string[] = [];
  for (const p of payments)
    disputes.push(
      await openDispute(db, { merchantId, paymentId: p.id, type: 'CHARGEBACK', reason: 'PRODUCT_NOT_RECEIVED' }),
    );
  const bodies = Array.from({ length: uploads }, (_, i) =>
    body(disputes[Math.floor(i / 4)], EVIDENCE_LIMITS.maxFileBytes),
  );
  const started = performance.now();
  const { growthMb } = await rssGrowth(async () => {
    for (const b of bodies) {
      envelope(
        await app.inject({
          method: 'POST',
          url: DISPUTE_PATHS.upload,
          headers: { cookie, 'content-type': b.contentType },
          payload: b.payload,
        }),
        'evidence upload',
      );
    }
  });
  return { uploads, seconds: (performance.now() - started) / 1000 / uploads, growthMb };
}
