import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REPORT_SCHEDULE_PATHS } from '@mbo/contracts/report-schedules';
import {
  listReportSchedulesRequest,
  reportScheduleIdRequest,
  reportSchedulePageSchema,
  reportScheduleRecipientsRequest,
  reportScheduleRecipientsSchema,
  reportScheduleRecordSchema,
  saveReportScheduleRequest,
  updateReportScheduleRequest,
} from '@mbo/contracts/report-schedules-schemas';
import { ok } from '../../lib/envelope';
import { query, reads, writes } from '../../lib/route-options';
import { deleteSchedule, setScheduleStatus } from './change-schedule';
import { listSchedules } from './list-schedules';
import { eligibleRecipients } from './recipients';
import { createSchedule, updateSchedule } from './save-schedule';
import { reportScheduleTickJob } from './schedule-job';

/** The report centre's code: a schedule is an export made again, so it needs what an export needs. */
const EXPORT = { permission: 'API_REPORT_EXPORT' } as const;

/**
 * Scheduled reports (the report centre's Schedules tab): each user's own schedules in the active merchant, their
 * recipients picker, and the tick that runs them (schedule-job.ts). Every change is audited.
 */
async function reportScheduleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.register(reportScheduleTickJob);

  app.post(
    REPORT_SCHEDULE_PATHS.list,
    reads(EXPORT, listReportSchedulesRequest, reportSchedulePageSchema),
    async (request) => ok(await listSchedules(app.db, request.auth, request.body)),
  );
  app.get(
    REPORT_SCHEDULE_PATHS.recipients,
    query(EXPORT, reportScheduleRecipientsRequest, reportScheduleRecipientsSchema),
    async (request) => ok({ records: await eligibleRecipients(app.db, request.auth, request.query.type) }),
  );
  app.post(
    REPORT_SCHEDULE_PATHS.create,
    writes(EXPORT, saveReportScheduleRequest, reportScheduleRecordSchema),
    async (request) =>
      ok(await createSchedule(app.db, request.auth, request.body, request.ip), { key: 'schedules.created' }),
  );
  app.post(
    REPORT_SCHEDULE_PATHS.update,
    writes(EXPORT, updateReportScheduleRequest, reportScheduleRecordSchema),
    async (request) =>
      ok(await updateSchedule(app.db, request.auth, request.body, request.ip), { key: 'schedules.saved' }),
  );
  app.post(
    REPORT_SCHEDULE_PATHS.pause,
    writes(EXPORT, reportScheduleIdRequest, reportScheduleRecordSchema),
    async (request) =>
      ok(await setScheduleStatus(app.db, request.auth, request.body.scheduleId, 'PAUSED', request.ip), {
        key: 'schedules.paused',
      }),
  );
  app.post(
    REPORT_SCHEDULE_PATHS.resume,
    writes(EXPORT, reportScheduleIdRequest, reportScheduleRecordSchema),
    async (request) =>
      ok(await setScheduleStatus(app.db, request.auth, request.body.scheduleId, 'ACTIVE', request.ip), {
        key: 'schedules.resumed',
      }),
  );
  app.post(
    REPORT_SCHEDULE_PATHS.delete,
    writes(EXPORT, reportScheduleIdRequest, reportScheduleIdRequest),
    async (request) => {
      await deleteSchedule(app.db, request.auth, request.body.scheduleId, request.ip);
      return ok({ scheduleId: request.body.scheduleId }, { key: 'schedules.deleted' });
    },
  );
}

export default fp(reportScheduleRoutes, { name: 'report-schedules', dependencies: ['auth', 'jobs', 'reports'] });
