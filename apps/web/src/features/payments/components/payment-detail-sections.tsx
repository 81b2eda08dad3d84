import { Link } from 'react-router';
import { Card, Descriptions, Empty, Space, Timeline, Typography } from 'antd';
import type { PaymentDetail } from '@mbo/contracts/payments';
import MoneyText from '@/components/list/money-text';
import StatusTag, { humanizeStatus } from '@/components/list/status-tag';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { disputeTone, refundTone } from '../utils/payment-status';

type Props = { payment: PaymentDetail };

function useZone() {
  const { user } = useGlobalState();
  return user?.timeZone;
}

function Time({ iso }: { iso: string | null }) {
  const tz = useZone();
  if (!iso) return <Typography.Text type="secondary">—</Typography.Text>;
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(iso, tz)}</span>;
}

/** Gross, fee, net and refunded. */
export function AmountsCard({ payment }: Props) {
  const items = [
    { label: 'Gross amount', amount: payment.amount },
    { label: 'Fee', amount: payment.fee, sign: '−' as const },
    { label: 'Net amount', amount: payment.net },
    { label: 'Refunded', amount: payment.refundedAmount },
  ];
  return (
    <Card title="Amounts" size="small">
      <div className="mbo-amounts">
        {items.map((i) => (
          <div className="mbo-amounts__item" key={i.label}>
            <span className="mbo-amounts__label">{i.label}</span>
            <span className="mbo-amounts__value">
              <MoneyText amount={i.amount} currency={payment.currency} sign={i.sign && i.amount ? i.sign : undefined} />
            </span>
          </div>
        ))}
      </div>
    </Card>
  );
}

const EVENT_COLOR: Record<string, string> = { SUCCESS: 'green', FAILED: 'red', CANCELLED: 'gray', PENDING: 'gold', PROCESSING: 'blue' };

/** The payment's events, oldest first. */
export function TimelineCard({ payment }: Props) {
  const tz = useZone();
  const events = [...payment.events].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Card title="Timeline" size="small" extra={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{timeZoneLabel(tz)}</Typography.Text>}>
      {events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No events yet." />
      ) : (
        <Timeline
          style={{ marginTop: 8 }}
          items={events.map((e, i) => ({
            key: `${e.type}-${i}`,
            color: (e.status && EVENT_COLOR[e.status]) || 'blue',
            content: (
              <div>
                <Typography.Text strong>{humanizeStatus(e.type)}</Typography.Text>
                {e.status ? <Typography.Text type="secondary"> · {humanizeStatus(e.status)}</Typography.Text> : null}
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    <Time iso={e.at} />
                  </Typography.Text>
                </div>
                {e.note ? <div style={{ fontSize: 13 }}>{e.note}</div> : null}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}

/** Order facts: merchant order number, description, times, link, failure reason. */
export function DetailsCard({ payment }: Props) {
  return (
    <Card title="Details" size="small">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Payment ID">
          <Typography.Text copyable className="mbo-mono">{payment.paymentId}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Merchant order no.">
          {payment.merchantOrderNo ? <Typography.Text copyable>{payment.merchantOrderNo}</Typography.Text> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Description">{payment.description || '—'}</Descriptions.Item>
        <Descriptions.Item label="Created"><Time iso={payment.createdAt} /></Descriptions.Item>
        <Descriptions.Item label="Paid"><Time iso={payment.paidAt} /></Descriptions.Item>
        {payment.paymentLinkId ? (
          <Descriptions.Item label="Payment link">
            <Typography.Text copyable className="mbo-mono">{payment.paymentLinkId}</Typography.Text>
          </Descriptions.Item>
        ) : null}
        {payment.failureReason ? (
          <Descriptions.Item label="Failure reason">
            <Typography.Text type="danger">{payment.failureReason}</Typography.Text>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}

export function CustomerCard({ payment }: Props) {
  return (
    <Card title="Customer" size="small">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Name">{payment.customerName || '—'}</Descriptions.Item>
        <Descriptions.Item label="Email">
          {payment.customerEmail ? <Typography.Text copyable>{payment.customerEmail}</Typography.Text> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Country">{payment.country || '—'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export function MethodCard({ payment }: Props) {
  const { payMethodMap } = useGlobalState();
  return (
    <Card title="Payment method" size="small">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Method">{payMethodMap[payment.payMethodName] ?? payment.payMethodName}</Descriptions.Item>
        <Descriptions.Item label="Type">{humanizeStatus(payment.payMethodType)}</Descriptions.Item>
        {payment.cardMasked ? (
          <Descriptions.Item label="Card number">
            <span className="mbo-mono">{payment.cardMasked}</span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}

/** The refund of this payment (one at most) and its dispute, linked to their pages. */
export function RelatedCard({ payment }: Props) {
  const { refund, dispute } = payment;
  return (
    <Card title="Refund and dispute" size="small">
      <Space orientation="vertical" size={14} style={{ width: '100%' }}>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>Refund</Typography.Text>
          {refund ? (
            <div>
              <Link to={`/transactions/refunds_detail?refundId=${encodeURIComponent(refund.refundId)}`} className="mbo-mono">
                {refund.refundId}
              </Link>
              <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginTop: 4 }}>
                <MoneyText amount={refund.amount} currency={payment.currency} strong />
                <StatusTag tone={refundTone(refund.status)}>{humanizeStatus(refund.status)}</StatusTag>
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {humanizeStatus(refund.reason)} · <Time iso={refund.createdAt} />
              </Typography.Text>
            </div>
          ) : (
            <div><Typography.Text type="secondary">Not refunded.</Typography.Text></div>
          )}
        </div>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>Dispute</Typography.Text>
          {dispute ? (
            <div>
              <Link to={`/transactions/disputes/detail?disputeId=${encodeURIComponent(dispute.disputeId)}`} className="mbo-mono">
                {dispute.disputeId}
              </Link>
              <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginTop: 4 }}>
                <MoneyText amount={dispute.amount} currency={payment.currency} strong />
                <StatusTag tone={disputeTone(dispute.status)}>{humanizeStatus(dispute.status)}</StatusTag>
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {humanizeStatus(dispute.type)} · {humanizeStatus(dispute.reason)}
                {dispute.dueAt ? <> · due <Time iso={dispute.dueAt} /></> : null}
              </Typography.Text>
            </div>
          ) : (
            <div><Typography.Text type="secondary">No dispute.</Typography.Text></div>
          )}
        </div>
      </Space>
    </Card>
  );
}
