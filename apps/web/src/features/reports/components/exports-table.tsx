import { useState } from 'react';
import { Button, Progress, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { codeLabel, EXPORT_FORMAT_LABELS } from '@mbo/contracts/code-labels';
import type { ExportRecord } from '@mbo/contracts/reports';
import { EXPORT_STATUS_LABELS } from '@mbo/contracts/status-labels';
import type { ExportListColumnKey } from '@mbo/contracts/lists/exports-list';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { formatDateTime } from '@/lib/format-time';
import { downloadExport } from '../api/download-export';
import { TYPE_LABEL, formatBytes } from '../utils/export-form';

export const EXPORT_TONE: Record<ExportRecord['status'], StatusTone> = {
  QUEUED: 'default',
  RUNNING: 'processing',
  SUCCESS: 'success',
  FAILED: 'error',
  EXPIRED: 'default',
};
const NOT_READY: Partial<Record<ExportRecord['status'], string>> = {
  FAILED: 'This export failed.',
  EXPIRED: 'This file was deleted after its retention period. Start the export again.',
};

/** Downloads a finished export; disabled, with the reason, until it is ready. */
export function DownloadButton({ record }: { record: ExportRecord }) {
  const [busy, setBusy] = useState(false);
  const ready = record.status === 'SUCCESS';
  const button = (
    <Button
      icon={<DownloadOutlined />}
      disabled={!ready}
      loading={busy}
      aria-label={`Download ${record.fileName ?? record.exportId}`}
      onClick={() => {
        setBusy(true);
        downloadExport(record.exportId)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      Download
    </Button>
  );
  return ready ? (
    button
  ) : (
    <Tooltip title={NOT_READY[record.status] ?? 'Available when the export is ready.'}>
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
): Pick<ListTableProps<ExportRecord>, 'cells' | 'titles'> {
  const cells: Record<ExportListColumnKey, (r: ExportRecord) => React.ReactNode> = {
    export: (r) => (
      <>
        <Typography.Text strong>{TYPE_LABEL[r.type] ?? r.type}</Typography.Text>{' '}
        <Typography.Text type="secondary">{codeLabel(EXPORT_FORMAT_LABELS, r.format)}</Typography.Text>
        <span className="mbo-list-sub">{r.fileName ?? r.exportId}</span>
      </>
    ),
    range: (r) => (
      <span className="mbo-list-nowrap">
        {day(r.createdFrom, timeZone)} – {day(r.createdTo, timeZone)}
        <span className="mbo-list-sub">Times in {r.timeZone}</span>
      </span>
    ),
    status: (r) => <StatusTag tone={EXPORT_TONE[r.status]}>{EXPORT_STATUS_LABELS[r.status] ?? r.status}</StatusTag>,
    progress: (r) =>
      r.status === 'FAILED' ? (
        <Typography.Text type="danger">{r.error ?? 'Failed'}</Typography.Text>
      ) : (
        <Progress
          percent={r.progress}
          size="small"
          status={r.status === 'SUCCESS' ? 'success' : r.status === 'RUNNING' ? 'active' : 'normal'}
          aria-label={`Progress of ${r.exportId}`}
        />
      ),
    rows: (r) => (
      <span className="mbo-list-nowrap">
        {r.totalRows === null
          ? '—'
          : r.status === 'SUCCESS'
            ? r.totalRows.toLocaleString('en-US')
            : `${r.processedRows.toLocaleString('en-US')} / ${r.totalRows.toLocaleString('en-US')}`}
      </span>
    ),
    size: (r) => <span className="mbo-list-nowrap">{formatBytes(r.fileSize)}</span>,
    createdAt: (r) => (
      <span className="mbo-list-nowrap">
        {formatDateTime(r.createdAt, timeZone)}
        <span className="mbo-list-sub">
          {r.finishedAt ? `Finished ${formatDateTime(r.finishedAt, timeZone)}` : 'Not finished yet'}
        </span>
      </span>
    ),
    download: (r) => <DownloadButton record={r} />,
  };
  return {
    cells,
    titles: {
      createdAt: <TimeColumnTitle title="Created" timeZone={timeZone} />,
      download: <span className="mbo-list-sr-only">Download</span>,
    },
  };
}
