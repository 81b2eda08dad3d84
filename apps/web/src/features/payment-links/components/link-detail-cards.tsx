import { Link } from 'react-router';
import { Alert, Button, Flex, Input, Space, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { PaymentLinkDetail } from '@mbo/contracts/payment-links';
import { DetailCard, DetailFigures, DetailTime } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import { displayMoney } from '@/lib/display-money';
import { describePlan } from '@/lib/display-plan';
import { paymentDetailPath } from '../utils/link-paths';
import { LinkPlanTag } from './link-plan-tag';
import { LinkQrCode } from './link-qr-code';
import { LinkStatusTag } from './link-status-tag';
import { useCopyLink } from './use-copy-link';

type Props = { link: PaymentLinkDetail };

/** Single-use or reusable, as a tag. */
export function LinkTypeTag({ reusable }: { reusable: boolean }) {
  return (
    <Tag variant="outlined" style={{ marginInlineEnd: 0 }}>
      {reusable ? 'Reusable' : 'Single-use'}
    </Tag>
  );
}

/** Status and type, side by side in the header. */
export function LinkTags({ link }: Props) {
  return (
    <Space wrap size={8} align="center">
      <LinkStatusTag status={link.status} />
      <LinkTypeTag reusable={link.reusable} />
      <LinkPlanTag plan={link.subscription} />
    </Space>
  );
}

/** A single-use link held by a pending payment: why nobody else can pay it, and what happens next. */
export function LinkHoldNotice({ link }: Props) {
  if (!link.pendingPaymentId) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title="A payment of this link is pending"
      description={
        <>
          Until payment{' '}
          <Link to={paymentDetailPath(link.pendingPaymentId)} className="mbo-detail-mono">
            {link.pendingPaymentId}
          </Link>{' '}
          completes, nobody else can pay this single-use link; customers who open it are told it is being paid. If the
          payment succeeds the link becomes paid; if it fails the link opens again.
        </>
      }
    />
  );
}

/** What the link asks for and its life: amount, description, type, status and dates. */
export function LinkFactsCard({ link }: Props) {
  return (
    <DetailCard
      title="Link details"
      zone
      facts={[
        [
          link.subscription ? 'Amount per cycle' : 'Amount',
          <MoneyText amount={link.amount} currency={link.currency} strong />,
        ],
        !!link.subscription && [
          'Subscription',
          `Charged ${describePlan(link.subscription)}; paying the link starts an agreement`,
        ],
        ['Description', link.description],
        [
          'Type',
          link.reusable
            ? 'Reusable: any number of customers can pay it'
            : 'Single-use: the first successful payment uses it up',
        ],
        ['Status', <LinkStatusTag status={link.status} />],
        ['Created', <DetailTime iso={link.createdAt} />],
        [link.status === 'EXPIRED' ? 'Expired' : 'Expires', <DetailTime iso={link.expiresAt} />],
        !!link.deactivatedAt && ['Deactivated', <DetailTime iso={link.deactivatedAt} />],
      ]}
    />
  );
}

/** The link's payments summed up. */
export function LinkTotalsCard({ link }: Props) {
  const { totals } = link;
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    <DetailCard title="Totals">
      <DetailFigures
        figures={[
          { label: 'Collected', value: displayMoney(totals.succeededAmount, link.currency) },
          { label: 'Succeeded', value: count(totals.succeeded) },
          { label: 'Payments', value: count(totals.payments) },
          { label: 'Pending', value: count(totals.pending) },
          { label: 'Failed', value: count(totals.failed) },
        ]}
      />
    </DetailCard>
  );
}

/** The customer-facing URL with copy, and its QR code. */
export function LinkShareCard({ link }: Props) {
  const copy = useCopyLink();
  return (
    <DetailCard title="Share">
      <Flex vertical gap={12}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            readOnly
            value={link.url}
            aria-label="Payment link URL"
            className="mbo-detail-mono"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy(link.url)}>
            Copy link
          </Button>
        </Space.Compact>
        {link.status !== 'ACTIVE' ? (
          <Typography.Text type="secondary">
            This link no longer takes payments: customers who open it are told so.
          </Typography.Text>
        ) : null}
        <LinkQrCode url={link.url} fileName={`payment-link-${link.linkId}`} withLink={false} size={176} />
      </Flex>
    </DetailCard>
  );
}
