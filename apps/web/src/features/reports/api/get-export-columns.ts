import { REPORT_PATHS, type ExportColumnsResponse, type ExportType } from '@mbo/contracts/reports';
import { currentLocale } from '@/i18n/i18n';
import { get } from '@/lib/http/request';
import { exportKeys } from './export-keys';

export function getExportColumns(type: ExportType, signal?: AbortSignal): Promise<ExportColumnsResponse> {
  return get<ExportColumnsResponse>(REPORT_PATHS.columns, { type }, { signal });
}

export function exportColumnsQueryOptions(type: ExportType) {
  return {
    // The server names them in the language it is sent (Accept-Language) or the user's own.
    queryKey: exportKeys.columns(type, currentLocale()),
    queryFn: ({ signal }: { signal: AbortSignal }) => getExportColumns(type, signal),
    staleTime: Infinity,
  };
}
