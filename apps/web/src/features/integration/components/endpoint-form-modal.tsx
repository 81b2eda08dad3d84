import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Switch, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { WebhookEndpointRecord } from '@mbo/contracts/integration';
import { createEndpoint, updateEndpoint } from '../api/webhook-endpoints-api';
import { integrationKeys } from '../api/integration-query-keys';
import {
  DESCRIPTION_MAX,
  EMPTY_ENDPOINT_FORM,
  URL_MAX,
  endpointFormErrors,
  endpointFormValues,
  toCreateRequest,
  toUpdateRequest,
  type EndpointFormField,
  type EndpointFormValues,
} from '../utils/endpoint-form';
import { EventChecklist } from './event-checklist';
import { RefusalAlert } from '@/components/refusal-alert';
import FieldItem from '@/components/field-item';

export interface EndpointFormModalProps {
  open: boolean;
  /** The endpoint being edited; null adds one. */
  endpoint: WebhookEndpointRecord | null;
  onClose: () => void;
  /** After a save (e.g. to open the new endpoint). */
  onSaved?: (endpoint: WebhookEndpointRecord) => void;
}

/**
 * Adds or edits a webhook endpoint (API_INTEGRATION_UPDATE): its URL (checked as typed by the
 * contract's rules; the server checks the address again), a description, the events by domain and
 * whether it is on. A refusal (a URL the server will not call, the endpoint limit) stays in the dialog.
 */
export function EndpointFormModal({ open, endpoint, onClose, onSaved }: EndpointFormModalProps) {
  const { message } = App.useApp();
  const { t: tr } = useTranslation('integration');
  const { t } = useTranslation('integration', { keyPrefix: 'form' });
  const queryClient = useQueryClient();
  const ids = useId();
  const initial = () => (endpoint ? endpointFormValues(endpoint) : EMPTY_ENDPOINT_FORM);
  const [values, setValues] = useState<EndpointFormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<EndpointFormField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // Every opening starts from the endpoint (or empty), whatever was typed the time before.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValues(initial());
      setTouched({});
      setSubmitted(false);
    }
  }
  const save = useMutation({
    mutationFn: (v: EndpointFormValues) =>
      endpoint ? updateEndpoint(toUpdateRequest(endpoint.endpointId, v)) : createEndpoint(toCreateRequest(v)),
    onSuccess: (saved) => {
      void message.success(endpoint ? t('saved') : t('added'));
      void queryClient.invalidateQueries({ queryKey: integrationKeys.endpoints() });
      onSaved?.(saved);
      close();
    },
  });
  function close() {
    save.reset();
    onClose();
  }
  const errors = endpointFormErrors(values, tr);
  const errorOf = (f: EndpointFormField) => ((submitted || touched[f]) && errors[f]) || undefined;
  const set = (patch: Partial<EndpointFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    if (save.isError) save.reset();
  };
  const touch = (f: EndpointFormField) => setTouched((was) => ({ ...was, [f]: true }));
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    save.mutate(values);
  };
  const eventsError = errorOf('eventTypes');
  return (
    <Modal
      open={open}
      title={endpoint ? t('editTitle') : t('addTitle')}
      okText={endpoint ? t('save') : t('add')}
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={save.isPending ? undefined : close}
      mask={{ closable: !save.isPending }}
      width={640}
      centered
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <FieldItem label={t('url')} htmlFor={`${ids}-url`} required error={errorOf('url')} help={t('urlHint')}>
          <Input
            id={`${ids}-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={URL_MAX}
            placeholder={t('urlPlaceholder')}
            value={values.url}
            onChange={(e) => set({ url: e.target.value })}
            onBlur={() => touch('url')}
          />
        </FieldItem>
        <FieldItem label={t('description')} htmlFor={`${ids}-description`} error={errorOf('description')}>
          <Input
            id={`${ids}-description`}
            maxLength={DESCRIPTION_MAX}
            showCount
            placeholder={t('descriptionPlaceholder')}
            value={values.description}
            onChange={(e) => set({ description: e.target.value })}
            onBlur={() => touch('description')}
          />
        </FieldItem>
        <FieldItem label={t('events')} required error={eventsError}>
          <EventChecklist
            value={values.eventTypes}
            onChange={(eventTypes) => {
              set({ eventTypes });
              touch('eventTypes');
            }}
            invalid={!!eventsError}
          />
        </FieldItem>
        <div className="mbo-integration-switch-row">
          <Switch id={`${ids}-enabled`} checked={values.enabled} onChange={(enabled) => set({ enabled })} />
          <label htmlFor={`${ids}-enabled`}>
            {t('enabled')}
            <Typography.Text type="secondary" className="mbo-list-sub" style={{ whiteSpace: 'normal' }}>
              {t('enabledHelp')}
            </Typography.Text>
          </label>
        </div>
      </Form>
      {save.isError ? <RefusalAlert error={save.error} fallback={t('failure')} /> : null}
    </Modal>
  );
}
