import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpointRecord } from '@mbo/contracts/integration';
import GuardedButton from '@/components/guarded-button';
import { useGlobalState } from '@/lib/global-state';
import { endpointsQueryOptions } from '../api/webhook-endpoints-api';
import { DeliveryLog } from './delivery-log';
import { EndpointFormModal } from './endpoint-form-modal';
import { EndpointsTable } from './endpoints-table';
import { useEndpointSwitch } from './use-endpoint-switch';
import { WEBHOOK_PERMISSION } from './webhook-permission';

/** Why "Add endpoint" is disabled, or null (`t`: the `integration` namespace's `webhooks`). */
export function addEndpointBlocked(count: number | undefined, canUpdate: boolean, t: TFunction): string | null {
  if (!canUpdate) return t('noPermission');
  if (count === undefined) return t('stillLoading');
  if (count >= MAX_WEBHOOK_ENDPOINTS) return t('atLimit', { max: MAX_WEBHOOK_ENDPOINTS });
  return null;
}

function EmptyEndpoints() {
  const { t } = useTranslation('integration', { keyPrefix: 'webhooks.empty' });
  return (
    <div className="mbo-integration-empty">
      <ApiOutlined aria-hidden="true" className="mbo-integration-empty__icon" />
      <Typography.Title level={2} className="mbo-integration-empty__title">
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 520, marginBottom: 0 }}>
        {t('body')}
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
  const { t } = useTranslation('integration', { keyPrefix: 'webhooks' });
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
        title={t('loadFailed')}
        action={<Button onClick={() => void endpoints.refetch()}>{t('retry')}</Button>}
      />
    );
  } else if (!records) {
    body = (
      <div role="status" aria-label={t('loading')}>
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
        switchBlocked={canUpdate ? null : t('noPermission')}
        switching={switching}
        onSwitch={setEnabled}
      />
    );
  }
  return (
    <div className="mbo-integration-stack">
      <section className="mbo-list-card mbo-integration-section" aria-label={t('section')}>
        <div className="mbo-integration-section__head">
          <div className="mbo-integration-section__intro">
            <Typography.Text type="secondary">
              {t('intro')}{' '}
              {records ? (
                <strong className="mbo-list-nowrap">
                  {t('countOf', { n: records.length, max: MAX_WEBHOOK_ENDPOINTS })}
                </strong>
              ) : null}
            </Typography.Text>
          </div>
          <GuardedButton
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            blocked={addEndpointBlocked(records?.length, canUpdate, t)}
            onClick={() => setAdding(true)}
          >
            {t('add')}
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
