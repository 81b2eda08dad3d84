import { Tag, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@mbo/contracts/usercenter';
import { timeZoneLabel } from '@/lib/format-time';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';

/** Under the greeting: merchant id (copyable), product type and time zone of the session's merchant. */
export function MerchantSummary({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('home');
  const label = useLabel();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px 16px', marginTop: 8 }}>
      <Typography.Text type="secondary">
        {t('merchantId')}{' '}
        <Typography.Text
          copyable={{ text: user.merchantId, tooltips: [t('copyMerchantId'), t('copied')] }}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
        >
          {user.merchantId}
        </Typography.Text>
      </Typography.Text>
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        {label('MERCHANT_PRODUCTS', user.merchantSignProducts)}
      </Tag>
      <Typography.Text type="secondary">
        <ClockCircleOutlined aria-hidden /> {timeZoneLabel(user.timeZone)}
      </Typography.Text>
    </div>
  );
}
