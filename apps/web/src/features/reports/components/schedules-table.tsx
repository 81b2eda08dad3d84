import { Button, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { EXPORT_FORMAT_LABELS, codeLabel } from '@mbo/contracts/code-labels';
import type { ReportScheduleListColumnKey } from '@mbo/contracts/lists/report-schedules-list';
import {
  REPORT_SCHEDULE_RUN_STATUS_LABELS,
  REPORT_SCHEDULE_STATUS_LABELS,
  describeFrequency,
  type ReportScheduleRecord,
  type ReportScheduleRunStatus,
} from '@mbo/contracts/report-schedules';
import GuardedButton from '@/components/guarded-button';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { formatZonedDateTime } from '@/lib/format-time';
import { TYPE_LABEL } from '../utils/export-form';

const RUN_TONE: Record<ReportScheduleRunStatus, StatusTone> = {
  RUNNING: 'processing',
  SENT: 'success',
  SKIPPED: 'warning',
  FAILED: 'error',
};

/** "2026-03-29 08:00" over "Europe/Amsterdam" (its offset on hover): a time of the schedule's own zone, named. */
function ZonedTime({ iso, timeZone }: { iso: string; timeZone: string }) {
  const [day, time, offset] = formatZonedDateTime(iso, timeZone, 'minute').split(' ');
  return (
    <span style={{ display: 'block' }}>
      <span className="mbo-list-nowrap">
        {day} {time}
      </span>{' '}
      <span className="mbo-list-sub" title={`${timeZone} (${offset})`}>
        {timeZone}
      </span>
    </span>
  );
}

export type ScheduleAction = 'edit' | 'pause' | 'resume' | 'delete';

/** "Ana Li, Finn Finance +2 more". */
function recipientsText(r: ReportScheduleRecord): string {
  const names = r.recipients.map((p) => p.name || p.email);
  return names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2} more`;
}

/** How the Schedules tab shows each column of REPORT_SCHEDULES_LIST; times are the schedule's own zone's. */
export function schedulesTable(opts: {
  /** Why the user may not change schedules, or null. */
  blocked: string | null;
  busyId: string | null;
  onAction: (action: ScheduleAction, record: ReportScheduleRecord) => void;
}): Pick<ListTableProps<ReportScheduleRecord>, 'cells'> {
  const cells: Record<ReportScheduleListColumnKey, (r: ReportScheduleRecord) => React.ReactNode> = {
    schedule: (r) => (
      <>
        <Typography.Text strong>{r.name}</Typography.Text>
        <span className="mbo-list-sub">
          {TYPE_LABEL[r.type] ?? r.type} · {codeLabel(EXPORT_FORMAT_LABELS, r.format)}
        </span>
      </>
    ),
    frequency: (r) => describeFrequency(r),
    nextRunAt: (r) =>
      r.nextRunAt ? (
        <ZonedTime iso={r.nextRunAt} timeZone={r.timeZone} />
      ) : (
        <Typography.Text type="secondary">Paused</Typography.Text>
      ),
    lastRun: (r) =>
      r.lastRunAt && r.lastRunStatus ? (
        <span>
          <ZonedTime iso={r.lastRunAt} timeZone={r.timeZone} />
          <StatusTag tone={RUN_TONE[r.lastRunStatus]}>{REPORT_SCHEDULE_RUN_STATUS_LABELS[r.lastRunStatus]}</StatusTag>
          {r.lastRunNote ? <span className="mbo-list-sub">{r.lastRunNote}</span> : null}
          {r.lastExportId && r.lastRunStatus === 'SENT' ? (
            <Link className="mbo-list-sub" to={`/transactions/reports?exportId=${encodeURIComponent(r.lastExportId)}`}>
              Open the last report
            </Link>
          ) : null}
        </span>
      ) : (
        <Typography.Text type="secondary">Not run yet</Typography.Text>
      ),
    recipients: (r) => <span title={r.recipients.map((p) => p.email).join(', ')}>{recipientsText(r)}</span>,
    status: (r) => (
      <StatusTag tone={r.status === 'ACTIVE' ? 'success' : 'default'}>
        {REPORT_SCHEDULE_STATUS_LABELS[r.status]}
      </StatusTag>
    ),
    actions: (r) => (
      <Space size={4} wrap>
        <GuardedButton
          size="small"
          blocked={opts.blocked}
          onClick={() => opts.onAction('edit', r)}
          aria-label={`Edit ${r.name}`}
        >
          Edit
        </GuardedButton>
        {r.status === 'ACTIVE' ? (
          <GuardedButton
            size="small"
            blocked={opts.blocked}
            onClick={() => opts.onAction('pause', r)}
            aria-label={`Pause ${r.name}`}
          >
            Pause
          </GuardedButton>
        ) : (
          <GuardedButton
            size="small"
            blocked={opts.blocked}
            loading={opts.busyId === r.scheduleId}
            onClick={() => opts.onAction('resume', r)}
            aria-label={`Resume ${r.name}`}
          >
            Resume
          </GuardedButton>
        )}
        {opts.blocked ? null : (
          <Button size="small" danger onClick={() => opts.onAction('delete', r)} aria-label={`Delete ${r.name}`}>
            Delete
          </Button>
        )}
      </Space>
    ),
  };
  return { cells };
}
