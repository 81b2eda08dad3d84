import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, HistoryOutlined, SendOutlined } from '@ant-design/icons';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { WebhookEndpointRecord } from '@mbo/contracts/integration';
import { CopyableText, DetailFacts } from '@/components/detail/detail-cards';
import GuardedButton from '@/components/guarded-button';
import { formatZonedDateTime } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { ApiError } from '@/lib/http/request';
import { integrationKeys } from '../api/integration-query-keys';
import { deleteEndpoint, endpointQueryOptions, sendTestEvent } from '../api/webhook-endpoints-api';
import { ConfirmCallModal, type ConfirmCall } from '@/components/confirm-call-modal';
import { DeliveryLog } from './delivery-log';
import { useEventTypeLabel } from './delivery-log-cells';
import { EnabledSwitch, EndpointStateTag } from './endpoint-parts';
import { EndpointFormModal } from './endpoint-form-modal';
import { RefusalAlert } from '@/components/refusal-alert';
import { ReplayEventsModal } from './replay-events-modal';
import { SigningSecretCard } from './signing-secret-card';
import { useEndpointSwitch } from './use-endpoint-switch';
import { WEBHOOK_PERMISSION } from './webhook-permission';

function EndpointDetail({ endpoint: e, onBack }: { endpoint: WebhookEndpointRecord; onBack: () => void }) {
  const { user, hasPermission } = useGlobalState();
  const { message } = App.useApp();
  const { t: tr } = useTranslation('integration');
  const { t } = useTranslation('integration', { keyPrefix: 'endpoint' });
  const eventTypeLabel = useEventTypeLabel();
  const queryClient = useQueryClient();
  const tz = user?.timeZone;
  const blocked = hasPermission(WEBHOOK_PERMISSION) ? null : tr('webhooks.noPermission');
  const sendBlocked = blocked ?? (e.enabled ? null : t('off'));
  const [editing, setEditing] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmCall | null>(null);
  const { switching, setEnabled } = useEndpointSwitch();
  const test = useMutation({
    mutationFn: () => sendTestEvent(e.endpointId),
    onSuccess: () => {
      void message.success(t('testQueued'));
      void queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries() });
    },
  });
  const askDelete = () =>
    setConfirm({
      title: t('delete.title'),
      body: t('delete.body', { url: e.url }),
      okText: t('delete.ok'),
      danger: true,
      failure: t('delete.failure'),
      run: () => deleteEndpoint(e.endpointId),
      onDone: () => {
        void message.success(t('delete.done'));
        void queryClient.invalidateQueries({ queryKey: integrationKeys.endpointList() });
        onBack();
      },
    });

  return (
    <div className="mbo-integration-stack">
      <section className="mbo-list-card" aria-label={t('section')}>
        <div className="mbo-integration-endpoint-head">
          <div style={{ minWidth: 0, flex: '1 1 320px' }}>
            <Typography.Title
              level={2}
              className="mbo-integration-h2 mbo-list-mono"
              style={{ overflowWrap: 'anywhere' }}
            >
              {e.url}
            </Typography.Title>
            {e.description ? <Typography.Text type="secondary">{e.description}</Typography.Text> : null}
            <div style={{ marginTop: 8 }}>
              <EndpointStateTag endpoint={e} timeZone={tz} />
            </div>
          </div>
          <div className="mbo-integration-switch-row">
            <EnabledSwitch
              endpoint={e}
              blocked={blocked}
              busy={switching === e.endpointId}
              onChange={(on) => setEnabled(e, on)}
            />
            <span aria-hidden="true">{e.enabled ? tr('states.endpoint.ENABLED') : tr('states.endpoint.DISABLED')}</span>
          </div>
        </div>
        {e.disabledReason === 'FAILING' ? (
          <Alert
            type="error"
            showIcon
            style={{ margin: '12px 0' }}
            title={t('failing')}
            description={t('failingBody')}
          />
        ) : null}
        <div className="mbo-integration-actions">
          <GuardedButton icon={<EditOutlined aria-hidden="true" />} blocked={blocked} onClick={() => setEditing(true)}>
            {t('edit')}
          </GuardedButton>
          <GuardedButton
            icon={<SendOutlined aria-hidden="true" />}
            blocked={sendBlocked}
            loading={test.isPending}
            onClick={() => test.mutate()}
          >
            {t('sendTest')}
          </GuardedButton>
          <GuardedButton
            icon={<HistoryOutlined aria-hidden="true" />}
            blocked={sendBlocked}
            onClick={() => setReplaying(true)}
          >
            {t('replay')}
          </GuardedButton>
          <GuardedButton danger icon={<DeleteOutlined aria-hidden="true" />} blocked={blocked} onClick={askDelete}>
            {t('deleteButton')}
          </GuardedButton>
        </div>
        {test.isError ? (
          <div style={{ marginTop: 12 }}>
            <RefusalAlert error={test.error} fallback={t('testFailure')} />
          </div>
        ) : null}
      </section>
      <div className="mbo-integration-grid">
        <Card title={t('details')} className="mbo-detail-card">
          <DetailFacts
            facts={[
              [
                t('events'),
                <span key="events" className="mbo-integration-tags">
                  {e.eventTypes.map((type) => (
                    <Tag key={type} title={eventTypeLabel(type)} className="mbo-list-mono">
                      {type}
                    </Tag>
                  ))}
                </span>,
              ],
              [t('id'), <CopyableText key="id" text={e.endpointId} label={t('idCopy')} mono />],
              [t('created'), formatZonedDateTime(e.createdAt, tz)],
              [t('updated'), formatZonedDateTime(e.updatedAt, tz)],
            ]}
          />
        </Card>
        <SigningSecretCard endpoint={e} />
      </div>
      <DeliveryLog endpointId={e.endpointId} />
      <EndpointFormModal open={editing} endpoint={e} onClose={() => setEditing(false)} />
      <ReplayEventsModal endpoint={e} open={replaying} onClose={() => setReplaying(false)} />
      <ConfirmCallModal pending={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}

/** One endpoint (`?tab=webhooks&endpoint=we_…`): its settings and actions, its signing secret and its delivery log. */
export function EndpointView({ endpointId, onBack }: { endpointId: string; onBack: () => void }) {
  const { t } = useTranslation('integration', { keyPrefix: 'endpoint' });
  const endpoint = useQuery(endpointQueryOptions(endpointId));
  const back = (
    <Button type="link" icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={onBack} style={{ paddingInline: 0 }}>
      {t('back')}
    </Button>
  );
  let body: React.ReactNode;
  if (endpoint.data) body = <EndpointDetail endpoint={endpoint.data} onBack={onBack} />;
  else if (endpoint.isError) {
    const gone = endpoint.error instanceof ApiError && endpoint.error.code === ERROR_CODES.WEBHOOK_ENDPOINT_NOT_FOUND;
    body = gone ? (
      <Alert type="warning" showIcon title={t('notFound')} />
    ) : (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={<Button onClick={() => void endpoint.refetch()}>{t('retry')}</Button>}
      />
    );
  } else {
    body = (
      <div role="status" aria-label={t('loading')}>
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      </div>
    );
  }
  return (
    <div className="mbo-integration-stack">
      <div>{back}</div>
      {body}
    </div>
  );
}
