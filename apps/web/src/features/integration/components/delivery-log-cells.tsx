import { Typography, type TableColumnsType } from 'antd';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_TEST_EVENT, type WebhookDeliveryRecord } from '@mbo/contracts/integration';
import {
  WEBHOOK_DELIVERY_KIND_LABELS,
  type WebhookDeliveryListColumnKey,
} from '@mbo/contracts/lists/webhook-deliveries-list';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { ZoneSubLabel } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { DELIVERY_STATUS_LABEL, DELIVERY_STATUS_TONE } from '../utils/integration-labels';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** What an event type means ("A payment succeeded"); the test event and unknown types as themselves. */
export function eventTypeLabel(type: string): string {
  if (type === WEBHOOK_TEST_EVENT) return 'Test event';
  return (WEBHOOK_EVENT_LABELS as Readonly<Record<string, string>>)[type] ?? type;
}

export function DeliveryStatusTag({ status }: { status: WebhookDeliveryRecord['status'] }) {
  return (
    <StatusTag tone={DELIVERY_STATUS_TONE[status] ?? 'default'}>{DELIVERY_STATUS_LABEL[status] ?? status}</StatusTag>
  );
}

/** An HTTP status as the receiver answered it: 2xx reads as fine, anything else (or none) as a failure. */
export function HttpStatus({ code }: { code: number | null }) {
  if (code === null) return <Typography.Text type="secondary">No answer</Typography.Text>;
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
  const local = formatDateTime(record.createdAt, tz);
  return (
    <span>
      <button
        type="button"
        className="mbo-integration-link"
        aria-label={`${local}, show delivery`}
        onClick={(e) => {
          e.stopPropagation();
          onOpen(record);
        }}
      >
        {local}
      </button>
      {record.kind !== 'EVENT' ? (
        <span className="mbo-list-sub">{WEBHOOK_DELIVERY_KIND_LABELS[record.kind]}</span>
      ) : null}
    </span>
  );
}

function StatusCell({ record: r, tz }: { record: WebhookDeliveryRecord; tz: string | undefined }) {
  const note =
    r.status === 'PENDING' && r.nextAttemptAt
      ? `next try ${formatDateTime(r.nextAttemptAt, tz)}`
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
  const zone = <ZoneSubLabel timeZone={tz} />;
  // Phones: one card per delivery (event and status, when, the answer, the endpoint).
  const narrowColumns: TableColumnsType<WebhookDeliveryRecord> = [
    {
      key: 'delivery',
      title: `Deliveries · ${timeZoneLabel(tz)}`,
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
            {r.attempts} {r.attempts === 1 ? 'attempt' : 'attempts'}
            {r.attempts > 0 ? ` · HTTP ${r.lastStatusCode ?? 'no answer'}` : ''}
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
    titles: { createdAt: <span>Created{zone}</span>, nextAttemptAt: <span>Next attempt{zone}</span> },
    narrowColumns,
    onRowClick: onOpen,
  };
}
