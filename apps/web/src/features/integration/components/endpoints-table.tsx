import { Table, type TableColumnsType } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpointRecord } from '@mbo/contracts/integration';
import { useGlobalState } from '@/lib/global-state';
import { eventsSummary } from '../utils/event-groups';
import { EnabledSwitch, EndpointStateTag, EndpointUrl, RecentDeliveries } from './endpoint-parts';
import { columnsWidth } from '@/lib/columns-width';

export interface EndpointsTableProps {
  records: WebhookEndpointRecord[];
  loading: boolean;
  onOpen: (endpoint: WebhookEndpointRecord) => void;
  /** Why the user may not turn endpoints on or off, or null. */
  switchBlocked: string | null;
  /** The endpoint whose switch call is under way. */
  switching: string | null;
  onSwitch: (endpoint: WebhookEndpointRecord, enabled: boolean) => void;
}

/** Opens the endpoint: the row is clickable, this is its keyboard way in. */
function OpenButton({
  endpoint,
  onOpen,
}: {
  endpoint: WebhookEndpointRecord;
  onOpen: (e: WebhookEndpointRecord) => void;
}) {
  const { t } = useTranslation('integration', { keyPrefix: 'endpoints' });
  return (
    <button
      type="button"
      className="mbo-integration-open"
      aria-label={t('openLabel', { url: endpoint.url })}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(endpoint);
      }}
    >
      <RightOutlined aria-hidden="true" />
    </button>
  );
}

function Events({ endpoint }: { endpoint: WebhookEndpointRecord }) {
  const { t } = useTranslation('integration');
  const n = endpoint.eventTypes.length;
  if (n === WEBHOOK_EVENT_TYPES.length) return <span>{eventsSummary(endpoint.eventTypes, t)}</span>;
  return (
    <span style={{ display: 'block', minWidth: 0 }}>
      <span>{t('endpoints.eventCount', { count: n })}</span>
      <span className="mbo-list-sub" title={endpoint.eventTypes.join(', ')}>
        {eventsSummary(endpoint.eventTypes, t)}
      </span>
    </span>
  );
}

/** The merchant's webhook endpoints: a table, or one card per endpoint on a phone; a row opens the endpoint. */
export function EndpointsTable({ records, loading, onOpen, switchBlocked, switching, onSwitch }: EndpointsTableProps) {
  const { user, isMobile } = useGlobalState();
  const { t } = useTranslation('integration');
  const tz = user?.timeZone;
  const enabledSwitch = (e: WebhookEndpointRecord) => (
    <EnabledSwitch
      endpoint={e}
      blocked={switchBlocked}
      busy={switching === e.endpointId}
      onChange={(on) => onSwitch(e, on)}
    />
  );
  const wide: TableColumnsType<WebhookEndpointRecord> = [
    { key: 'url', title: t('endpoints.endpoint'), width: 320, render: (_, e) => <EndpointUrl endpoint={e} /> },
    { key: 'events', title: t('endpoints.events'), width: 240, render: (_, e) => <Events endpoint={e} /> },
    { key: 'enabled', title: t('endpoints.on'), width: 70, render: (_, e) => enabledSwitch(e) },
    {
      key: 'state',
      title: t('endpoints.status'),
      width: 200,
      render: (_, e) => <EndpointStateTag endpoint={e} timeZone={tz} />,
    },
    {
      key: 'recent',
      title: t('endpoints.last24'),
      width: 150,
      render: (_, e) => <RecentDeliveries recent={e.recent} />,
    },
    {
      key: 'open',
      title: <span className="mbo-list-sr-only">{t('endpoints.open')}</span>,
      width: 56,
      render: (_, e) => <OpenButton endpoint={e} onOpen={onOpen} />,
    },
  ];
  const narrow: TableColumnsType<WebhookEndpointRecord> = [
    {
      key: 'endpoint',
      title: t('endpoints.narrowTitle'),
      render: (_, e) => (
        <div className="mbo-integration-card">
          <div className="mbo-integration-card__top">
            <div style={{ minWidth: 0, flex: 1 }}>
              <EndpointUrl endpoint={e} />
            </div>
            <OpenButton endpoint={e} onOpen={onOpen} />
          </div>
          <EndpointStateTag endpoint={e} timeZone={tz} />
          <span className="mbo-list-sub">{eventsSummary(e.eventTypes, t)}</span>
          <div className="mbo-integration-card__top">
            <RecentDeliveries recent={e.recent} />
            {enabledSwitch(e)}
          </div>
        </div>
      ),
    },
  ];
  const columns = isMobile ? narrow : wide;
  return (
    <Table<WebhookEndpointRecord>
      className="mbo-list-table mbo-list-table--clickable"
      rowKey="endpointId"
      size="middle"
      columns={columns}
      dataSource={records}
      loading={loading}
      tableLayout="fixed"
      scroll={isMobile ? undefined : { x: columnsWidth(columns, 160) }}
      pagination={false}
      onRow={(e) => ({ onClick: () => onOpen(e) })}
    />
  );
}
