import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import StatusTag from '@/components/list/status-tag';
import { useLabel } from '@/i18n/use-label';
import { formatZonedDateTime } from '@/lib/format-time';
import { exportQueryOptions } from '../api/get-export';
import { formatBytes } from '../utils/export-form';
import { DownloadButton, EXPORT_TONE } from './exports-table';

/**
 * The report a scheduled report's email links to (`?exportId=`): the creator's export, which each recipient may
 * open and download while their role may export its type (the server checks it).
 */
export default function SharedExportCard({ exportId }: { exportId: string }) {
  const { t } = useTranslation('reports', { keyPrefix: 'shared' });
  const label = useLabel();
  const report = useQuery(exportQueryOptions(exportId));
  const r = report.data;
  return (
    <section className="mbo-export-card" aria-labelledby="mbo-shared-export">
      <Typography.Title level={2} id="mbo-shared-export" className="mbo-export-card__title">
        {t('title')}
      </Typography.Title>
      {report.isError ? (
        <Alert type="warning" showIcon title={t('openFailed')} description={t('openFailedHint')} />
      ) : !r ? (
        <div role="status" aria-label={t('loading')}>
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        </div>
      ) : (
        <Space orientation="vertical" size={8}>
          <Typography.Text>
            <Typography.Text strong>{label('EXPORT_TYPES', r.type)}</Typography.Text>{' '}
            {label('EXPORT_FORMATS', r.format)} · {formatZonedDateTime(r.createdFrom, r.timeZone, 'minute')} –{' '}
            {formatZonedDateTime(r.createdTo, r.timeZone, 'minute')}
          </Typography.Text>
          <Space wrap>
            <StatusTag tone={EXPORT_TONE[r.status]}>{label('EXPORT_STATUSES', r.status)}</StatusTag>
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
