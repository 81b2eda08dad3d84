import { Tag, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { CurrentUser, MerchantProduct } from '@mbo/contracts/usercenter';
import { timeZoneLabel } from '@/lib/format-time';

const PRODUCT_LABELS: Record<MerchantProduct, string> = {
  DIRECT_PAYMENT: 'Direct payment',
  PAYOUT: 'Payout',
};

/** Under the greeting: merchant id (copyable), product type and time zone of the session's merchant. */
export function MerchantSummary({ user }: { user: CurrentUser }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px 16px', marginTop: 8 }}>
      <Typography.Text type="secondary">
        Merchant ID{' '}
        <Typography.Text
          copyable={{ text: user.merchantId, tooltips: ['Copy merchant ID', 'Copied'] }}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
        >
          {user.merchantId}
        </Typography.Text>
      </Typography.Text>
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        {PRODUCT_LABELS[user.merchantSignProducts] ?? user.merchantSignProducts}
      </Tag>
      <Typography.Text type="secondary">
        <ClockCircleOutlined aria-hidden /> {timeZoneLabel(user.timeZone)}
      </Typography.Text>
    </div>
  );
}
