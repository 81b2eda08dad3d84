import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { REPORT_PATHS, type ExportColumnsResponse, type ExportFormat } from '@mbo/contracts/reports';
import {
  createExportRequest,
  exportColumnsRequest,
  exportColumnsResponseSchema,
  exportIdRequest,
  exportPageSchema,
  exportRecordSchema,
  listExportsRequest,
} from '@mbo/contracts/reports-schemas';
import { AppError } from '../../lib/app-error';
import { sendAttachment } from '../../lib/attachment';
import { ok } from '../../lib/envelope';
import { callerLocale } from '../../lib/i18n/i18n';
import { query, writes } from '../../lib/route-options';
import { fileResponses } from '../../lib/route-responses';
import './builtin-types';
import { buildExportJob } from './build-export-job';
import { createExport } from './create-export';
import { toExportRecord } from './export-record';
import { exportRetentionJob } from './export-retention-job';
import { recoverExportsJob } from './recover-exports-job';
import { exportRetentionDays, exportStorage } from './export-storage';
import { columnLabel, exportType } from './export-types';
import { CONTENT_TYPES } from './file-writers';
import { findExport, listExports } from './list-exports';

const EXPORT = { access: { permission: 'API_REPORT_EXPORT' } } as const;

/**
 * Report centre: exports are built by a job (build-export-job.ts), kept in the export storage and downloaded as
 * attachments.
 */
async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.decorate('exportFiles', exportStorage(app));
  app.jobs.register(buildExportJob, exportRetentionJob, recoverExportsJob);

  app.post(REPORT_PATHS.create, writes(EXPORT.access, createExportRequest, exportRecordSchema), async (request) =>
    ok(
      await createExport(app.db, app.jobs, request.auth, request.body, request.ip, {
        locale: callerLocale(request.auth.locale, request.headers['accept-language']),
      }),
      { key: 'reports.exportStarted' },
    ),
  );

  app.post(REPORT_PATHS.list, writes(EXPORT.access, listExportsRequest, exportPageSchema), async (request) =>
    ok(await listExports(app.db, request.auth, request.body)),
  );

  app.get(REPORT_PATHS.detail, query(EXPORT.access, exportIdRequest, exportRecordSchema), async (request) =>
    ok(toExportRecord(await findExport(app.db, request.auth, request.query.exportId))),
  );

  app.get(
    REPORT_PATHS.columns,
    query(EXPORT.access, exportColumnsRequest, exportColumnsResponseSchema),
    async (request) => {
      const { type } = request.query;
      const def = exportType(type);
      if (!def)
        throw new AppError(ERROR_CODES.INVALID_REQUEST, { msg: 'Invalid request: type is not an export type.' });
      // Named as the file's headers will be, in the caller's language.
      const locale = callerLocale(request.auth.locale, request.headers['accept-language']);
      const answer: ExportColumnsResponse = {
        type,
        columns: def.columns.map((c) => ({ key: c.key, label: columnLabel(type, c, locale), default: c.default })),
      };
      return ok(answer);
    },
  );

  app.get(
    REPORT_PATHS.download,
    {
      config: EXPORT,
      schema: {
        querystring: exportIdRequest,
        response: fileResponses('The export file', Object.values(CONTENT_TYPES)),
      },
    },
    async (request, reply) => {
      const job = await findExport(app.db, request.auth, request.query.exportId);
      if (job.status === 'EXPIRED') {
        const days = exportRetentionDays(app);
        throw new AppError(ERROR_CODES.EXPORT_EXPIRED, {
          msg: `This export has expired: files are kept for ${days} day${days === 1 ? '' : 's'}. Please export again.`,
        });
      }
      if (job.status !== 'SUCCESS' || !job.storageKey || !job.fileName) {
        throw new AppError(ERROR_CODES.EXPORT_NOT_READY, { msg: 'The export is not ready yet.' });
      }
      const file = await app.exportFiles.get(job.storageKey);
      if (!file) throw new AppError(ERROR_CODES.EXPORT_NOT_FOUND, { msg: 'The export file is no longer available.' });
      return sendAttachment(reply, {
        name: job.fileName,
        type: CONTENT_TYPES[job.format as ExportFormat],
        size: file.size,
      }).send(file.body);
    },
  );
}

export default fp(reportRoutes, { name: 'reports', dependencies: ['auth', 'jobs'] });
