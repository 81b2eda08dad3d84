import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, Radio, Select, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import {
  REPORT_SCHEDULE_FREQUENCIES,
  REPORT_SCHEDULE_NAME_MAX,
  type ReportScheduleFrequency,
  type ReportScheduleRecipient,
  type ReportScheduleRecord,
} from '@mbo/contracts/report-schedules';
import { EXPORT_FORMATS, type ExportFormat, type ReportCentreType } from '@mbo/contracts/reports';
import { RefusalAlert } from '@/components/refusal-alert';
import { useLabel } from '@/i18n/use-label';
import { useGlobalState } from '@/lib/global-state';
import { ApiError } from '@/lib/http/request';
import { browserTimeZone, isValidTimeZone } from '@/lib/zone-formatters';
import {
  createSchedule,
  scheduleKeys,
  scheduleRecipientsQueryOptions,
  updateSchedule,
} from '../api/report-schedules-api';
import { exportTypesFor, timeZoneOptions, type ExportFormValues } from '../utils/export-form';
import {
  monthDayLabel,
  newScheduleValues,
  scheduleValuesOf,
  toScheduleRequest,
  validateSchedule,
  weekdayLabel,
  type ScheduleField,
  type ScheduleFormValues,
} from '../utils/schedule-form';
import ExportColumnsField from './export-columns-field';
import ExportFilterFields from './export-filter-fields';

/** The fields that show a refusal of the server beside them; any other refusal shows above the form. */
const SHOWN_FIELDS = ['name', 'filters', 'columns', 'dayOfWeek', 'dayOfMonth', 'time', 'timeZone', 'recipientIds'];

export interface ScheduleDrawerProps {
  /** Open for a new schedule ('new') or to edit one; closed with null. */
  editing: ReportScheduleRecord | 'new' | null;
  onClose: () => void;
}

/**
 * "Schedule report": the report (type, format, its list's filters and columns as the export form has them), when
 * it runs (daily, weekly or monthly at a time of a zone) and who gets it (members who may read it). The checks of
 * schedule-form.ts show beside each field; a refusal of the server stays in the drawer.
 */
export default function ScheduleDrawer({ editing, onClose }: ScheduleDrawerProps) {
  const { t } = useTranslation('reports', { keyPrefix: 'drawer' });
  const title = editing && editing !== 'new' ? t('titleEdit', { name: editing.name }) : t('titleNew');
  return (
    <Drawer open={editing !== null} onClose={onClose} title={title} size={640} destroyOnHidden>
      {editing !== null ? <ScheduleForm editing={editing} onClose={onClose} /> : null}
    </Drawer>
  );
}

/**
 * The members who may receive the report, and the schedule's own recipients who no longer may (named, so that
 * they can be taken off: the server refuses to save them).
 */
function recipientOptions(eligible: ReportScheduleRecipient[], current: ReportScheduleRecipient[], t: TFunction) {
  const label = (m: ReportScheduleRecipient) => {
    const email = m.email ?? t('schedulesTable.formerMember');
    return m.name ? `${m.name} (${email})` : email;
  };
  return [
    ...eligible.map((m) => ({ value: m.userId, label: label(m) })),
    ...current
      .filter((m) => !eligible.some((e) => e.userId === m.userId))
      .map((m) => ({ value: m.userId, label: t('drawer.noLongerMay', { member: label(m) }) })),
  ];
}

function fieldOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const fields = (error.envelope?.data as { fields?: { field?: string }[] } | null)?.fields;
  return fields?.[0]?.field?.split('.')[0];
}

function ScheduleForm({ editing, onClose }: { editing: ReportScheduleRecord | 'new'; onClose: () => void }) {
  const { t: tReports } = useTranslation('reports');
  const { t } = useTranslation('reports', { keyPrefix: 'drawer' });
  const label = useLabel();
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: weekdayLabel(d, tReports) }));
  const monthDays = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: monthDayLabel(i + 1, tReports) }));
  const { user, authUrls } = useGlobalState();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const offered = exportTypesFor(authUrls);
  const zone = isValidTimeZone(user?.timeZone) ? user.timeZone : browserTimeZone();
  const [values, setValues] = useState<ScheduleFormValues>(() =>
    editing === 'new' ? newScheduleValues(offered[0] ?? 'PAYMENTS', zone, user?.userId) : scheduleValuesOf(editing),
  );
  const [checked, setChecked] = useState(false);
  const set = (patch: Partial<ScheduleFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const errors = checked ? validateSchedule(values, tReports) : {};
  const zones = useMemo(() => timeZoneOptions(values.timeZone), [values.timeZone]);
  const recipients = useQuery(scheduleRecipientsQueryOptions(values.type));

  const save = useMutation({
    mutationFn: () => {
      const body = toScheduleRequest(values);
      return editing === 'new' ? createSchedule(body) : updateSchedule({ scheduleId: editing.scheduleId, ...body });
    },
    onSuccess: (saved) => {
      void message.success(t(editing === 'new' ? 'created' : 'saved', { name: saved.name }));
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
    },
  });
  const refusedField = save.isError ? fieldOf(save.error) : undefined;
  /** A field's own check, else the server's refusal when it names that field. */
  const status = (field: ScheduleField | 'filters') => {
    const own = field === 'filters' ? undefined : errors[field];
    if (own) return { validateStatus: 'error' as const, help: own };
    if (refusedField === field) return { validateStatus: 'error' as const, help: (save.error as Error).message };
    return {};
  };
  const submit = () => {
    setChecked(true);
    if (Object.keys(validateSchedule(values, tReports)).length === 0) save.mutate();
  };
  const changeType = (type: ReportCentreType) => {
    // Another list: its own filters and columns; the recipients who may read it are asked again.
    const eligible = queryClient.getQueryData<{ userId: string }[]>(scheduleKeys.recipients(type));
    set({
      type,
      filters: {},
      columns: undefined,
      recipientIds: eligible
        ? values.recipientIds.filter((id) => eligible.some((m) => m.userId === id))
        : values.recipientIds,
    });
  };

  return (
    <Form layout="vertical" aria-label={editing === 'new' ? t('titleNew') : t('formEdit')} onFinish={submit}>
      {save.isError && !(refusedField && SHOWN_FIELDS.includes(refusedField)) ? (
        <RefusalAlert error={save.error} fallback={t('saveFailed')} />
      ) : null}
      <Form.Item label={t('name')} htmlFor="schedule-name" required {...status('name')}>
        <Input
          id="schedule-name"
          value={values.name}
          maxLength={REPORT_SCHEDULE_NAME_MAX}
          placeholder={t('namePlaceholder', {
            frequency: label('REPORT_SCHEDULE_FREQUENCIES', values.frequency),
            type: label('EXPORT_TYPES', values.type).toLowerCase(),
          })}
          onChange={(e) => set({ name: e.target.value })}
        />
      </Form.Item>
      <Space wrap size={[24, 0]} align="start">
        <Form.Item label={t('report')} htmlFor="schedule-type">
          <Select
            id="schedule-type"
            aria-label={t('report')}
            style={{ minWidth: 220 }}
            value={values.type}
            options={offered.map((type) => ({ value: type, label: label('EXPORT_TYPES', type) }))}
            onChange={changeType}
          />
        </Form.Item>
        <Form.Item label={t('format')}>
          <Radio.Group
            name="scheduleFormat"
            optionType="button"
            buttonStyle="solid"
            aria-label={t('format')}
            value={values.format}
            options={EXPORT_FORMATS.map((f) => ({ value: f, label: f }))}
            onChange={(e) => set({ format: e.target.value as ExportFormat })}
          />
        </Form.Item>
      </Space>
      <Form.Item label={t('filters')} {...status('filters')}>
        <ExportFilterFields
          type={values.type}
          values={values.filters}
          onChange={(patch) =>
            setValues((v) => ({
              ...v,
              filters: (typeof patch === 'function'
                ? patch(v.filters)
                : { ...v.filters, ...patch }) as ExportFormValues,
            }))
          }
        />
      </Form.Item>
      <Form.Item label={t('columns')} {...status('columns')}>
        <ExportColumnsField type={values.type} value={values.columns} onChange={(columns) => set({ columns })} />
      </Form.Item>
      <Form.Item
        label={t('frequency')}
        extra={t('covers', { period: tReports(`frequency.period.${values.frequency}`) })}
      >
        <Radio.Group
          name="scheduleFrequency"
          optionType="button"
          buttonStyle="solid"
          aria-label={t('frequency')}
          value={values.frequency}
          options={REPORT_SCHEDULE_FREQUENCIES.map((f) => ({
            value: f,
            label: label('REPORT_SCHEDULE_FREQUENCIES', f),
          }))}
          onChange={(e) => set({ frequency: e.target.value as ReportScheduleFrequency })}
        />
      </Form.Item>
      <Space wrap size={[24, 0]} align="start">
        {values.frequency === 'WEEKLY' ? (
          <Form.Item label={t('dayOfWeek')} htmlFor="schedule-weekday" {...status('dayOfWeek')}>
            <Select
              id="schedule-weekday"
              aria-label={t('dayOfWeek')}
              style={{ minWidth: 160 }}
              value={values.dayOfWeek}
              options={weekdays}
              onChange={(dayOfWeek: number) => set({ dayOfWeek })}
            />
          </Form.Item>
        ) : null}
        {values.frequency === 'MONTHLY' ? (
          <Form.Item
            label={t('dayOfMonth')}
            htmlFor="schedule-month-day"
            extra={values.dayOfMonth && values.dayOfMonth > 28 ? t('shorterMonths') : undefined}
            {...status('dayOfMonth')}
          >
            <Select
              id="schedule-month-day"
              aria-label={t('dayOfMonth')}
              style={{ minWidth: 120 }}
              value={values.dayOfMonth}
              options={monthDays}
              onChange={(dayOfMonth: number) => set({ dayOfMonth })}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('time')} htmlFor="schedule-time" required {...status('time')}>
          <Input
            id="schedule-time"
            value={values.time}
            placeholder="08:00"
            inputMode="numeric"
            maxLength={5}
            style={{ width: 110 }}
            onChange={(e) => set({ time: e.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('timeZone')} htmlFor="schedule-zone" required {...status('timeZone')}>
          <Select
            id="schedule-zone"
            aria-label={t('timeZone')}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 260 }}
            value={values.timeZone}
            options={zones}
            onChange={(timeZone: string) => set({ timeZone })}
          />
        </Form.Item>
      </Space>
      <Form.Item
        label={t('recipients')}
        htmlFor="schedule-recipients"
        required
        extra={t('recipientsHelp')}
        {...status('recipientIds')}
      >
        <Select
          id="schedule-recipients"
          aria-label={t('recipients')}
          mode="multiple"
          loading={recipients.isFetching}
          placeholder={recipients.isError ? t('recipientsFailed') : t('chooseMembers')}
          value={values.recipientIds}
          optionFilterProp="label"
          options={recipientOptions(recipients.data ?? [], editing === 'new' ? [] : editing.recipients, tReports)}
          onChange={(recipientIds: string[]) => set({ recipientIds })}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('mailNote')}</Typography.Paragraph>
      <div className="mbo-export-form__submit">
        <Space>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing === 'new' ? t('create') : t('save')}
          </Button>
        </Space>
      </div>
    </Form>
  );
}
