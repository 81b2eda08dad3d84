import type { Page } from '@mbo/contracts/envelope';
import {
  REPORT_SCHEDULE_PATHS,
  type ReportScheduleRecipient,
  type ReportScheduleRecord,
  type SaveReportScheduleRequest,
  type UpdateReportScheduleRequest,
} from '@mbo/contracts/report-schedules';
import type { ReportCentreType } from '@mbo/contracts/reports';
import { get, post } from '@/lib/http/request';
import { exportKeys } from './export-keys';

/** Query keys of the Schedules tab, under the report centre's. */
export const scheduleKeys = {
  all: [...exportKeys.all, 'schedules'] as const,
  list: (pageNum: number, pageSize: number) => [...scheduleKeys.all, 'list', { pageNum, pageSize }] as const,
  recipients: (type: string) => [...scheduleKeys.all, 'recipients', type] as const,
};

/** The user's schedules in the current merchant, newest first. */
export function listSchedulesQueryOptions(pageNum: number, pageSize: number) {
  return {
    queryKey: scheduleKeys.list(pageNum, pageSize),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      post<Page<ReportScheduleRecord>>(REPORT_SCHEDULE_PATHS.list, { pageNum, pageSize }, { signal }),
  };
}

/** The members who may receive a report of the type (the form's recipients picker). */
export function scheduleRecipientsQueryOptions(type: ReportCentreType) {
  return {
    queryKey: scheduleKeys.recipients(type),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<{ records: ReportScheduleRecipient[] }>(REPORT_SCHEDULE_PATHS.recipients, { type }, { signal }).then(
        (r) => r.records,
      ),
    staleTime: 60_000,
  };
}

/** Create and edit keep a refusal in the drawer (no toast): the form shows it beside the fields. */
export function createSchedule(body: SaveReportScheduleRequest): Promise<ReportScheduleRecord> {
  return post<ReportScheduleRecord>(REPORT_SCHEDULE_PATHS.create, body, { showErrorMessage: false });
}

export function updateSchedule(body: UpdateReportScheduleRequest): Promise<ReportScheduleRecord> {
  return post<ReportScheduleRecord>(REPORT_SCHEDULE_PATHS.update, body, { showErrorMessage: false });
}

/** Pause and delete are confirmed in a dialog that shows a refusal itself. */
export function pauseSchedule(scheduleId: string): Promise<ReportScheduleRecord> {
  return post<ReportScheduleRecord>(REPORT_SCHEDULE_PATHS.pause, { scheduleId }, { showErrorMessage: false });
}

export function resumeSchedule(scheduleId: string): Promise<ReportScheduleRecord> {
  return post<ReportScheduleRecord>(REPORT_SCHEDULE_PATHS.resume, { scheduleId }, { showSuccessMessage: true });
}

export function deleteSchedule(scheduleId: string): Promise<{ scheduleId: string }> {
  return post<{ scheduleId: string }>(REPORT_SCHEDULE_PATHS.delete, { scheduleId }, { showErrorMessage: false });
}
