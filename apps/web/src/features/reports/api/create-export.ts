import { REPORT_PATHS, type CreateExportRequest, type ExportRecord } from '@mbo/contracts/reports';
import { post } from '@/lib/http/request';

/** Queues an export; 012001B039 ("last export not completed") shows as the catalogue toast. */
export function createExport(request: CreateExportRequest): Promise<ExportRecord> {
  return post<ExportRecord>(REPORT_PATHS.create, request, { showSuccessMessage: true });
}
