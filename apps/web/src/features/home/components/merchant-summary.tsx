import { Tag, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { codeLabel, MERCHANT_PRODUCT_LABELS } from '@mbo/contracts/code-labels';
import type { CurrentUser } from '@mbo/contracts/usercenter';
import { timeZoneLabel } from '@/lib/format-time';

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
        {codeLabel(MERCHANT_PRODUCT_LABELS, user.merchantSignProducts)}
      </Tag>
      <Typography.Text type="secondary">
        <ClockCircleOutlined aria-hidden /> {timeZoneLabel(user.timeZone)}
      </Typography.Text>
    </div>
  );
}
