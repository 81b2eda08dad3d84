import type { Page } from '@mbo/contracts/envelope';
import { REPORT_PATHS, type CreateExportRequest, type ExportRecord } from '@mbo/contracts/reports';
import { TEAM_PATHS, type AuditLogListRequest, type AuditRecord } from '@mbo/contracts/team';
import { post } from '@/lib/http/request';
import { teamKeys } from './team-keys';

/** One page of the audit log; `totalExact: false` when the server estimated the total. */
export type AuditLogPage = Page<AuditRecord> & { totalExact?: boolean };

/** One page of the active merchant's audit log. `quiet`: no error toast (a prefetch). */
export function listAuditLog(req: AuditLogListRequest, signal?: AbortSignal, quiet = false): Promise<AuditLogPage> {
  return post<AuditLogPage>(TEAM_PATHS.auditLog, req, { signal, showErrorMessage: !quiet });
}

export function auditLogQueryOptions(req: AuditLogListRequest, { quiet = false } = {}) {
  return {
    queryKey: teamKeys.auditLogList(req),
    queryFn: ({ signal }: { signal: AbortSignal }) => listAuditLog(req, signal, quiet),
    staleTime: 10_000,
  };
}

/**
 * Queues an export of the audit log in the report centre (type AUDIT_LOG). "Last export not
 * completed" (012001B039) and the other refusals show as the catalogue's toast.
 */
export function createAuditLogExport(request: CreateExportRequest): Promise<ExportRecord> {
  return post<ExportRecord>(REPORT_PATHS.create, request);
}
