import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Skeleton, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import {
  WEBHOOK_RESPONSE_KEEP_BYTES,
  type WebhookAttemptRecord,
  type WebhookDeliveryDetail,
} from '@mbo/contracts/integration';
import { WEBHOOK_DELIVERY_KIND_LABELS } from '@mbo/contracts/lists/webhook-deliveries-list';
import { CopyableText, DetailFacts } from '@/components/detail/detail-cards';
import GuardedButton from '@/components/guarded-button';
import { formatZonedDateTime } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { integrationKeys } from '../api/integration-query-keys';
import { deliveryQueryOptions, retryDelivery } from '../api/webhook-deliveries-api';
import { isRetryable, prettyJson } from '../utils/integration-labels';
import { DeliveryStatusTag, HttpStatus, eventTypeLabel } from './delivery-log-cells';
import { RefusalAlert } from '@/components/refusal-alert';
import { WEBHOOK_PERMISSION, NO_WEBHOOK_PERMISSION } from './webhook-permission';

const KEEP_KB = Math.round(WEBHOOK_RESPONSE_KEEP_BYTES / 1024);

function Attempt({ attempt: a, tz }: { attempt: WebhookAttemptRecord; tz: string | undefined }) {
  // "HTTP 500" as the error says no more than the status beside it.
  const error = a.error && a.error !== `HTTP ${a.statusCode}` ? a.error : null;
  return (
    <li className="mbo-integration-attempt">
      <div className="mbo-integration-attempt__head">
        <strong>Attempt {a.attempt}</strong>
        <span className="mbo-list-nowrap">{formatZonedDateTime(a.attemptedAt, tz)}</span>
        <span>
          HTTP <HttpStatus code={a.statusCode} />
        </span>
        <span className="mbo-list-nowrap">{a.durationMs.toLocaleString('en-US')} ms</span>
      </div>
      {error ? <span className="mbo-integration-attempt__error mbo-integration-http--failed">{error}</span> : null}
      {a.responseBody ? (
        <>
          <span className="mbo-list-sub">Answer (first {KEEP_KB} kB)</span>
          <pre className="mbo-integration-code mbo-integration-code--small">{a.responseBody}</pre>
        </>
      ) : (
        <span className="mbo-list-sub">No answer body.</span>
      )}
    </li>
  );
}

function DeliveryBody({ delivery: d }: { delivery: WebhookDeliveryDetail }) {
  const tz = useGlobalState().user?.timeZone;
  const payload = prettyJson(d.payload);
  return (
    <>
      <DetailFacts
        facts={[
          ['Status', <DeliveryStatusTag key="status" status={d.status} />],
          [
            'Event',
            <span key="event">
              <span className="mbo-list-mono">{d.eventType}</span> · {eventTypeLabel(d.eventType)}
            </span>,
          ],
          ['Kind', WEBHOOK_DELIVERY_KIND_LABELS[d.kind]],
          [
            'Endpoint',
            <span key="url" className="mbo-list-mono" style={{ overflowWrap: 'anywhere' }}>
              {d.endpointUrl}
            </span>,
          ],
          ['Created', formatZonedDateTime(d.createdAt, tz)],
          d.finishedAt ? ['Finished', formatZonedDateTime(d.finishedAt, tz)] : null,
          d.nextAttemptAt ? ['Next attempt', formatZonedDateTime(d.nextAttemptAt, tz)] : null,
          ['Event ID', <CopyableText key="eid" text={d.eventId} label="event ID" mono />],
          ['Delivery ID', <CopyableText key="did" text={d.deliveryId} label="delivery ID" mono />],
        ]}
      />
      <div className="mbo-integration-drawer__section">
        <Typography.Title level={3} className="mbo-integration-drawer__title">
          Payload
        </Typography.Title>
        <Typography.Text copyable={{ text: payload, tooltips: ['Copy payload', 'Copied'] }} type="secondary">
          JSON sent as the body of every attempt
        </Typography.Text>
      </div>
      <pre className="mbo-integration-code" tabIndex={0} aria-label="Event payload">
        {payload}
      </pre>
      <Typography.Title level={3} className="mbo-integration-drawer__title">
        Attempts ({d.attemptLog.length})
      </Typography.Title>
      {d.attemptLog.length ? (
        <ol className="mbo-integration-attempts">
          {[...d.attemptLog].reverse().map((a) => (
            <Attempt key={a.attempt} attempt={a} tz={tz} />
          ))}
        </ol>
      ) : (
        <Typography.Text type="secondary">
          Not sent yet{d.nextAttemptAt ? `: the first attempt is due ${formatZonedDateTime(d.nextAttemptAt, tz)}` : ''}.
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
  const queryClient = useQueryClient();
  const detail = useQuery({ ...deliveryQueryOptions(deliveryId ?? ''), enabled: deliveryId !== null });
  const retry = useMutation({
    mutationFn: (id: string) => retryDelivery(id),
    onSuccess: () => {
      void message.success('Delivery queued to be sent again now.');
      void queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries() });
    },
  });
  const d = detail.data;
  const retryButton =
    d && isRetryable(d.status) ? (
      <GuardedButton
        icon={<RedoOutlined aria-hidden="true" />}
        loading={retry.isPending}
        blocked={hasPermission(WEBHOOK_PERMISSION) ? null : NO_WEBHOOK_PERMISSION}
        onClick={() => retry.mutate(d.deliveryId)}
      >
        Retry
      </GuardedButton>
    ) : null;
  return (
    <Drawer
      open={deliveryId !== null}
      onClose={() => {
        retry.reset();
        onClose();
      }}
      title={d ? `Delivery of ${d.eventType}` : 'Delivery'}
      extra={retryButton}
      size={560}
      destroyOnHidden
    >
      {retry.isError ? (
        <RefusalAlert error={retry.error} fallback="The delivery could not be queued again. Try again." />
      ) : null}
      {d ? (
        <DeliveryBody delivery={d} />
      ) : detail.isError ? (
        <Alert
          type="error"
          showIcon
          title="The delivery could not be loaded."
          action={<Button onClick={() => void detail.refetch()}>Try again</Button>}
        />
      ) : (
        <div role="status" aria-label="Loading the delivery">
          <Skeleton active paragraph={{ rows: 8 }} title={false} />
        </div>
      )}
    </Drawer>
  );
}
