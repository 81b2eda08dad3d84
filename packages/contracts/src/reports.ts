/** The report centre: exports built in the background. Schemas: reports-schemas.ts. */
export const REPORT_PATHS = {
  create: '/report/web/v1/export/create',
  list: '/report/web/v1/export/list',
  detail: '/report/web/v1/export/detail',
  download: '/report/web/v1/export/download',
  columns: '/report/web/v1/export/columns',
} as const;

/** Export types; later modules register more (disputes, settlements, balance transactions, payouts, withdrawals). */
export const EXPORT_TYPES = ['PAYMENTS', 'REFUNDS'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const EXPORT_FORMATS = ['CSV', 'XLSX'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'SUCCESS', 'FAILED'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export interface ExportColumn {
  key: string;
  label: string;
  /** Selected when the user does not choose. */
  default: boolean;
}

export interface CreateExportRequest {
  type: ExportType;
  format: ExportFormat;
  /** IANA zone the times are written in, e.g. Europe/Amsterdam. */
  timeZone: string;
  createdFrom: string;
  createdTo: string;
  /** The list's filters (PaymentFilters or RefundFilters, without the date range). */
  filters: Record<string, unknown>;
  /** Column keys in order; empty means the type's defaults. */
  columns: string[];
}

export interface ExportRecord {
  exportId: string;
  type: ExportType;
  format: ExportFormat;
  status: ExportStatus;
  /** 0–100. */
  progress: number;
  totalRows: number | null;
  processedRows: number;
  fileName: string | null;
  fileSize: number | null;
  error: string | null;
  createdFrom: string;
  createdTo: string;
  timeZone: string;
  /** The column keys written, in order. */
  columns: string[];
  /** The list filters the export was made with (without the date range). */
  filters: Record<string, unknown>;
  createdAt: string;
  finishedAt: string | null;
}

/** A column of an export type as the columns call lists it. */
export interface ExportColumnsResponse {
  type: ExportType;
  columns: ExportColumn[];
}

/** Longest date range of one export. */
export const EXPORT_MAX_RANGE_DAYS = 366;
