import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { runReportSchedules } from './run-schedules';

/**
 * Every minute (pg-boss cron: one tick per minute across all instances; a second tick at once is safe too): starts
 * the runs of the schedules due and mails the reports whose export finished (run-schedules.ts).
 */
export const reportScheduleTickJob = defineJob({
  name: 'report-schedules.tick',
  data: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 20,
  expireInSeconds: 5 * 60,
  cron: '* * * * *',
  handle: async (_job, app) => {
    const result = await runReportSchedules(app.db, {
      jobs: app.jobs,
      notifier: { mailer: app.mailer, publicUrl: app.config.publicUrl },
    });
    if (result.mails) app.mailer.kick();
    if (result.started || result.skipped || result.delivered) app.log.info(result, 'report schedules');
  },
});
