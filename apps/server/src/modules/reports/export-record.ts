import type { ExportFormat, ExportRecord, ExportStatus, ExportType } from '@mbo/contracts/reports';
import type { exportJobs } from '../../db/payments-schema';
import type { ExportParams } from './export-types';

type JobRow = typeof exportJobs.$inferSelect;

/** A job as the API shows it (never its path on disk). */
export function toExportRecord(job: JobRow): ExportRecord {
  const params = job.params as ExportParams;
  const progress =
    job.status === 'SUCCESS' || job.status === 'EXPIRED'
      ? 100
      : job.totalRows
        ? Math.min(99, Math.floor((job.processedRows / job.totalRows) * 100))
        : 0;
  return {
    exportId: job.id,
    type: job.type as ExportType,
    format: job.format as ExportFormat,
    status: job.status as ExportStatus,
    progress,
    totalRows: job.totalRows,
    processedRows: job.processedRows,
    fileName: job.fileName,
    fileSize: job.fileSize,
    error: job.error,
    createdFrom: params.createdFrom,
    createdTo: params.createdTo,
    timeZone: params.timeZone,
    columns: params.columns,
    filters: params.filters,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
  };
}
