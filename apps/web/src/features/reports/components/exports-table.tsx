import { useState } from 'react';
import { Button, Progress, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import type { ExportRecord } from '@mbo/contracts/reports';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { formatDateTime } from '@/lib/format-time';
import { downloadExport } from '../api/download-export';
import { TYPE_LABEL, formatBytes } from '../utils/export-form';

const STATUS: Record<ExportRecord['status'], { tone: StatusTone; label: string }> = {
  QUEUED: { tone: 'default', label: 'Queued' },
  RUNNING: { tone: 'processing', label: 'Running' },
  SUCCESS: { tone: 'success', label: 'Ready' },
  FAILED: { tone: 'error', label: 'Failed' },
};

export interface ExportsTableProps {
  records: ExportRecord[] | undefined;
  total: number;
  loading: boolean;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number, pageSize: number) => void;
  timeZone: string | null | undefined;
  empty: React.ReactNode;
}

function DownloadButton({ record }: { record: ExportRecord }) {
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
        downloadExport(record.exportId).catch(() => undefined).finally(() => setBusy(false));
      }}
    >
      Download
    </Button>
  );
  return ready ? button : <Tooltip title={record.status === 'FAILED' ? 'This export failed.' : 'Available when the export is ready.'}><span>{button}</span></Tooltip>;
}

/** The user's exports with live progress and a download per finished file. */
export default function ExportsTable({ records, total, loading, pageNum, pageSize, onPage, timeZone, empty }: ExportsTableProps) {
  const columns: ColumnsType<ExportRecord> = [
    {
      title: 'Export',
      key: 'export',
      render: (_, r) => (
        <>
          <Typography.Text strong>{TYPE_LABEL[r.type] ?? r.type}</Typography.Text> <Typography.Text type="secondary">{r.format}</Typography.Text>
          <span className="mbo-export-sub">{r.fileName ?? r.exportId}</span>
        </>
      ),
    },
    {
      title: 'Date range',
      key: 'range',
      render: (_, r) => (
        <span className="mbo-export-nowrap">
          {formatDateTime(r.createdFrom, timeZone).slice(0, 10)} – {formatDateTime(r.createdTo, timeZone).slice(0, 10)}
          <span className="mbo-export-sub">Times in {r.timeZone}</span>
        </span>
      ),
    },
    { title: 'Status', key: 'status', render: (_, r) => <StatusTag tone={STATUS[r.status].tone}>{STATUS[r.status].label}</StatusTag> },
    {
      title: 'Progress',
      key: 'progress',
      width: 180,
      render: (_, r) =>
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
    },
    {
      title: 'Rows',
      key: 'rows',
      align: 'right',
      render: (_, r) => (
        <span className="mbo-export-nowrap">
          {r.totalRows === null ? '—' : r.status === 'SUCCESS' ? r.totalRows.toLocaleString('en-US') : `${r.processedRows.toLocaleString('en-US')} / ${r.totalRows.toLocaleString('en-US')}`}
        </span>
      ),
    },
    { title: 'Size', key: 'size', align: 'right', render: (_, r) => <span className="mbo-export-nowrap">{formatBytes(r.fileSize)}</span> },
    {
      title: `Created (${timeZone ?? 'local'})`,
      key: 'createdAt',
      render: (_, r) => (
        <span className="mbo-export-nowrap">
          {formatDateTime(r.createdAt, timeZone)}
          <span className="mbo-export-sub">{r.finishedAt ? `Finished ${formatDateTime(r.finishedAt, timeZone)}` : 'Not finished yet'}</span>
        </span>
      ),
    },
    { title: '', key: 'download', align: 'right', render: (_, r) => <DownloadButton record={r} /> },
  ];
  return (
    <Table<ExportRecord>
      rowKey="exportId"
      size="middle"
      columns={columns}
      dataSource={records}
      loading={loading && !records}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      pagination={{
        current: pageNum,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50],
        showTotal: (n) => `${n} export${n === 1 ? '' : 's'}`,
        onChange: onPage,
      }}
    />
  );
}
