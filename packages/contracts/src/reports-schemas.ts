import { z } from 'zod';
import { isoDateTime as isoDate } from './common-schemas';
import { pageSchema } from './envelope-schemas';
import { EXPORT_FORMATS, EXPORT_STATUSES, EXPORT_TYPES } from './reports';

/** An IANA time zone the runtime knows, e.g. Europe/Amsterdam. */
export const ianaTimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone like Europe/Amsterdam');

export const createExportRequest = z.object({
  type: z.enum(EXPORT_TYPES),
  format: z.enum(EXPORT_FORMATS),
  /** IANA zone the times are written in, e.g. Europe/Amsterdam. */
  timeZone: ianaTimeZone,
  createdFrom: isoDate,
  createdTo: isoDate,
  /** The list's filters (PaymentFilters or RefundFilters, without the date range); the export type checks them. */
  filters: z.record(z.string(), z.unknown()).default({}),
  /** Column keys in order; empty means the type's defaults. */
  columns: z.array(z.string().max(64)).max(50).default([]),
});

export const listExportsRequest = z.object({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const exportIdRequest = z.object({ exportId: z.string().min(1, 'is required').max(64) });
export const exportColumnsRequest = z.object({ type: z.enum(EXPORT_TYPES) });

export const exportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Selected when the user does not choose. */
  default: z.boolean(),
});

export const exportRecordSchema = z.object({
  exportId: z.string(),
  type: z.enum(EXPORT_TYPES),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** 0–100. */
  progress: z.number(),
  totalRows: z.number().nullable(),
  processedRows: z.number(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  error: z.string().nullable(),
  createdFrom: z.string(),
  createdTo: z.string(),
  timeZone: z.string(),
  /** The column keys written, in order. */
  columns: z.array(z.string()),
  /** The list filters the export was made with (without the date range). */
  filters: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const exportPageSchema = pageSchema(exportRecordSchema);

/** A column of an export type as the columns call lists it. */
export const exportColumnsResponseSchema = z.object({
  type: z.enum(EXPORT_TYPES),
  columns: z.array(exportColumnSchema),
});
