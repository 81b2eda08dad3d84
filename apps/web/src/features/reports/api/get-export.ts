import { REPORT_PATHS, type ExportRecord } from '@mbo/contracts/reports';
import { get } from '@/lib/http/request';
import { exportKeys } from './export-keys';

/** One export (the user's, or a scheduled report mailed to them): the page a report mail links to. */
export function exportQueryOptions(exportId: string) {
  return {
    queryKey: [...exportKeys.all, 'detail', exportId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<ExportRecord>(REPORT_PATHS.detail, { exportId }, { signal, showErrorMessage: false }),
    retry: false,
  };
}
