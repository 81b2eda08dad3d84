import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Radio, Select, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import { EXPORT_FORMATS, type ExportType } from '@mbo/contracts/reports';
import DateRangeFilter from '@/components/list/date-range-filter';
import { useLabel } from '@/i18n/use-label';
import { useGlobalState } from '@/lib/global-state';
import { useUrlFilters } from '@/lib/use-url-filters';
import { createExport } from '../api/create-export';
import { exportKeys } from '../api/export-keys';
import {
  EXPORT_FORM_SPEC,
  type ExportFormValues,
  dayRangeOf,
  exportFormatOf,
  exportTimeZoneOf,
  exportTypeOf,
  exportTypesFor,
  rangeProblem,
  timeZoneOptions,
  toCreateExportRequest,
} from '../utils/export-form';
import ExportColumnsField from './export-columns-field';
import ExportFilterFields from './export-filter-fields';

/**
 * "New export": type, date range, the type's list filters, columns, time zone and format. The form
 * lives in the URL (the lists link here with their filters), so a reload keeps it.
 */
export default function NewExportForm() {
  const { t } = useTranslation('reports', { keyPrefix: 'form' });
  const label = useLabel();
  const { user, hasPermission, authUrls } = useGlobalState();
  const offered = exportTypesFor(authUrls);
  const queryClient = useQueryClient();
  const { filters, setFilters } = useUrlFilters(EXPORT_FORM_SPEC);
  const values = filters as ExportFormValues;
  const [columns, setColumns] = useState<Partial<Record<ExportType, string[]>>>({});
  const merchantZone = user?.timeZone;
  const type = exportTypeOf(values, offered);
  const range = dayRangeOf(values, merchantZone);
  const problem = rangeProblem(range);
  const timeZone = exportTimeZoneOf(values, merchantZone);
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const canExport = hasPermission('API_REPORT_EXPORT');

  const create = useMutation({
    mutationFn: () => createExport(toCreateExportRequest(values, columns[type] ?? [], merchantZone, merchantZone)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportKeys.lists() }),
  });

  const submit = (
    <Button
      type="primary"
      htmlType="submit"
      icon={<DownloadOutlined />}
      loading={create.isPending}
      disabled={!canExport || problem !== null || columns[type]?.length === 0}
    >
      {t('start')}
    </Button>
  );

  return (
    <Form layout="vertical" className="mbo-export-form" onFinish={() => create.mutate()} aria-label={t('ariaLabel')}>
      <div className="mbo-export-form__row">
        <Form.Item label={t('exportType')} className="mbo-export-form__item">
          <Radio.Group
            name="exportType"
            optionType="button"
            buttonStyle="solid"
            value={type}
            options={offered.map((type) => ({ value: type, label: label('EXPORT_TYPES', type) }))}
            onChange={(e) => setFilters({ type: e.target.value as string })}
          />
        </Form.Item>
        <Form.Item
          label={t('createdDateIn', { zone: merchantZone ?? t('yourZone') })}
          className="mbo-export-form__item"
        >
          <DateRangeFilter
            label={t('createdDate')}
            timeZone={merchantZone}
            value={range}
            onChange={(r) => setFilters({ from: r.from, to: r.to })}
          />
        </Form.Item>
        <Form.Item label={t('format')} className="mbo-export-form__item">
          <Radio.Group
            name="exportFormat"
            optionType="button"
            value={exportFormatOf(values)}
            options={EXPORT_FORMATS.map((f) => ({ value: f, label: f }))}
            onChange={(e) => setFilters({ format: e.target.value as string })}
          />
        </Form.Item>
        <Form.Item label={t('fileZone')} className="mbo-export-form__item mbo-export-form__zone">
          <Select
            aria-label={t('timeZone')}
            showSearch={{ optionFilterProp: 'label' }}
            value={timeZone}
            options={zones}
            onChange={(tz: string) => setFilters({ tz: tz === merchantZone ? undefined : tz })}
          />
        </Form.Item>
      </div>
      {problem ? <Alert type="warning" showIcon title={t(problem)} className="mbo-export-form__alert" /> : null}
      <Form.Item label={t('filters')}>
        <ExportFilterFields type={type} values={values} onChange={setFilters} />
      </Form.Item>
      <Form.Item label={t('columns')}>
        <ExportColumnsField
          type={type}
          value={columns[type]}
          onChange={(keys) => setColumns((c) => ({ ...c, [type]: keys }))}
        />
      </Form.Item>
      <div className="mbo-export-form__submit">
        {canExport ? (
          submit
        ) : (
          <Tooltip title={t('noPermission')}>
            <span>{submit}</span>
          </Tooltip>
        )}
      </div>
    </Form>
  );
}
