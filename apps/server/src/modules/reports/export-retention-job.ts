import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { exportJobs } from '../../db/payments-schema';
import { defineJob } from '../../jobs/job-definition';
import { exportRetentionDays } from './export-storage';

/**
 * Daily: deletes the files of exports finished more than EXPORT_RETENTION_DAYS ago and marks them
 * EXPIRED (the list says so; a download answers 012001B042). Also fails exports left unfinished for
 * a day (their job gave up), so their user can export again.
 */
export const exportRetentionJob = defineJob({
  name: 'reports.export-retention',
  data: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
  cron: '17 3 * * *',
  handle: async (_job, app) => {
    const days = exportRetentionDays(app);
    const old = await app.db
      .select({ id: exportJobs.id, storage_key: exportJobs.storageKey })
      .from(exportJobs)
      .where(
        and(eq(exportJobs.status, 'SUCCESS'), lt(exportJobs.finishedAt, sql`now() - make_interval(days => ${days})`)),
      );
    for (const row of old) {
      if (row.storage_key) await app.exportFiles.delete(row.storage_key);
      await app.db.execute(
        sql`UPDATE export_jobs SET status = 'EXPIRED', storage_key = NULL WHERE id = ${row.id} AND status = 'SUCCESS'`,
      );
    }
    await app.db.execute(sql`
      UPDATE export_jobs SET status = 'FAILED', error = 'The export could not be built. Please try again.', finished_at = now(), run_token = NULL
       WHERE status IN ('QUEUED', 'RUNNING') AND created_at < now() - interval '1 day'`);
    if (old.length) app.log.info({ expired: old.length, days }, 'export files past their retention deleted');
  },
});
