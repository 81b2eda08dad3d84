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
  columns: [
    { key: 'schedule', label: 'Schedule', format: 'text', defaultVisible: true, required: true, width: 180 },
    { key: 'frequency', label: 'Frequency', format: 'text', defaultVisible: true, width: 150 },
    { key: 'nextRunAt', label: 'Next run', format: 'datetime', defaultVisible: true, width: 170 },
    { key: 'lastRun', label: 'Last run', format: 'text', defaultVisible: true, width: 180 },
    { key: 'recipients', label: 'Recipients', format: 'text', defaultVisible: true, width: 130 },
    { key: 'status', label: 'State', format: 'status', defaultVisible: true, width: 80 },
    {
      key: 'actions',
      label: 'Actions',
      format: 'text',
      defaultVisible: true,
      required: true,
      align: 'right',
      width: 200,
    },
  ],
  filters: [],
  sorts: [],
} as const satisfies ListDefinition<ReportScheduleListColumnKey>;
