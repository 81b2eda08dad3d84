import type { Page } from '@mbo/contracts/envelope';
import { REPORT_PATHS, type ExportRecord } from '@mbo/contracts/reports';
import { post } from '@/lib/http/request';
import { exportKeys } from './export-keys';

/** While an export is queued or running the list is polled every second; not otherwise. */
export const EXPORT_POLL_MS = 1000;

export function hasUnfinished(page: Page<ExportRecord> | undefined): boolean {
  return (page?.records ?? []).some((r) => r.status === 'QUEUED' || r.status === 'RUNNING');
}

/** The user's exports for the current merchant, newest first, with their progress. */
export function listExports(pageNum: number, pageSize: number, signal?: AbortSignal): Promise<Page<ExportRecord>> {
  return post<Page<ExportRecord>>(REPORT_PATHS.list, { pageNum, pageSize }, { signal });
}

export function listExportsQueryOptions(pageNum: number, pageSize: number) {
  return {
    queryKey: exportKeys.list(pageNum, pageSize),
    queryFn: ({ signal }: { signal: AbortSignal }) => listExports(pageNum, pageSize, signal),
    refetchInterval: (query: { state: { data: Page<ExportRecord> | undefined } }) =>
      hasUnfinished(query.state.data) ? EXPORT_POLL_MS : false,
  };
}
