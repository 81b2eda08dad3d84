import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { Card, Empty, Space, Timeline, Typography } from 'antd';
import type { PaymentDetail } from '@mbo/contracts/payments';
import {
  DISPUTE_STATUS_LABELS,
  humanizeCode,
  PAYMENT_STATUS_LABELS,
  REFUND_STATUS_LABELS,
  statusLabel,
} from '@mbo/contracts/status-labels';
import { REFUND_REASONS } from '@mbo/contracts/refunds';
import StatusTag from '@/components/list/status-tag';
import { displayFeeRule } from '@/lib/display-fee-rule';
import { displayMoney } from '@/lib/display-money';
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

/** A card's facts as one label/value grid (global.css `.mbo-facts`): every card's values start on one line. */
function Facts({ rows }: { rows: ([label: string, value: ReactNode] | null)[] }) {
  return (
    <dl className="mbo-facts">
      {rows.map((row) =>
        row ? (
          <FactRow key={row[0]} label={row[0]}>
            {row[1]}
          </FactRow>
        ) : null,
      )}
    </dl>
  );
}

function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

const NONE = <Typography.Text type="secondary">—</Typography.Text>;

/** Money as the app shows it everywhere ("1,234.50 USD"), on one line. */
function Money({ minor, currency, sign }: { minor: number; currency: string; sign?: '−' }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {sign ?? ''}
      {displayMoney(minor, currency)}
    </span>
  );
}

function reasonLabel(reason: string): string {
  return REFUND_REASONS.find((r) => r.value === reason)?.label ?? humanizeCode(reason);
}

/** Gross, fee (with the fee rule that priced it), net and refunded. */
export function AmountsCard({ payment }: Props) {
  const items = [
    { label: 'Gross amount', amount: payment.amount },
    { label: 'Fee', amount: payment.fee, sign: '−' as const, rule: payment.feeRule ? displayFeeRule(payment.feeRule) : null },
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
              <Money minor={i.amount} currency={payment.currency} sign={i.sign && i.amount ? i.sign : undefined} />
            </span>
            {i.rule ? (
              <span className="mbo-amounts__note" title="The fee rule of the pay-in service that priced this payment">
                <span className="mbo-visually-hidden">Fee rule: </span>
                {i.rule}
              </span>
            ) : null}
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
                <Typography.Text strong>{humanizeCode(e.type)}</Typography.Text>
                {e.status ? <Typography.Text type="secondary"> · {statusLabel(PAYMENT_STATUS_LABELS, e.status)}</Typography.Text> : null}
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
      <Facts
        rows={[
          ['Payment ID', <Typography.Text copyable className="mbo-mono">{payment.paymentId}</Typography.Text>],
          ['Merchant order no.', payment.merchantOrderNo ? <Typography.Text copyable>{payment.merchantOrderNo}</Typography.Text> : NONE],
          ['Description', payment.description || NONE],
          ['Created', <Time iso={payment.createdAt} />],
          ['Paid', <Time iso={payment.paidAt} />],
          payment.paymentLinkId ? ['Payment link', <Typography.Text copyable className="mbo-mono">{payment.paymentLinkId}</Typography.Text>] : null,
          payment.failureReason ? ['Failure reason', <Typography.Text type="danger">{payment.failureReason}</Typography.Text>] : null,
        ]}
      />
    </Card>
  );
}

export function CustomerCard({ payment }: Props) {
  return (
    <Card title="Customer" size="small">
      <Facts
        rows={[
          ['Name', payment.customerName || NONE],
          ['Email', payment.customerEmail ? <Typography.Text copyable>{payment.customerEmail}</Typography.Text> : NONE],
          ['Country', payment.country || NONE],
        ]}
      />
    </Card>
  );
}

export function MethodCard({ payment }: Props) {
  const { payMethodMap } = useGlobalState();
  return (
    <Card title="Payment method" size="small">
      <Facts
        rows={[
          ['Method', payMethodMap[payment.payMethodName] ?? payment.payMethodName],
          ['Type', humanizeCode(payment.payMethodType)],
          payment.cardMasked ? ['Card number', <span className="mbo-mono">{payment.cardMasked}</span>] : null,
        ]}
      />
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
                <Typography.Text strong>
                  <Money minor={refund.amount} currency={payment.currency} />
                </Typography.Text>
                <StatusTag tone={refundTone(refund.status)}>{statusLabel(REFUND_STATUS_LABELS, refund.status)}</StatusTag>
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {reasonLabel(refund.reason)} · <Time iso={refund.createdAt} />
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
                <Typography.Text strong>
                  <Money minor={dispute.amount} currency={payment.currency} />
                </Typography.Text>
                <StatusTag tone={disputeTone(dispute.status)}>{statusLabel(DISPUTE_STATUS_LABELS, dispute.status)}</StatusTag>
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {humanizeCode(dispute.type)} · {humanizeCode(dispute.reason)}
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
