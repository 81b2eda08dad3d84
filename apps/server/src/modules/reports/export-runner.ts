import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { ExportFormat } from '@mbo/contracts/reports';
import { rowsOf, type Db } from '../../db/client';
import { exportJobs } from '../../db/payments-schema';
import { formatInZone } from './cell-format';
import { chosenColumns, columnHeader, exportType, type ExportParams } from './export-types';
import { CONTENT_TYPES, FILE_EXTENSIONS, createCsvWriter, createXlsxWriter, type ExportFileWriter } from './file-writers';

export { CONTENT_TYPES };

export interface ExportRunnerOptions {
  /** Folder the files go to (`${dataDir}/exports`). */
  dir: string;
  /** How often an idle runner looks for queued jobs. */
  pollMs?: number;
  /** Rows per keyset batch. */
  batchSize?: number;
  /** A RUNNING job without a heartbeat for this long lost its runner and is queued again. */
  staleAfterMs?: number;
  log?: FastifyBaseLogger;
}

type JobRow = typeof exportJobs.$inferSelect;

/**
 * Builds exports in the background, in the server process. It claims QUEUED jobs with
 * FOR UPDATE SKIP LOCKED (several server instances share the queue safely), streams the rows into
 * the file batch by batch and records progress. A job whose runner died (no heartbeat) is re-queued.
 */
export class ExportRunner {
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private stopped = true;
  private lastSweep = 0;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly staleAfterMs: number;

  constructor(private readonly db: Db, private readonly options: ExportRunnerOptions) {
    this.pollMs = options.pollMs ?? 500;
    this.batchSize = options.batchSize ?? 2000;
    this.staleAfterMs = options.staleAfterMs ?? 30_000;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    fs.mkdirSync(this.options.dir, { recursive: true });
    this.schedule(0);
  }

  /** Stops polling and waits for the job in hand (it is left RUNNING only if the process dies). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.busy;
  }

  /** Runs queued jobs until none is left (tests and benchmarks). */
  async drain(): Promise<void> {
    await this.busy;
    while (await this.runOne());
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.busy = this.tick().finally(() => {
        this.busy = undefined;
        this.schedule(this.pollMs);
      });
    }, delay);
    this.timer.unref?.();
  }

  private async tick() {
    try {
      if (Date.now() - this.lastSweep > Math.min(this.staleAfterMs, 10_000)) {
        this.lastSweep = Date.now();
        await this.requeueStale();
      }
      while (!this.stopped && (await this.runOne()));
    } catch (err) {
      this.options.log?.error({ err }, 'export runner tick failed');
    }
  }

  /** RUNNING jobs whose runner stopped beating go back to the queue (a restart, a crash). */
  async requeueStale(): Promise<number> {
    const result = await this.db.execute(sql`
      UPDATE export_jobs SET status = 'QUEUED', processed_rows = 0, total_rows = NULL, heartbeat_at = NULL, started_at = NULL
      WHERE status = 'RUNNING' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${this.staleAfterMs / 1000}))
      RETURNING id`);
    const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
    if (ids.length) this.options.log?.warn({ ids }, 'export jobs re-queued after their runner stopped');
    return ids.length;
  }

  /** Claims the oldest queued job and builds it; false when the queue is empty. */
  async runOne(): Promise<boolean> {
    const claimed = rowsOf<{ id: string }>(await this.db.execute(sql`
      UPDATE export_jobs SET status = 'RUNNING', started_at = now(), heartbeat_at = now(), processed_rows = 0
      WHERE id = (SELECT id FROM export_jobs WHERE status = 'QUEUED' ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`));
    const id = claimed[0]?.id;
    if (!id) return false;
    const [job] = await this.db.select().from(exportJobs).where(eq(exportJobs.id, id));
    await this.build(job);
    return true;
  }

  private async build(job: JobRow) {
    const format = job.format as ExportFormat;
    const filePath = path.join(this.options.dir, `${job.id}.${FILE_EXTENSIONS[format]}`);
    const partPath = `${filePath}.part`;
    const heartbeat = setInterval(() => {
      void this.db.update(exportJobs).set({ heartbeatAt: sql`now()` }).where(eq(exportJobs.id, job.id)).catch(() => undefined);
    }, Math.max(1000, Math.floor(this.staleAfterMs / 3)));
    let writer: ExportFileWriter | undefined;
    try {
      const def = exportType(job.type);
      if (!def) throw new Error(`Export type ${job.type} is not available.`);
      const params = job.params as ExportParams;
      const ctx = { timeZone: params.timeZone };
      const columns = chosenColumns(def, params.columns);
      const total = await def.count(this.db, job.merchantId, params);
      await this.db.update(exportJobs).set({ totalRows: total, heartbeatAt: sql`now()` }).where(eq(exportJobs.id, job.id));
      const headers = columns.map((c) => columnHeader(c, ctx));
      const kinds = columns.map((c) => c.kind);
      fs.mkdirSync(this.options.dir, { recursive: true });
      writer = format === 'CSV' ? createCsvWriter(partPath, headers, kinds) : createXlsxWriter(partPath, headers, kinds, def.fileLabel);
      let processed = 0;
      for await (const batch of def.batches(this.db, job.merchantId, params, this.batchSize)) {
        await writer.writeRows(batch.map((row) => columns.map((c) => c.value(row, ctx))));
        processed += batch.length;
        await this.db.update(exportJobs).set({ processedRows: processed, heartbeatAt: sql`now()` }).where(eq(exportJobs.id, job.id));
      }
      await writer.finish();
      fs.renameSync(partPath, filePath);
      const stamp = formatInZone(job.createdAt, params.timeZone).replace(/[-:]/g, '').replace(' ', '_');
      await this.db.update(exportJobs).set({
        status: 'SUCCESS',
        totalRows: processed,
        processedRows: processed,
        filePath,
        fileName: `${def.fileLabel}_${stamp}.${FILE_EXTENSIONS[format]}`,
        fileSize: fs.statSync(filePath).size,
        finishedAt: sql`now()`,
        heartbeatAt: null,
      }).where(eq(exportJobs.id, job.id));
    } catch (err) {
      this.options.log?.error({ err, exportId: job.id }, 'export failed');
      await writer?.abort();
      fs.rmSync(partPath, { force: true });
      await this.db.update(exportJobs).set({ status: 'FAILED', error: 'The export could not be built. Please try again.', finishedAt: sql`now()`, heartbeatAt: null })
        .where(eq(exportJobs.id, job.id)).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }
}
