import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpointRecord } from '@mbo/contracts/integration';
import GuardedButton from '@/components/guarded-button';
import { useGlobalState } from '@/lib/global-state';
import { endpointsQueryOptions } from '../api/webhook-endpoints-api';
import { DeliveryLog } from './delivery-log';
import { EndpointFormModal } from './endpoint-form-modal';
import { EndpointsTable } from './endpoints-table';
import { useEndpointSwitch } from './use-endpoint-switch';
import { NO_WEBHOOK_PERMISSION, WEBHOOK_PERMISSION } from './webhook-permission';

/** Why "Add endpoint" is disabled, or null. */
export function addEndpointBlocked(count: number | undefined, canUpdate: boolean): string | null {
  if (!canUpdate) return NO_WEBHOOK_PERMISSION;
  if (count === undefined) return 'The endpoints are still loading.';
  if (count >= MAX_WEBHOOK_ENDPOINTS)
    return `You have ${MAX_WEBHOOK_ENDPOINTS} endpoints, the most a merchant can have. Delete one to add another.`;
  return null;
}

function EmptyEndpoints() {
  return (
    <div className="mbo-integration-empty">
      <ApiOutlined aria-hidden="true" className="mbo-integration-empty__icon" />
      <Typography.Title level={2} className="mbo-integration-empty__title">
        No webhook endpoints yet
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 520, marginBottom: 0 }}>
        A webhook endpoint is a URL on your server that we call the moment something happens: a payment succeeds, a
        refund fails, a dispute opens. Your systems stay up to date without asking.
      </Typography.Paragraph>
    </div>
  );
}

/**
 * Settings → Integration → Webhooks: the endpoints (URL, events, on/off, failing, the last 24 hours)
 * with "Add endpoint" (API_INTEGRATION_UPDATE), then every endpoint's delivery log. A row opens the
 * endpoint (`?endpoint=`).
 */
export function WebhooksTab({ onOpen }: { onOpen: (endpointId: string) => void }) {
  const { hasPermission } = useGlobalState();
  const canUpdate = hasPermission(WEBHOOK_PERMISSION);
  const endpoints = useQuery(endpointsQueryOptions());
  const [adding, setAdding] = useState(false);
  const { switching, setEnabled } = useEndpointSwitch();
  const records = endpoints.data;

  let body: React.ReactNode;
  if (endpoints.isError && !records) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The webhook endpoints could not be loaded."
        action={<Button onClick={() => void endpoints.refetch()}>Try again</Button>}
      />
    );
  } else if (!records) {
    body = (
      <div role="status" aria-label="Loading webhook endpoints">
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      </div>
    );
  } else if (records.length === 0) {
    body = <EmptyEndpoints />;
  } else {
    body = (
      <EndpointsTable
        records={records}
        loading={endpoints.isFetching}
        onOpen={(e: WebhookEndpointRecord) => onOpen(e.endpointId)}
        switchBlocked={canUpdate ? null : NO_WEBHOOK_PERMISSION}
        switching={switching}
        onSwitch={setEnabled}
      />
    );
  }
  return (
    <div className="mbo-integration-stack">
      <section className="mbo-list-card mbo-integration-section" aria-label="Webhook endpoints">
        <div className="mbo-integration-section__head">
          <div className="mbo-integration-section__intro">
            <Typography.Text type="secondary">
              Endpoints get a signed POST for each event they subscribe to; failed deliveries are retried.{' '}
              {records ? (
                <strong className="mbo-list-nowrap">
                  {records.length} of {MAX_WEBHOOK_ENDPOINTS} endpoints
                </strong>
              ) : null}
            </Typography.Text>
          </div>
          <GuardedButton
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            blocked={addEndpointBlocked(records?.length, canUpdate)}
            onClick={() => setAdding(true)}
          >
            Add endpoint
          </GuardedButton>
        </div>
        {body}
      </section>
      {records && records.length > 0 ? <DeliveryLog /> : null}
      <EndpointFormModal
        open={adding}
        endpoint={null}
        onClose={() => setAdding(false)}
        onSaved={(e) => onOpen(e.endpointId)}
      />
    </div>
  );
}
