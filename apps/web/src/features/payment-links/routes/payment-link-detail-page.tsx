import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton, Space } from 'antd';
import { displayMoney } from '@/lib/display-money';
import PageHeader from '@/components/page-header';
import { useGlobalState } from '@/lib/global-state';
import { isLinkNotFound, paymentLinkDetailQueryOptions } from '../api/get-payment-link-detail';
import { LinkFactsCard, LinkShareCard, LinkTotalsCard, LinkTypeTag } from '../components/link-detail-cards';
import { LinkPaymentsTable } from '../components/link-payments-table';
import { LinkStatusTag } from '../components/link-status-tag';
import { PAYMENT_LINKS_URL, paymentDetailPath } from '../utils/link-paths';
import '../components/payment-link-detail.css';

const BACK = { to: PAYMENT_LINKS_URL, label: 'Payment links' };

function NotFound({ linkId }: { linkId: string }) {
  return (
    <Card>
      <Result
        status="404"
        title="Payment link not found"
        subTitle={
          linkId
            ? `There is no payment link ${linkId} in this merchant account. Check the id, or switch to the merchant it belongs to.`
            : 'No payment link was given. Open a link from the payment links list.'
        }
        extra={
          <Link to={PAYMENT_LINKS_URL}>
            <Button type="primary">Back to payment links</Button>
          </Link>
        }
      />
    </Card>
  );
}

/** /transactions/payment_link/detail?linkId=: the link (URL, QR code), its totals and its payments. */
export default function PaymentLinkDetailPage() {
  const [params] = useSearchParams();
  const linkId = (params.get('linkId') ?? '').trim();
  const valid = linkId.length > 0 && linkId.length <= 64;
  const { user } = useGlobalState();
  const tz = user?.timeZone;
  const query = useQuery({ ...paymentLinkDetailQueryOptions(linkId), enabled: valid });

  if (!valid || isLinkNotFound(query.error)) {
    return (
      <>
        <PageHeader back={BACK} eyebrow="Payment link" title="Payment link" />
        <NotFound linkId={linkId} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader back={BACK} eyebrow="Payment link" title="Payment link" />
        <Alert
          type="error"
          showIcon
          title="This payment link could not be loaded."
          description={query.error instanceof Error ? query.error.message : undefined}
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      </>
    );
  }
  const link = query.data;
  if (!link) {
    return (
      <>
        <PageHeader back={BACK} eyebrow="Payment link" title={<Skeleton.Input active size="small" style={{ width: 180 }} />} />
        <Card role="status" aria-label="Loading the payment link">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader back={BACK} eyebrow="Payment link" title={displayMoney(link.amount, link.currency)} subtitle={link.description}>
        <Space wrap size={8} align="center">
          <LinkStatusTag status={link.status} />
          <LinkTypeTag reusable={link.reusable} />
        </Space>
      </PageHeader>

      {link.pendingPaymentId ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="A payment of this link is pending"
          description={
            <>
              Until payment{' '}
              <Link to={paymentDetailPath(link.pendingPaymentId)} className="mbo-link-mono">
                {link.pendingPaymentId}
              </Link>{' '}
              completes, nobody else can pay this single-use link; customers who open it are told it is being paid. If the payment
              succeeds the link becomes paid; if it fails the link opens again.
            </>
          }
        />
      ) : null}

      <div className="mbo-link-detail-grid">
        <div>
          <LinkFactsCard link={link} timeZone={tz} />
          <LinkPaymentsTable linkId={link.linkId} timeZone={tz} />
        </div>
        <div>
          <LinkTotalsCard link={link} />
          <LinkShareCard link={link} />
        </div>
      </div>
    </>
  );
}
