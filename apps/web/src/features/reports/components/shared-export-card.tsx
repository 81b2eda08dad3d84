import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Space, Typography } from 'antd';
import { EXPORT_FORMAT_LABELS, codeLabel } from '@mbo/contracts/code-labels';
import { EXPORT_STATUS_LABELS } from '@mbo/contracts/status-labels';
import StatusTag from '@/components/list/status-tag';
import { formatZonedDateTime } from '@/lib/format-time';
import { exportQueryOptions } from '../api/get-export';
import { TYPE_LABEL, formatBytes } from '../utils/export-form';
import { DownloadButton, EXPORT_TONE } from './exports-table';

/**
 * The report a scheduled report's email links to (`?exportId=`): the creator's export, which each recipient may
 * open and download while their role may export its type (the server checks it).
 */
export default function SharedExportCard({ exportId }: { exportId: string }) {
  const report = useQuery(exportQueryOptions(exportId));
  const r = report.data;
  return (
    <section className="mbo-export-card" aria-labelledby="mbo-shared-export">
      <Typography.Title level={2} id="mbo-shared-export" className="mbo-export-card__title">
        Your report
      </Typography.Title>
      {report.isError ? (
        <Alert
          type="warning"
          showIcon
          title="This report could not be opened."
          description="It may belong to another merchant (switch to it in the header), its file may have expired, or your role may no longer export this report."
        />
      ) : !r ? (
        <div role="status" aria-label="Loading the report">
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        </div>
      ) : (
        <Space orientation="vertical" size={8}>
          <Typography.Text>
            <Typography.Text strong>{TYPE_LABEL[r.type] ?? r.type}</Typography.Text>{' '}
            {codeLabel(EXPORT_FORMAT_LABELS, r.format)} · {formatZonedDateTime(r.createdFrom, r.timeZone, 'minute')} –{' '}
            {formatZonedDateTime(r.createdTo, r.timeZone, 'minute')}
          </Typography.Text>
          <Space wrap>
            <StatusTag tone={EXPORT_TONE[r.status]}>{EXPORT_STATUS_LABELS[r.status] ?? r.status}</StatusTag>
            {r.fileName ? (
              <Typography.Text type="secondary">
                {r.fileName} · {formatBytes(r.fileSize)}
              </Typography.Text>
            ) : null}
            <DownloadButton record={r} />
          </Space>
        </Space>
      )}
    </section>
  );
}
