import { REPORT_PATHS } from '@mbo/contracts/reports';
import { request } from '@/lib/http/request';

/** Downloads a finished export: the HTTP client saves the file and toasts "download success". */
export async function downloadExport(exportId: string): Promise<void> {
  await request<Blob>({ url: REPORT_PATHS.download, method: 'GET', data: { exportId }, responseType: 'blob' });
}
