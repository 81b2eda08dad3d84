/** The report centre's "Schedules" tab: its one definition (no filters; newest first). */
import type { ListDefinition } from './list-definition';

export const REPORT_SCHEDULE_LIST_COLUMN_KEYS = [
  'schedule',
  'frequency',
  'nextRunAt',
  'lastRun',
  'recipients',
  'status',
  'actions',
] as const;
export type ReportScheduleListColumnKey = (typeof REPORT_SCHEDULE_LIST_COLUMN_KEYS)[number];

export const REPORT_SCHEDULES_LIST = {
  key: 'report-schedules',
  noun: { one: 'schedule', many: 'schedules' },
  rowKey: 'scheduleId',
  // No fixed widths: the table sizes to its content and scrolls inside its card on a narrow screen.
  columns: [
    { key: 'schedule', label: 'Schedule', format: 'text', defaultVisible: true, required: true },
    { key: 'frequency', label: 'Frequency', format: 'text', defaultVisible: true },
    { key: 'nextRunAt', label: 'Next run', format: 'datetime', defaultVisible: true },
    { key: 'lastRun', label: 'Last run', format: 'text', defaultVisible: true },
    { key: 'recipients', label: 'Recipients', format: 'text', defaultVisible: true },
    { key: 'status', label: 'State', format: 'status', defaultVisible: true },
    { key: 'actions', label: 'Actions', format: 'text', defaultVisible: true, required: true, align: 'right' },
  ],
  filters: [],
  sorts: [],
} as const satisfies ListDefinition<ReportScheduleListColumnKey>;
