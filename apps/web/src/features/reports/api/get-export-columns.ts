import { REPORT_PATHS, type ExportColumnsResponse, type ExportType } from '@mbo/contracts/reports';
import { get } from '@/lib/http/request';
import { exportKeys } from './export-keys';

export function getExportColumns(type: ExportType, signal?: AbortSignal): Promise<ExportColumnsResponse> {
  return get<ExportColumnsResponse>(REPORT_PATHS.columns, { type }, { signal });
}

export function exportColumnsQueryOptions(type: ExportType) {
  return {
    queryKey: exportKeys.columns(type),
    queryFn: ({ signal }: { signal: AbortSignal }) => getExportColumns(type, signal),
    staleTime: Infinity,
  };
}
