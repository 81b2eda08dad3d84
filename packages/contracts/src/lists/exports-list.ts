/** The report centre's "Your exports" list: its one definition (no filters; newest first). */
import type { ListDefinition } from './list-definition';

export const EXPORT_LIST_COLUMN_KEYS = [
  'export',
  'range',
  'status',
  'progress',
  'rows',
  'size',
  'createdAt',
  'download',
] as const;
export type ExportListColumnKey = (typeof EXPORT_LIST_COLUMN_KEYS)[number];

export const EXPORTS_LIST = {
  key: 'exports',
  noun: { one: 'export', many: 'exports' },
  rowKey: 'exportId',
  // No fixed widths: the table sizes to its content and scrolls inside its card on a narrow screen.
  columns: [
    { key: 'export', label: 'Export', format: 'text', defaultVisible: true, required: true },
    { key: 'range', label: 'Date range', format: 'text', defaultVisible: true },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true },
    { key: 'progress', label: 'Progress', format: 'integer', defaultVisible: true, width: 160 },
    { key: 'rows', label: 'Rows', format: 'integer', defaultVisible: true, align: 'right' },
    { key: 'size', label: 'Size', format: 'text', defaultVisible: true, align: 'right' },
    { key: 'createdAt', label: 'Created', format: 'datetime', defaultVisible: true },
    { key: 'download', label: 'Download', format: 'text', defaultVisible: true, required: true, align: 'right' },
  ],
  filters: [],
  sorts: [],
} as const satisfies ListDefinition<ExportListColumnKey>;
