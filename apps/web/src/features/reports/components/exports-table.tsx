import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import { Button, Progress, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ExportRecord } from '@mbo/contracts/reports';
import type { ExportListColumnKey } from '@mbo/contracts/lists/exports-list';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { formatDateTime } from '@/lib/format-time';
import { displayNumber } from '@/lib/formats';
import type { LabelKind } from '@/i18n/use-label';
import { downloadExport } from '../api/download-export';
import { formatBytes } from '../utils/export-form';

export const EXPORT_TONE: Record<ExportRecord['status'], StatusTone> = {
  QUEUED: 'default',
  RUNNING: 'processing',
  SUCCESS: 'success',
  FAILED: 'error',
  EXPIRED: 'default',
};
/** The key (under reports:table) of why an export cannot be downloaded yet. */
const NOT_READY: Partial<Record<ExportRecord['status'], 'failed' | 'expired'>> = {
  FAILED: 'failed',
  EXPIRED: 'expired',
};

/** The words of codes in the language in force (useLabel's). */
export type Label = (kind: LabelKind, code: string) => string;

/** Downloads a finished export; disabled, with the reason, until it is ready. */
export function DownloadButton({ record }: { record: ExportRecord }) {
  const { t } = useTranslation('reports', { keyPrefix: 'table' });
  const [busy, setBusy] = useState(false);
  const ready = record.status === 'SUCCESS';
  const button = (
    <Button
      icon={<DownloadOutlined />}
      disabled={!ready}
      loading={busy}
      aria-label={t('downloadOf', { name: record.fileName ?? record.exportId })}
      onClick={() => {
        setBusy(true);
        downloadExport(record.exportId)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('download')}
    </Button>
  );
  return ready ? (
    button
  ) : (
    <Tooltip title={t(NOT_READY[record.status] ?? 'notReady')}>
      <span>{button}</span>
    </Tooltip>
  );
}

const day = (iso: string, tz: string | null | undefined) => formatDateTime(iso, tz).slice(0, 10);

/**
 * How the report centre's exports list shows each column of EXPORTS_LIST: live progress and a download per finished
 * file.
 */
export function exportsTable(
  timeZone: string | null | undefined,
  t: TFunction,
  label: Label,
): Pick<ListTableProps<ExportRecord>, 'cells' | 'titles'> {
  const cells: Record<ExportListColumnKey, (r: ExportRecord) => React.ReactNode> = {
    export: (r) => (
      <>
        <Typography.Text strong>{label('EXPORT_TYPES', r.type)}</Typography.Text>{' '}
        <Typography.Text type="secondary">{label('EXPORT_FORMATS', r.format)}</Typography.Text>
        <span className="mbo-list-sub">{r.fileName ?? r.exportId}</span>
      </>
    ),
    range: (r) => (
      <span className="mbo-list-nowrap">
        {day(r.createdFrom, timeZone)} – {day(r.createdTo, timeZone)}
        <span className="mbo-list-sub">{t('table.timesIn', { zone: r.timeZone })}</span>
      </span>
    ),
    status: (r) => <StatusTag tone={EXPORT_TONE[r.status]}>{label('EXPORT_STATUSES', r.status)}</StatusTag>,
    progress: (r) =>
      r.status === 'FAILED' ? (
        <Typography.Text type="danger">{r.error ?? t('table.failedShort')}</Typography.Text>
      ) : (
        <Progress
          percent={r.progress}
          size="small"
          status={r.status === 'SUCCESS' ? 'success' : r.status === 'RUNNING' ? 'active' : 'normal'}
          aria-label={t('table.progressOf', { id: r.exportId })}
        />
      ),
    rows: (r) => (
      <span className="mbo-list-nowrap">
        {r.totalRows === null
          ? '—'
          : r.status === 'SUCCESS'
            ? displayNumber(r.totalRows)
            : `${displayNumber(r.processedRows)} / ${displayNumber(r.totalRows)}`}
      </span>
    ),
    size: (r) => <span className="mbo-list-nowrap">{formatBytes(r.fileSize)}</span>,
    createdAt: (r) => (
      <span className="mbo-list-nowrap">
        {formatDateTime(r.createdAt, timeZone)}
        <span className="mbo-list-sub">
          {r.finishedAt ? t('table.finished', { at: formatDateTime(r.finishedAt, timeZone) }) : t('table.notFinished')}
        </span>
      </span>
    ),
    download: (r) => <DownloadButton record={r} />,
  };
  return {
    cells,
    titles: {
      createdAt: <TimeColumnTitle title={t('table.created')} timeZone={timeZone} />,
      download: <span className="mbo-list-sr-only">{t('table.download')}</span>,
    },
  };
}
