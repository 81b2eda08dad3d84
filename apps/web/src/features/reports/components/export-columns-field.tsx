import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { ExportColumn, ExportType } from '@mbo/contracts/reports';
import { exportColumnsQueryOptions } from '../api/get-export-columns';

export interface ExportColumnsFieldProps {
  type: ExportType;
  /** Chosen keys; undefined means the type's defaults. */
  value: string[] | undefined;
  onChange: (keys: string[] | undefined) => void;
}

export function defaultColumnKeys(columns: ExportColumn[]): string[] {
  return columns.filter((c) => c.default).map((c) => c.key);
}

/** The columns of the file: a checkbox per column, the defaults preselected, in the type's order. */
export default function ExportColumnsField({ type, value, onChange }: ExportColumnsFieldProps) {
  const { t } = useTranslation('reports', { keyPrefix: 'columnsField' });
  const query = useQuery(exportColumnsQueryOptions(type));
  const columns = query.data?.columns;
  if (!columns)
    return query.isError ? (
      <Typography.Text type="danger">{t('loadFailed')}</Typography.Text>
    ) : (
      <Skeleton active paragraph={{ rows: 2 }} title={false} />
    );
  const chosen = value ?? defaultColumnKeys(columns);
  return (
    <div className="mbo-export-columns">
      <Checkbox.Group
        aria-label={t('ariaLabel')}
        value={chosen}
        options={columns.map((c) => ({ value: c.key, label: c.label }))}
        // Keep the type's column order whatever the click order.
        onChange={(keys) => onChange(columns.map((c) => c.key).filter((k) => keys.includes(k)))}
      />
      <Space size={4} className="mbo-export-columns__actions">
        <Typography.Text type="secondary">
          {t('count', { chosen: chosen.length, total: columns.length })}
        </Typography.Text>
        <Button type="link" size="small" onClick={() => onChange(columns.map((c) => c.key))}>
          {t('all')}
        </Button>
        <Button type="link" size="small" onClick={() => onChange(undefined)}>
          {t('defaults')}
        </Button>
      </Space>
    </div>
  );
}
