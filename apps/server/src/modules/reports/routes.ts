import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { REPORT_PATHS, type ExportColumnsResponse, type ExportFormat } from '@mbo/contracts/reports';
import { createExportRequest, exportColumnsRequest, exportIdRequest, listExportsRequest } from '@mbo/contracts/reports-schemas';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import './builtin-types';
import { createExport } from './create-export';
import { toExportRecord } from './export-record';
import { ExportRunner } from './export-runner';
import { exportType } from './export-types';
import { CONTENT_TYPES } from './file-writers';
import { findExport, listExports } from './list-exports';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background builder of report-centre exports (started with the app, stopped on close). */
    exportRunner: ExportRunner;
  }
}

const EXPORT = { access: { permission: 'API_REPORT_EXPORT' } } as const;

/** Report centre: exports created here are built by the runner and downloaded as attachments. */
async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const runner = new ExportRunner(app.db, { dir: path.join(app.config.dataDir, 'exports'), log: app.log });
  app.decorate('exportRunner', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());

  app.post(REPORT_PATHS.create, { config: EXPORT, schema: { body: createExportRequest } }, async (request) =>
    ok(await createExport(app.db, request.auth, request.body), 'Export started'),
  );

  app.post(REPORT_PATHS.list, { config: EXPORT, schema: { body: listExportsRequest } }, async (request) =>
    ok(await listExports(app.db, request.auth, request.body)),
  );

  app.get(REPORT_PATHS.detail, { config: EXPORT, schema: { querystring: exportIdRequest } }, async (request) =>
    ok(toExportRecord(await findExport(app.db, request.auth, request.query.exportId))),
  );

  app.get(REPORT_PATHS.columns, { config: EXPORT, schema: { querystring: exportColumnsRequest } }, async (request) => {
    const { type } = request.query;
    const def = exportType(type);
    if (!def) throw new AppError(ERROR_CODES.INVALID_REQUEST, { msg: 'Invalid request: type is not an export type.' });
    const answer: ExportColumnsResponse = { type, columns: def.columns.map(({ key, label, default: isDefault }) => ({ key, label, default: isDefault })) };
    return ok(answer);
  });

  app.get(REPORT_PATHS.download, { config: EXPORT, schema: { querystring: exportIdRequest } }, async (request, reply) => {
    const job = await findExport(app.db, request.auth, request.query.exportId);
    if (job.status !== 'SUCCESS' || !job.filePath || !job.fileName) {
      throw new AppError(ERROR_CODES.EXPORT_NOT_READY, { msg: 'The export is not ready yet.' });
    }
    let size: number;
    try {
      size = fs.statSync(job.filePath).size;
    } catch {
      throw new AppError(ERROR_CODES.EXPORT_NOT_FOUND, { msg: 'The export file is no longer available.' });
    }
    const ascii = job.fileName.replace(/[^\w.-]/g, '_');
    return reply
      .header('Content-Type', CONTENT_TYPES[job.format as ExportFormat])
      .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(job.fileName)}`)
      .header('Content-Length', String(size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(fs.createReadStream(job.filePath));
  });
}

export default fp(reportRoutes, { name: 'reports', dependencies: ['auth'] });
