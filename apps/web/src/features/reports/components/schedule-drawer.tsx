import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, Radio, Select, Space, Typography } from 'antd';
import {
  REPORT_SCHEDULE_FREQUENCIES,
  REPORT_SCHEDULE_FREQUENCY_LABELS,
  REPORT_SCHEDULE_NAME_MAX,
  REPORT_SCHEDULE_PERIODS,
  ordinalDay,
  weekdayName,
  type ReportScheduleFrequency,
  type ReportScheduleRecipient,
  type ReportScheduleRecord,
} from '@mbo/contracts/report-schedules';
import { EXPORT_FORMATS, type ExportFormat, type ReportCentreType } from '@mbo/contracts/reports';
import { RefusalAlert } from '@/components/refusal-alert';
import { useGlobalState } from '@/lib/global-state';
import { ApiError } from '@/lib/http/request';
import { browserTimeZone, isValidTimeZone } from '@/lib/zone-formatters';
import {
  createSchedule,
  scheduleKeys,
  scheduleRecipientsQueryOptions,
  updateSchedule,
} from '../api/report-schedules-api';
import { TYPE_LABEL, exportTypesFor, timeZoneOptions, type ExportFormValues } from '../utils/export-form';
import {
  newScheduleValues,
  scheduleValuesOf,
  toScheduleRequest,
  validateSchedule,
  type ScheduleField,
  type ScheduleFormValues,
} from '../utils/schedule-form';
import ExportColumnsField from './export-columns-field';
import ExportFilterFields from './export-filter-fields';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: weekdayName(d) }));
/** The fields that show a refusal of the server beside them; any other refusal shows above the form. */
const SHOWN_FIELDS = ['name', 'filters', 'columns', 'dayOfWeek', 'dayOfMonth', 'time', 'timeZone', 'recipientIds'];
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: ordinalDay(i + 1) }));

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
  const title = editing === 'new' ? 'Schedule report' : editing ? `Edit ${editing.name}` : 'Schedule report';
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
function recipientOptions(eligible: ReportScheduleRecipient[], current: ReportScheduleRecipient[]) {
  const label = (m: ReportScheduleRecipient) => (m.name ? `${m.name} (${m.email})` : m.email);
  return [
    ...eligible.map((m) => ({ value: m.userId, label: label(m) })),
    ...current
      .filter((m) => !eligible.some((e) => e.userId === m.userId))
      .map((m) => ({ value: m.userId, label: `${label(m)}: no longer may read this report` })),
  ];
}

function fieldOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const fields = (error.envelope?.data as { fields?: { field?: string }[] } | null)?.fields;
  return fields?.[0]?.field?.split('.')[0];
}

function ScheduleForm({ editing, onClose }: { editing: ReportScheduleRecord | 'new'; onClose: () => void }) {
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
  const errors = checked ? validateSchedule(values) : {};
  const zones = useMemo(() => timeZoneOptions(values.timeZone), [values.timeZone]);
  const recipients = useQuery(scheduleRecipientsQueryOptions(values.type));

  const save = useMutation({
    mutationFn: () => {
      const body = toScheduleRequest(values);
      return editing === 'new' ? createSchedule(body) : updateSchedule({ scheduleId: editing.scheduleId, ...body });
    },
    onSuccess: (saved) => {
      void message.success(editing === 'new' ? `Schedule "${saved.name}" created.` : `Schedule "${saved.name}" saved.`);
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
    if (Object.keys(validateSchedule(values)).length === 0) save.mutate();
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
    <Form layout="vertical" aria-label={editing === 'new' ? 'Schedule report' : 'Edit schedule'} onFinish={submit}>
      {save.isError && !(refusedField && SHOWN_FIELDS.includes(refusedField)) ? (
        <RefusalAlert error={save.error} fallback="The schedule could not be saved. Please try again." />
      ) : null}
      <Form.Item label="Schedule name" htmlFor="schedule-name" required {...status('name')}>
        <Input
          id="schedule-name"
          value={values.name}
          maxLength={REPORT_SCHEDULE_NAME_MAX}
          placeholder={`${REPORT_SCHEDULE_FREQUENCY_LABELS[values.frequency]} ${TYPE_LABEL[values.type].toLowerCase()}`}
          onChange={(e) => set({ name: e.target.value })}
        />
      </Form.Item>
      <Space wrap size={[24, 0]} align="start">
        <Form.Item label="Report" htmlFor="schedule-type">
          <Select
            id="schedule-type"
            aria-label="Report"
            style={{ minWidth: 220 }}
            value={values.type}
            options={offered.map((t) => ({ value: t, label: TYPE_LABEL[t] }))}
            onChange={changeType}
          />
        </Form.Item>
        <Form.Item label="Format">
          <Radio.Group
            name="scheduleFormat"
            optionType="button"
            buttonStyle="solid"
            aria-label="Format"
            value={values.format}
            options={EXPORT_FORMATS.map((f) => ({ value: f, label: f }))}
            onChange={(e) => set({ format: e.target.value as ExportFormat })}
          />
        </Form.Item>
      </Space>
      <Form.Item label="Filters" {...status('filters')}>
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
      <Form.Item label="Columns" {...status('columns')}>
        <ExportColumnsField type={values.type} value={values.columns} onChange={(columns) => set({ columns })} />
      </Form.Item>
      <Form.Item
        label="Frequency"
        extra={`Each run covers ${REPORT_SCHEDULE_PERIODS[values.frequency]}, midnight to midnight in the time zone below.`}
      >
        <Radio.Group
          name="scheduleFrequency"
          optionType="button"
          buttonStyle="solid"
          aria-label="Frequency"
          value={values.frequency}
          options={REPORT_SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: REPORT_SCHEDULE_FREQUENCY_LABELS[f] }))}
          onChange={(e) => set({ frequency: e.target.value as ReportScheduleFrequency })}
        />
      </Form.Item>
      <Space wrap size={[24, 0]} align="start">
        {values.frequency === 'WEEKLY' ? (
          <Form.Item label="Day of the week" htmlFor="schedule-weekday" {...status('dayOfWeek')}>
            <Select
              id="schedule-weekday"
              aria-label="Day of the week"
              style={{ minWidth: 160 }}
              value={values.dayOfWeek}
              options={WEEKDAYS}
              onChange={(dayOfWeek: number) => set({ dayOfWeek })}
            />
          </Form.Item>
        ) : null}
        {values.frequency === 'MONTHLY' ? (
          <Form.Item
            label="Day of the month"
            htmlFor="schedule-month-day"
            extra={values.dayOfMonth && values.dayOfMonth > 28 ? 'Shorter months run on their last day.' : undefined}
            {...status('dayOfMonth')}
          >
            <Select
              id="schedule-month-day"
              aria-label="Day of the month"
              style={{ minWidth: 120 }}
              value={values.dayOfMonth}
              options={MONTH_DAYS}
              onChange={(dayOfMonth: number) => set({ dayOfMonth })}
            />
          </Form.Item>
        ) : null}
        <Form.Item label="Time (24 h)" htmlFor="schedule-time" required {...status('time')}>
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
        <Form.Item label="Time zone" htmlFor="schedule-zone" required {...status('timeZone')}>
          <Select
            id="schedule-zone"
            aria-label="Time zone"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 260 }}
            value={values.timeZone}
            options={zones}
            onChange={(timeZone: string) => set({ timeZone })}
          />
        </Form.Item>
      </Space>
      <Form.Item
        label="Recipients"
        htmlFor="schedule-recipients"
        required
        extra="Team members who may export this report. Each run checks their access again; anyone who lost it is skipped and you are told."
        {...status('recipientIds')}
      >
        <Select
          id="schedule-recipients"
          aria-label="Recipients"
          mode="multiple"
          loading={recipients.isFetching}
          placeholder={recipients.isError ? 'The team members could not be loaded.' : 'Choose team members'}
          value={values.recipientIds}
          optionFilterProp="label"
          options={recipientOptions(recipients.data ?? [], editing === 'new' ? [] : editing.recipients)}
          onChange={(recipientIds: string[]) => set({ recipientIds })}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        Recipients get an email with a link to the report in the report centre; the file is never attached.
      </Typography.Paragraph>
      <div className="mbo-export-form__submit">
        <Space>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing === 'new' ? 'Create schedule' : 'Save schedule'}
          </Button>
        </Space>
      </div>
    </Form>
  );
}
