import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton, Timeline, Typography } from 'antd';
import type { RefundDetail } from '@mbo/contracts/refunds';
import PageHeader from '@/components/page-header';
import StatusTag from '@/components/list/status-tag';
import { displayMoney } from '@/lib/display-money';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { isRefundNotFound, refundDetailQueryOptions } from '../api/get-refund';
import { RefundPaymentCard } from '../components/refund-payment-card';
import { paymentDetailPath } from '../utils/refund-paths';
import { REFUND_STATUS_LABEL, REFUND_STATUS_TONE, refundReasonLabel } from '../utils/refund-status';
import { refundTimeline } from '../utils/refund-timeline';
import '../components/refunds.css';

const LIST_URL = '/transactions/refunds';
const TIMELINE_COLORS = { success: 'green', error: 'red', processing: 'blue', warning: 'orange', default: 'gray' } as const;

function NotFound({ refundId }: { refundId: string }) {
  return (
    <Card>
      <Result
        status="404"
        title="Refund not found"
        subTitle={
          refundId
            ? `There is no refund ${refundId} in this merchant account. Check the id, or switch to the merchant it belongs to.`
            : 'No refund was given. Open a refund from the refunds list.'
        }
        extra={
          <Link to={LIST_URL}>
            <Button type="primary">Back to refunds</Button>
          </Link>
        }
      />
    </Card>
  );
}

function Facts({ refund, timeZone }: { refund: RefundDetail; timeZone: string | undefined }) {
  const time = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : '—');
  return (
    <Card title="Refund details">
      <dl className="mbo-facts">
        <dt>Refund ID</dt>
        <dd>
          <Typography.Text className="mbo-refunds-mono" copyable={{ text: refund.refundId, tooltips: ['Copy refund ID', 'Copied'] }}>
            {refund.refundId}
          </Typography.Text>
        </dd>
        <dt>Amount</dt>
        <dd>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {displayMoney(refund.amount, refund.currency)}
          </Typography.Text>
        </dd>
        <dt>Status</dt>
        <dd>
          <StatusTag tone={REFUND_STATUS_TONE[refund.status]}>{REFUND_STATUS_LABEL[refund.status] ?? refund.status}</StatusTag>
        </dd>
        <dt>Reason</dt>
        <dd>{refundReasonLabel(refund.reason)}</dd>
        <dt>Note</dt>
        <dd>{refund.note ? refund.note : <Typography.Text type="secondary">—</Typography.Text>}</dd>
        {refund.failureReason ? (
          <>
            <dt>Failure reason</dt>
            <dd>
              <Typography.Text type="danger">{refund.failureReason}</Typography.Text>
            </dd>
          </>
        ) : null}
        <dt>Merchant order no.</dt>
        <dd>
          {refund.merchantOrderNo ? (
            <Typography.Text copyable={{ text: refund.merchantOrderNo, tooltips: ['Copy merchant order no.', 'Copied'] }}>
              {refund.merchantOrderNo}
            </Typography.Text>
          ) : (
            '—'
          )}
        </dd>
        <dt>Requested</dt>
        <dd>{time(refund.createdAt)}</dd>
        <dt>Finished</dt>
        <dd>{time(refund.finishedAt)}</dd>
      </dl>
    </Card>
  );
}

/** /transactions/refunds_detail?refundId=: amount, status, reason, timeline and the payment it belongs to. */
export default function RefundDetailPage() {
  const [params] = useSearchParams();
  const refundId = (params.get('refundId') ?? '').trim();
  const { user } = useGlobalState();
  const tz = user?.timeZone;
  const query = useQuery({ ...refundDetailQueryOptions(refundId), enabled: refundId.length > 0 && refundId.length <= 64 });
  const back = { to: LIST_URL, label: 'Refunds' };

  if (!refundId || refundId.length > 64 || (query.isError && isRefundNotFound(query.error))) {
    return (
      <>
        <PageHeader back={back} eyebrow="Refund" title="Refund" />
        <NotFound refundId={refundId} />
      </>
    );
  }

  if (query.isError) {
    return (
      <>
        <PageHeader back={back} eyebrow="Refund" title="Refund" />
        <Alert
          type="error"
          showIcon
          title="This refund could not be loaded."
          description={query.error instanceof Error ? query.error.message : undefined}
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      </>
    );
  }

  const refund = query.data;
  if (!refund) {
    return (
      <>
        <PageHeader back={back} eyebrow="Refund" title={<Skeleton.Input active size="small" style={{ width: 180 }} />} />
        <div className="mbo-refund-grid" role="status" aria-label="Loading the refund">
          <div>
            <Card>
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          </div>
          <div>
            <Card>
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          </div>
        </div>
      </>
    );
  }

  const timeline = refundTimeline(refund);
  return (
    <>
      <PageHeader back={back} eyebrow="Refund" title={<span className="mbo-refund-hero__amount">{displayMoney(refund.amount, refund.currency)}</span>}>
        <div className="mbo-refund-hero">
          <StatusTag tone={REFUND_STATUS_TONE[refund.status]}>{REFUND_STATUS_LABEL[refund.status] ?? refund.status}</StatusTag>
          <Typography.Text type="secondary">
            {refundReasonLabel(refund.reason)} · refund of payment{' '}
            <Link to={paymentDetailPath(refund.paymentId)} className="mbo-refunds-mono">
              {refund.paymentId}
            </Link>
          </Typography.Text>
        </div>
      </PageHeader>

      {refund.status === 'FAILED' ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="This refund failed"
          description={`${refund.failureReason ? `${refund.failureReason}. ` : ''}The amount went back to your available balance; the customer was not refunded.`}
        />
      ) : refund.status === 'PROCESSING' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="This refund is processing"
          description="The amount has left your available balance and is on its way to the customer. This page updates by itself."
        />
      ) : null}

      <div className="mbo-refund-grid">
        <div>
          <Facts refund={refund} timeZone={tz} />
          <Card title="Timeline" extra={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{timeZoneLabel(tz)}</Typography.Text>}>
            <Timeline
              items={timeline.map((e) => ({
                key: e.key,
                color: TIMELINE_COLORS[e.tone],
                content: (
                  <>
                    <Typography.Text strong>{e.title}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>
                        {formatDateTime(e.at, tz)}
                      </Typography.Text>
                    </div>
                    {e.note ? <div style={{ marginTop: 2 }}>{e.note}</div> : null}
                  </>
                ),
              }))}
            />
          </Card>
        </div>
        <div>
          <RefundPaymentCard payment={refund.payment} timeZone={tz} />
        </div>
      </div>
    </>
  );
}
