import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Skeleton, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import {
  WEBHOOK_RESPONSE_KEEP_BYTES,
  type WebhookAttemptRecord,
  type WebhookDeliveryDetail,
} from '@mbo/contracts/integration';
import { CopyableText, DetailFacts } from '@/components/detail/detail-cards';
import GuardedButton from '@/components/guarded-button';
import { formatZonedDateTime } from '@/lib/format-time';
import { displayNumber } from '@/lib/formats';
import { useLabel } from '@/i18n/use-label';
import { useGlobalState } from '@/lib/global-state';
import { integrationKeys } from '../api/integration-query-keys';
import { deliveryQueryOptions, retryDelivery } from '../api/webhook-deliveries-api';
import { isRetryable, prettyJson } from '../utils/integration-labels';
import { DeliveryStatusTag, HttpStatus, useEventTypeLabel } from './delivery-log-cells';
import { RefusalAlert } from '@/components/refusal-alert';
import { WEBHOOK_PERMISSION } from './webhook-permission';

const KEEP_KB = Math.round(WEBHOOK_RESPONSE_KEEP_BYTES / 1024);

function Attempt({ attempt: a, tz }: { attempt: WebhookAttemptRecord; tz: string | undefined }) {
  const { t } = useTranslation('integration', { keyPrefix: 'delivery' });
  // "HTTP 500" as the error says no more than the status beside it.
  const error = a.error && a.error !== `HTTP ${a.statusCode}` ? a.error : null;
  return (
    <li className="mbo-integration-attempt">
      <div className="mbo-integration-attempt__head">
        <strong>{t('attempt', { n: a.attempt })}</strong>
        <span className="mbo-list-nowrap">{formatZonedDateTime(a.attemptedAt, tz)}</span>
        <span>
          HTTP <HttpStatus code={a.statusCode} />
        </span>
        <span className="mbo-list-nowrap">{t('duration', { ms: displayNumber(a.durationMs) })}</span>
      </div>
      {error ? <span className="mbo-integration-attempt__error mbo-integration-http--failed">{error}</span> : null}
      {a.responseBody ? (
        <>
          <span className="mbo-list-sub">{t('answer', { kb: KEEP_KB })}</span>
          <pre className="mbo-integration-code mbo-integration-code--small">{a.responseBody}</pre>
        </>
      ) : (
        <span className="mbo-list-sub">{t('noBody')}</span>
      )}
    </li>
  );
}

function DeliveryBody({ delivery: d }: { delivery: WebhookDeliveryDetail }) {
  const tz = useGlobalState().user?.timeZone;
  const { t } = useTranslation('integration', { keyPrefix: 'delivery' });
  const label = useLabel();
  const eventTypeLabel = useEventTypeLabel();
  const payload = prettyJson(d.payload);
  return (
    <>
      <DetailFacts
        facts={[
          [t('status'), <DeliveryStatusTag key="status" status={d.status} />],
          [
            t('event'),
            <span key="event">
              <span className="mbo-list-mono">{d.eventType}</span> · {eventTypeLabel(d.eventType)}
            </span>,
          ],
          [t('kind'), label('WEBHOOK_DELIVERY_KINDS', d.kind)],
          [
            t('endpoint'),
            <span key="url" className="mbo-list-mono" style={{ overflowWrap: 'anywhere' }}>
              {d.endpointUrl}
            </span>,
          ],
          [t('created'), formatZonedDateTime(d.createdAt, tz)],
          d.finishedAt ? [t('finished'), formatZonedDateTime(d.finishedAt, tz)] : null,
          d.nextAttemptAt ? [t('nextAttempt'), formatZonedDateTime(d.nextAttemptAt, tz)] : null,
          [t('eventId'), <CopyableText key="eid" text={d.eventId} label={t('eventIdCopy')} mono />],
          [t('deliveryId'), <CopyableText key="did" text={d.deliveryId} label={t('deliveryIdCopy')} mono />],
        ]}
      />
      <div className="mbo-integration-drawer__section">
        <Typography.Title level={3} className="mbo-integration-drawer__title">
          {t('payload')}
        </Typography.Title>
        <Typography.Text copyable={{ text: payload, tooltips: [t('copyPayload'), t('copied')] }} type="secondary">
          {t('payloadNote')}
        </Typography.Text>
      </div>
      <pre className="mbo-integration-code" tabIndex={0} aria-label={t('payloadLabel')}>
        {payload}
      </pre>
      <Typography.Title level={3} className="mbo-integration-drawer__title">
        {t('attempts', { n: d.attemptLog.length })}
      </Typography.Title>
      {d.attemptLog.length ? (
        <ol className="mbo-integration-attempts">
          {[...d.attemptLog].reverse().map((a) => (
            <Attempt key={a.attempt} attempt={a} tz={tz} />
          ))}
        </ol>
      ) : (
        <Typography.Text type="secondary">
          {d.nextAttemptAt ? t('notSentDue', { time: formatZonedDateTime(d.nextAttemptAt, tz) }) : t('notSent')}
        </Typography.Text>
      )}
    </>
  );
}

/**
 * One delivery: its status, the event's payload (pretty JSON, copyable), every attempt newest first
 * (time, HTTP status, duration, the first 2 kB of the answer, the error) and "Retry" for a pending or
 * failed one (API_INTEGRATION_UPDATE).
 */
export function DeliveryDrawer({ deliveryId, onClose }: { deliveryId: string | null; onClose: () => void }) {
  const { hasPermission } = useGlobalState();
  const { message } = App.useApp();
  const { t: tr } = useTranslation('integration');
  const { t } = useTranslation('integration', { keyPrefix: 'delivery' });
  const queryClient = useQueryClient();
  const detail = useQuery({ ...deliveryQueryOptions(deliveryId ?? ''), enabled: deliveryId !== null });
  const retry = useMutation({
    mutationFn: (id: string) => retryDelivery(id),
    onSuccess: () => {
      void message.success(t('retried'));
      void queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries() });
    },
  });
  const d = detail.data;
  const retryButton =
    d && isRetryable(d.status) ? (
      <GuardedButton
        icon={<RedoOutlined aria-hidden="true" />}
        loading={retry.isPending}
        blocked={hasPermission(WEBHOOK_PERMISSION) ? null : tr('webhooks.noPermission')}
        onClick={() => retry.mutate(d.deliveryId)}
      >
        {t('retry')}
      </GuardedButton>
    ) : null;
  return (
    <Drawer
      open={deliveryId !== null}
      onClose={() => {
        retry.reset();
        onClose();
      }}
      title={d ? t('titleOf', { type: d.eventType }) : t('title')}
      extra={retryButton}
      size={560}
      destroyOnHidden
    >
      {retry.isError ? <RefusalAlert error={retry.error} fallback={t('retryFailure')} /> : null}
      {d ? (
        <DeliveryBody delivery={d} />
      ) : detail.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={<Button onClick={() => void detail.refetch()}>{t('tryAgain')}</Button>}
        />
      ) : (
        <div role="status" aria-label={t('loading')}>
          <Skeleton active paragraph={{ rows: 8 }} title={false} />
        </div>
      )}
    </Drawer>
  );
}
