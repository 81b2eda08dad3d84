import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '@mbo/contracts/locale';
import { EXPORT_FORMATS } from '@mbo/contracts/reports';
import { exportJobs } from '../../db/payments-schema';
import { computed, typedRows } from '../../db/typed-rows';
import { defineJob, type RunningJob } from '../../jobs/job-definition';
import { StorageUnavailableError } from '../../lib/file-storage';
import { formatInZone } from '../../lib/zoned-time';
import { exportReader } from './export-reader';
import type { ExportParams } from './export-types';
import { writeExport } from './write-export';

const FAILED_MESSAGE = 'The export could not be built. Please try again.';
const STORAGE_FAILED_MESSAGE =
  'The export could not be saved: the file storage is unavailable at the moment. Please try again in a few minutes.';

/** This run no longer owns the export: pg-boss gave the job to another run, which writes the file. */
class Superseded extends Error {}

/** export_jobs.params as createExport writes it. */
const exportParams: z.ZodType<ExportParams> = z.object({
  createdFrom: z.string(),
  createdTo: z.string(),
  timeZone: z.string(),
  filters: z.record(z.string(), z.unknown()),
  columns: z.array(z.string()),
  locale: z.enum(LOCALES).optional(),
});

const exportFormat = z.enum(EXPORT_FORMATS);

/** The export a run claims: its format and params decoded from their text and jsonb columns. */
const CLAIMED_EXPORT = {
  id: exportJobs.id,
  merchant_id: exportJobs.merchantId,
  type: exportJobs.type,
  format: computed((v) => exportFormat.parse(exportJobs.format.mapFromDriverValue(v))),
  params: computed((v) => exportParams.parse(exportJobs.params.mapFromDriverValue(v))),
  created_at: exportJobs.createdAt,
};

/**
 * Builds one export file (sent by createExport in the transaction that queues the export).
 * A run claims the export with a fresh run token; its progress, its result and its failure are
 * written only while export_jobs.run_token is still that token, so when pg-boss retries a job whose
 * run it gave up on, the old run stops at its next write and its file is never the one recorded.
 * A retried run starts over: progress from zero, a file under a key of its own. Each claim and progress write beats
 * the export's heartbeat, which reports.recover-exports watches (recover-exports-job.ts).
 */
export const buildExportJob = defineJob({
  name: 'reports.build-export',
  data: z.object({ exportId: z.string().min(1).max(64) }),
  retryLimit: 2,
  retryDelaySeconds: 2,
  // A run active this long is taken as dead: pg-boss fails it and another run starts over.
  expireInSeconds: 30 * 60,
  handle: (job, app) => buildExport(app, job),
});

async function buildExport(app: FastifyInstance, job: RunningJob<{ exportId: string }>): Promise<void> {
  const token = randomUUID();
  const [claimed] = await typedRows(
    app.db,
    CLAIMED_EXPORT,
    sql`
    UPDATE export_jobs SET status = 'RUNNING', run_token = ${token}, started_at = now(), heartbeat_at = now(), processed_rows = 0, total_rows = NULL, error = NULL
     WHERE id = ${job.data.exportId} AND status IN ('QUEUED', 'RUNNING')
     RETURNING id, merchant_id, type, format, params, created_at`,
  );
  if (!claimed) return; // finished, failed or expired already
  const started = performance.now();
  const owned = async (update: ReturnType<typeof sql>) => {
    const rows = await typedRows(
      app.db,
      { id: exportJobs.id },
      sql`${update} WHERE id = ${claimed.id} AND run_token = ${token} RETURNING id`,
    );
    if (rows.length === 0) throw new Superseded();
  };

  const key = `${claimed.id}-${token.slice(0, 8)}.${claimed.format === 'CSV' ? 'csv' : 'xlsx'}`;
  const out = new PassThrough();
  const upload = app.exportFiles.put(key, out);
  upload.catch(() => undefined); // awaited below; a failed build destroys `out` first
  try {
    // The rows: from the replica once it holds everything committed before this run (export-reader.ts).
    const written = await writeExport(
      await exportReader(app),
      { type: claimed.type, merchantId: claimed.merchant_id, params: claimed.params, format: claimed.format },
      out,
      {
        onProgress: async ({ processedRows, totalRows }) => {
          if (job.signal.aborted) throw new Superseded();
          await owned(
            sql`UPDATE export_jobs SET processed_rows = ${processedRows}, total_rows = ${totalRows}, heartbeat_at = now()`,
          );
        },
      },
    );
    const { size } = await upload;
    const stamp = formatInZone(new Date(claimed.created_at), claimed.params.timeZone)
      .replace(/[-:]/g, '')
      .replace(' ', '_');
    await owned(sql`
      UPDATE export_jobs SET status = 'SUCCESS', total_rows = ${written.rows}, processed_rows = ${written.rows}, storage_key = ${key},
             file_name = ${`${written.fileLabel}_${stamp}.${written.extension}`}, file_size = ${size}, finished_at = now()`);
    app.metrics.exportFinished(claimed.type, claimed.format, (performance.now() - started) / 1000);
  } catch (err) {
    out.destroy();
    // The storage failing first shows as a broken `out` to writeExport: the upload's own error says why.
    const uploadError: unknown = await upload.then(
      () => null,
      (e: unknown) => e,
    );
    const storageDown = err instanceof StorageUnavailableError || uploadError instanceof StorageUnavailableError;
    await app.exportFiles.delete(key).catch(() => undefined);
    if (err instanceof Superseded) return;
    app.metrics.exportFailed(claimed.type, claimed.format);
    const last = job.attempt + 1 >= job.maxAttempts;
    await owned(
      last
        ? sql`UPDATE export_jobs SET status = 'FAILED', error = ${storageDown ? STORAGE_FAILED_MESSAGE : FAILED_MESSAGE}, finished_at = now()`
        : sql`UPDATE export_jobs SET status = 'QUEUED', processed_rows = 0, total_rows = NULL`,
    ).catch(() => undefined);
    throw err;
  }
}
