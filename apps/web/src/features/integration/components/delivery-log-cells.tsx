import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookDeliveryRecord } from '@mbo/contracts/integration';
import type { WebhookDeliveryListColumnKey } from '@mbo/contracts/lists/webhook-deliveries-list';
import { useLabel } from '@/i18n/use-label';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { DELIVERY_STATUS_TONE } from '../utils/integration-labels';

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const EVENT_TYPES: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

/** What an event type means ("A payment succeeded"); the test event as such, unknown types as themselves. */
export function useEventTypeLabel(): (type: string) => string {
  const label = useLabel();
  return (type: string) => {
    if (type === WEBHOOK_TEST_EVENT) return label('WEBHOOK_DELIVERY_KINDS', 'TEST');
    return EVENT_TYPES.has(type) ? label('WEBHOOK_EVENT_TYPES', type) : type;
  };
}

export function DeliveryStatusTag({ status }: { status: WebhookDeliveryRecord['status'] }) {
  const label = useLabel();
  return (
    <StatusTag tone={DELIVERY_STATUS_TONE[status] ?? 'default'}>{label('WEBHOOK_DELIVERY_STATUSES', status)}</StatusTag>
  );
}

/** An HTTP status as the receiver answered it: 2xx reads as fine, anything else (or none) as a failure. */
export function HttpStatus({ code }: { code: number | null }) {
  const { t } = useTranslation('integration', { keyPrefix: 'log' });
  if (code === null) return <Typography.Text type="secondary">{t('noAnswer')}</Typography.Text>;
  return (
    <span className={`mbo-list-mono mbo-integration-http--${code >= 200 && code < 300 ? 'ok' : 'failed'}`}>{code}</span>
  );
}

/** When: a button that opens the delivery (the row is clickable too), and its kind when not a plain event. */
function WhenCell({
  record,
  tz,
  onOpen,
}: {
  record: WebhookDeliveryRecord;
  tz: string | undefined;
  onOpen: (r: WebhookDeliveryRecord) => void;
}) {
  const { t } = useTranslation('integration', { keyPrefix: 'log' });
  const label = useLabel();
  const local = formatDateTime(record.createdAt, tz);
  return (
    <span>
      <button
        type="button"
        className="mbo-integration-link"
        aria-label={t('show', { time: local })}
        onClick={(e) => {
          e.stopPropagation();
          onOpen(record);
        }}
      >
        {local}
      </button>
      {record.kind !== 'EVENT' ? (
        <span className="mbo-list-sub">{label('WEBHOOK_DELIVERY_KINDS', record.kind)}</span>
      ) : null}
    </span>
  );
}

function StatusCell({ record: r, tz }: { record: WebhookDeliveryRecord; tz: string | undefined }) {
  const { t } = useTranslation('integration', { keyPrefix: 'log' });
  const note =
    r.status === 'PENDING' && r.nextAttemptAt
      ? t('nextTry', { time: formatDateTime(r.nextAttemptAt, tz) })
      : r.status === 'FAILED'
        ? r.lastError
        : null;
  return (
    <span style={{ display: 'block', minWidth: 0 }}>
      <DeliveryStatusTag status={r.status} />
      {note ? (
        <span className="mbo-list-sub" title={note}>
          {note}
        </span>
      ) : null}
    </span>
  );
}

type DeliveryTableParts = Pick<
  ListTableProps<WebhookDeliveryRecord>,
  'cells' | 'titles' | 'narrowColumns' | 'onRowClick'
>;

/** How the delivery log shows each column of WEBHOOK_DELIVERIES_LIST and its phone layout; a row opens the delivery. */
export function useDeliveryLogTable(onOpen: (record: WebhookDeliveryRecord) => void): DeliveryTableParts {
  const tz = useGlobalState().user?.timeZone;
  const { t } = useTranslation('integration', { keyPrefix: 'log' });
  const eventTypeLabel = useEventTypeLabel();
  const cells: Record<WebhookDeliveryListColumnKey, (r: WebhookDeliveryRecord) => React.ReactNode> = {
    createdAt: (r) => <WhenCell record={r} tz={tz} onOpen={onOpen} />,
    eventType: (r) => (
      <span style={{ display: 'block', minWidth: 0 }}>
        <span className="mbo-integration-ellipsis mbo-list-mono" title={r.eventType}>
          {r.eventType}
        </span>
        <span className="mbo-list-sub">{eventTypeLabel(r.eventType)}</span>
      </span>
    ),
    status: (r) => <StatusCell record={r} tz={tz} />,
    attempts: (r) => <span className="mbo-list-nowrap">{r.attempts}</span>,
    lastStatusCode: (r) => (r.attempts === 0 ? dash : <HttpStatus code={r.lastStatusCode} />),
    endpointUrl: (r) => (
      <span className="mbo-integration-ellipsis mbo-list-mono" title={r.endpointUrl}>
        {r.endpointUrl}
      </span>
    ),
    eventId: (r) => <span className="mbo-list-mono">{r.eventId}</span>,
    nextAttemptAt: (r) =>
      r.nextAttemptAt ? <span className="mbo-list-nowrap">{formatDateTime(r.nextAttemptAt, tz)}</span> : dash,
  };
  // Phones: one card per delivery (event and status, when, the answer, the endpoint).
  const narrowColumns: TableColumnsType<WebhookDeliveryRecord> = [
    {
      key: 'delivery',
      title: t('narrowTitle', { zone: timeZoneLabel(tz) }),
      render: (_, r) => (
        <div className="mbo-integration-card">
          <div className="mbo-integration-card__top">
            <span className="mbo-integration-ellipsis mbo-list-mono" title={r.eventType}>
              {r.eventType}
            </span>
            <DeliveryStatusTag status={r.status} />
          </div>
          <WhenCell record={r} tz={tz} onOpen={onOpen} />
          <span className="mbo-list-sub">
            {t('attempts', { count: r.attempts })}
            {r.attempts > 0 ? ` · HTTP ${r.lastStatusCode ?? t('noAnswerLower')}` : ''}
          </span>
          <span className="mbo-list-sub mbo-list-mono" title={r.endpointUrl}>
            {r.endpointUrl}
          </span>
        </div>
      ),
    },
  ];
  return {
    cells,
    titles: {
      createdAt: <TimeColumnTitle title={t('created')} timeZone={tz} />,
      nextAttemptAt: <TimeColumnTitle title={t('nextAttempt')} timeZone={tz} />,
    },
    narrowColumns,
    onRowClick: onOpen,
  };
}
