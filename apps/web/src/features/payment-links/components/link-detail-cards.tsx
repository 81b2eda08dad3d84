import { Button, Card, Input, Space, Statistic, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { displayMoney } from '@/lib/display-money';
import type { PaymentLinkDetail } from '@mbo/contracts/payment-links';
import MoneyText from '@/components/list/money-text';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { LinkQrCode } from './link-qr-code';
import { LinkStatusTag } from './link-status-tag';
import { useCopyLink } from './use-copy-link';

/** Single-use or reusable, as a tag. */
export function LinkTypeTag({ reusable }: { reusable: boolean }) {
  return (
    <Tag variant="outlined" style={{ marginInlineEnd: 0 }}>
      {reusable ? 'Reusable' : 'Single-use'}
    </Tag>
  );
}

/** What the link asks for and its life: amount, description, type, status and dates. */
export function LinkFactsCard({ link, timeZone }: { link: PaymentLinkDetail; timeZone: string | undefined }) {
  const time = (iso: string) => formatDateTime(iso, timeZone);
  const expired = link.status === 'EXPIRED';
  return (
    <Card title="Link details" extra={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{timeZoneLabel(timeZone)}</Typography.Text>}>
      <dl className="mbo-link-facts">
        <dt>Link ID</dt>
        <dd>
          <Typography.Text className="mbo-link-mono" copyable={{ text: link.linkId, tooltips: ['Copy link ID', 'Copied'] }}>
            {link.linkId}
          </Typography.Text>
        </dd>
        <dt>Amount</dt>
        <dd>
          <MoneyText amount={link.amount} currency={link.currency} strong />
        </dd>
        <dt>Description</dt>
        <dd>{link.description}</dd>
        <dt>Type</dt>
        <dd>{link.reusable ? 'Reusable: any number of customers can pay it' : 'Single-use: the first successful payment uses it up'}</dd>
        <dt>Status</dt>
        <dd>
          <LinkStatusTag status={link.status} />
        </dd>
        <dt>Created</dt>
        <dd style={{ fontVariantNumeric: 'tabular-nums' }}>{time(link.createdAt)}</dd>
        <dt>{expired ? 'Expired' : 'Expires'}</dt>
        <dd style={{ fontVariantNumeric: 'tabular-nums' }}>{time(link.expiresAt)}</dd>
        {link.deactivatedAt ? (
          <>
            <dt>Deactivated</dt>
            <dd style={{ fontVariantNumeric: 'tabular-nums' }}>{time(link.deactivatedAt)}</dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}

/** The link's payments summed up. */
export function LinkTotalsCard({ link }: { link: PaymentLinkDetail }) {
  const { totals } = link;
  return (
    <Card title="Totals">
      <div className="mbo-link-totals">
        <Statistic title="Collected" value={displayMoney(totals.succeededAmount, link.currency)} />
        <Statistic title="Succeeded" value={totals.succeeded} />
        <Statistic title="Payments" value={totals.payments} />
        <Statistic title="Pending" value={totals.pending} />
        <Statistic title="Failed" value={totals.failed} />
      </div>
    </Card>
  );
}

/** The customer-facing URL with copy, and its QR code. */
export function LinkShareCard({ link }: { link: PaymentLinkDetail }) {
  const copy = useCopyLink();
  return (
    <Card title="Share">
      <div className="mbo-link-share">
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={link.url} aria-label="Payment link URL" className="mbo-link-mono" onFocus={(e) => e.currentTarget.select()} />
          <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy(link.url)}>
            Copy link
          </Button>
        </Space.Compact>
        {link.status !== 'ACTIVE' ? (
          <Typography.Text type="secondary">This link no longer takes payments: customers who open it are told so.</Typography.Text>
        ) : null}
        <LinkQrCode url={link.url} fileName={`payment-link-${link.linkId}`} withLink={false} size={176} />
      </div>
    </Card>
  );
}
