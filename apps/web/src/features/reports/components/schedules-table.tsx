import { Button, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { ReportScheduleListColumnKey } from '@mbo/contracts/lists/report-schedules-list';
import type { ReportScheduleRecord, ReportScheduleRunStatus } from '@mbo/contracts/report-schedules';
import GuardedButton from '@/components/guarded-button';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { formatZonedDateTime } from '@/lib/format-time';
import { runNoteSentences } from '../utils/run-note';
import { describeFrequency } from '../utils/schedule-form';
import type { Label } from './exports-table';

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
function recipientsText(r: ReportScheduleRecord, t: TFunction): string {
  const names = r.recipients.map((p) => p.name || p.email || t('schedulesTable.formerMember'));
  const separator = t('schedulesTable.separator');
  return names.length <= 2
    ? names.join(separator)
    : t('schedulesTable.more', { names: names.slice(0, 2).join(separator), count: names.length - 2 });
}

/** How the Schedules tab shows each column of REPORT_SCHEDULES_LIST; times are the schedule's own zone's. */
export function schedulesTable(opts: {
  /** The `reports` namespace's t, and the words of codes (useLabel). */
  t: TFunction;
  label: Label;
  /** Why the user may not change schedules, or null. */
  blocked: string | null;
  busyId: string | null;
  onAction: (action: ScheduleAction, record: ReportScheduleRecord) => void;
}): Pick<ListTableProps<ReportScheduleRecord>, 'cells'> {
  const { t, label } = opts;
  const cells: Record<ReportScheduleListColumnKey, (r: ReportScheduleRecord) => React.ReactNode> = {
    schedule: (r) => (
      <>
        <Typography.Text strong>{r.name}</Typography.Text>
        <span className="mbo-list-sub">
          {label('EXPORT_TYPES', r.type)} · {label('EXPORT_FORMATS', r.format)}
        </span>
      </>
    ),
    frequency: (r) => describeFrequency(r, t),
    nextRunAt: (r) =>
      r.nextRunAt ? (
        <ZonedTime iso={r.nextRunAt} timeZone={r.timeZone} />
      ) : (
        <Typography.Text type="secondary">{t('schedulesTable.paused')}</Typography.Text>
      ),
    lastRun: (r) =>
      r.lastRunAt && r.lastRunStatus ? (
        <span>
          <ZonedTime iso={r.lastRunAt} timeZone={r.timeZone} />
          <StatusTag tone={RUN_TONE[r.lastRunStatus]}>
            {label('REPORT_SCHEDULE_RUN_STATUSES', r.lastRunStatus)}
          </StatusTag>
          {r.lastRunNote
            ? runNoteSentences(r.lastRunNote, t).map((sentence) => (
                <span key={sentence} className="mbo-list-sub" style={{ whiteSpace: 'normal' }}>
                  {sentence}
                </span>
              ))
            : null}
          {r.lastExportId && r.lastRunStatus === 'SENT' ? (
            <Link className="mbo-list-sub" to={`/transactions/reports?exportId=${encodeURIComponent(r.lastExportId)}`}>
              {t('schedulesTable.openLast')}
            </Link>
          ) : null}
        </span>
      ) : (
        <Typography.Text type="secondary">{t('schedulesTable.notRun')}</Typography.Text>
      ),
    recipients: (r) => (
      <span title={r.recipients.map((p) => p.email ?? t('schedulesTable.formerMember')).join(', ')}>
        {recipientsText(r, t)}
      </span>
    ),
    status: (r) => (
      <StatusTag tone={r.status === 'ACTIVE' ? 'success' : 'default'}>
        {label('REPORT_SCHEDULE_STATUSES', r.status)}
      </StatusTag>
    ),
    actions: (r) => (
      <Space size={4} wrap>
        <GuardedButton
          size="small"
          blocked={opts.blocked}
          onClick={() => opts.onAction('edit', r)}
          aria-label={t('schedulesTable.editOf', { name: r.name })}
        >
          {t('schedulesTable.edit')}
        </GuardedButton>
        {r.status === 'ACTIVE' ? (
          <GuardedButton
            size="small"
            blocked={opts.blocked}
            onClick={() => opts.onAction('pause', r)}
            aria-label={t('schedulesTable.pauseOf', { name: r.name })}
          >
            {t('schedulesTable.pause')}
          </GuardedButton>
        ) : (
          <GuardedButton
            size="small"
            blocked={opts.blocked}
            loading={opts.busyId === r.scheduleId}
            onClick={() => opts.onAction('resume', r)}
            aria-label={t('schedulesTable.resumeOf', { name: r.name })}
          >
            {t('schedulesTable.resume')}
          </GuardedButton>
        )}
        {opts.blocked ? null : (
          <Button
            size="small"
            danger
            onClick={() => opts.onAction('delete', r)}
            aria-label={t('schedulesTable.deleteOf', { name: r.name })}
          >
            {t('schedulesTable.delete')}
          </Button>
        )}
      </Space>
    ),
  };
  return { cells };
}
