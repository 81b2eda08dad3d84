/**
 * The report centre: exports built in the background. Schemas: reports-schemas.ts (request types inferred from them,
 * type-only).
 */
import type { z } from 'zod';
import type {
  createExportRequest,
  exportColumnSchema,
  exportColumnsRequest,
  exportColumnsResponseSchema,
  exportIdRequest,
  exportRecordSchema,
  listExportsRequest,
} from './reports-schemas';

export const REPORT_PATHS = {
  create: '/report/web/v1/export/create',
  list: '/report/web/v1/export/list',
  detail: '/report/web/v1/export/detail',
  download: '/report/web/v1/export/download',
  columns: '/report/web/v1/export/columns',
} as const;

/** Export types; later modules register more (disputes, payouts, withdrawals). */
export const EXPORT_TYPES = [
  'PAYMENTS',
  'REFUNDS',
  'BALANCE_TRANSACTIONS',
  'SETTLEMENTS',
  'SETTLEMENT_TRANSACTIONS',
  'DISPUTES',
  'WITHDRAWALS',
  'PAYOUTS',
  'PAYOUT_BATCHES',
  'AGREEMENTS',
  'AUDIT_LOG',
] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
/**
 * The types the report centre's form offers (a list's export, with its filters). The others are
 * made from their record's page: SETTLEMENT_TRANSACTIONS from a settlement or a batch, AUDIT_LOG from
 * Settings → Team → Audit log.
 */
export const REPORT_CENTRE_TYPES = [
  'PAYMENTS',
  'REFUNDS',
  'DISPUTES',
  'BALANCE_TRANSACTIONS',
  'SETTLEMENTS',
  'WITHDRAWALS',
  'PAYOUTS',
  'PAYOUT_BATCHES',
  'AGREEMENTS',
] as const satisfies readonly ExportType[];
export type ReportCentreType = (typeof REPORT_CENTRE_TYPES)[number];
export const EXPORT_FORMATS = ['CSV', 'XLSX'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** EXPIRED: the file was deleted after the retention period (EXPORT_RETENTION_DAYS) and can no longer be downloaded. */
export const EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'SUCCESS', 'FAILED', 'EXPIRED'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export type ExportColumn = z.infer<typeof exportColumnSchema>;

/** What a caller sends: filters and columns may be left out ({} and the type's default columns). */
export type CreateExportRequest = z.input<typeof createExportRequest>;
/** The export request as the server gets it after validation, defaults applied. */
export type CreateExportQuery = z.output<typeof createExportRequest>;
export type ListExportsRequest = z.input<typeof listExportsRequest>;
export type ExportIdRequest = z.infer<typeof exportIdRequest>;
export type ExportColumnsRequest = z.infer<typeof exportColumnsRequest>;

export type ExportRecord = z.infer<typeof exportRecordSchema>;

/** A column of an export type as the columns call lists it. */
export type ExportColumnsResponse = z.infer<typeof exportColumnsResponseSchema>;

/** Longest date range of one export. */
export const EXPORT_MAX_RANGE_DAYS = 366;
